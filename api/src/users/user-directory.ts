import type { AdminListEntry, UserRecord, userListQuerySchema } from '@coldmail/contracts';
import type { z } from 'zod';
import type { Model } from 'mongoose';
import { containsText } from '../common/search';
import type { User, UserData } from './schemas/user.schema';
import { toUserRecord } from './user-records';

/** The admin directory of users: its list, its pages, its export, and the list of admins. */
export class UserDirectory {
  constructor(private readonly users: Model<User>) {}

  /** Newest first, as the admin directory shows them. */
  async list(): Promise<UserRecord[]> {
    const users = await this.users.find().sort({ createdAt: -1, _id: -1 }).lean<UserData[]>();
    return users.map(toUserRecord);
  }

  /** What the admin directory selects: `q` matches name, e-mail or role, any case. */
  private adminSelection({ q, sort, dir }: z.output<typeof userListQuerySchema>) {
    const pattern = q ? containsText(q) : null;
    const filter = pattern
      ? { $or: [{ userName: pattern }, { userEmail: pattern }, { userRole: pattern }] }
      : {};
    const order = dir === 'asc' ? 1 : -1;
    return { filter, sort: { [sort]: order, _id: order } as const, searched: !!pattern };
  }

  /** One page of the admin directory. */
  async adminPage(query: z.output<typeof userListQuerySchema>) {
    const { page, pageSize } = query;
    const { filter, sort, searched } = this.adminSelection(query);
    const [users, total] = await Promise.all([
      this.users
        .find(filter)
        .sort(sort)
        .skip((page - 1) * pageSize)
        .limit(pageSize)
        .lean<UserData[]>(),
      // Without a search the collection's count is enough (no scan of every document).
      searched ? this.users.countDocuments(filter) : this.users.estimatedDocumentCount(),
    ]);
    return { items: users.map(toUserRecord), total, page, pageSize };
  }

  /** Every user the directory selects, in its order, read as it is sent (the export). */
  async *adminRows(query: z.output<typeof userListQuerySchema>): AsyncIterable<UserRecord> {
    const { filter, sort } = this.adminSelection(query);
    for await (const user of this.users.find(filter).sort(sort).lean<UserData[]>().cursor()) {
      yield toUserRecord(user as UserData);
    }
  }

  async listAdmins(): Promise<AdminListEntry[]> {
    const admins = await this.users
      .find({ userRole: 'Admin' })
      .select({ userName: 1, userEmail: 1 })
      .sort({ createdAt: 1 })
      .lean<Pick<UserData, '_id' | 'userName' | 'userEmail'>[]>();
    return admins.map((admin) => ({
      _id: admin._id.toHexString(),
      userName: admin.userName,
      UserEmail: admin.userEmail,
      userEmail: admin.userEmail,
    }));
  }
}
