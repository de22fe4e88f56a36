import type { Model, Types } from 'mongoose';
import type { FirebaseAuthService } from '../auth/firebase-auth.service';
import type { User, UserData } from './schemas/user.schema';

/**
 * A record's address as its Firebase account knows it: where the user's mail goes, and whether
 * the record has shown it owns the address.
 */
export class UserAddresses {
  constructor(
    private readonly users: Model<User>,
    private readonly firebaseAuth: FirebaseAuthService,
  ) {}

  /**
   * Where mail for a user goes: their Firebase account's address when it is verified (the
   * account is where they sign in, and follows their changes of address), else the record's.
   * `fallback` when there is no record (a guest's contact-form ticket, an order whose record
   * was deleted).
   */
  async mailAddressOf(
    userId: Types.ObjectId | string | null | undefined,
    fallback: string,
  ): Promise<string> {
    if (!userId) return fallback;
    const user = await this.users
      .findById(userId)
      .select({ userEmail: 1, firebaseUid: 1 })
      .lean<Pick<UserData, 'userEmail' | 'firebaseUid'>>();
    if (!user) return fallback;
    if (!user.firebaseUid) return user.userEmail;
    try {
      const account = await this.firebaseAuth.auth.getUser(user.firebaseUid);
      return account.email && account.emailVerified ? account.email.toLowerCase() : user.userEmail;
    } catch {
      // Firebase cannot say now (or the account is gone): the record's address.
      return user.userEmail;
    }
  }

  /**
   * The record that has shown it owns an address, or null: one no account has claimed yet (made
   * for that address before accounts were bound), or one whose Firebase account has verified it.
   * What was left under an address (legacy orders and images) goes only to such a record, never
   * to one an unverified account made by typing the address.
   */
  async verifiedOwnerOfEmail(email: string): Promise<string | null> {
    const user = await this.users
      .findOne({ userEmail: email })
      .select({ firebaseUid: 1 })
      .lean<Pick<UserData, '_id' | 'firebaseUid'>>();
    if (!user) return null;
    if (user.firebaseUid) {
      const account = await this.firebaseAuth.auth.getUser(user.firebaseUid).catch(() => null);
      if (!account?.emailVerified || account.email?.toLowerCase() !== email) return null;
    }
    return user._id.toHexString();
  }
}
