import { Injectable, Logger } from '@nestjs/common';
import { InjectModel } from '@nestjs/mongoose';
import type { AuditEntry as AuditEntryRecord, AuditPage, AuditQuery } from '@coldmail/contracts';
import { Model, trusted, Types, type QueryFilter } from 'mongoose';
import type { AuthContext } from '../auth/auth-context';
import { AuditEntry, type AuditEntryData } from './schemas/audit-entry.schema';

/** Field names whose values never reach the log, at any depth. */
const SECRET_FIELDS = /^(clientSecret|secret|key|apiKey|password|token|accessToken)$/i;
const MASK = '••••';

export interface AuditChange {
  /** `<thing>.<verb>`, e.g. 'user.update', 'package.delete', 'content.banner.reset'. */
  action: string;
  target: { kind: string; id?: string | null; label?: string | null };
  before?: unknown;
  after?: unknown;
}

/** Masks secret fields and turns ids and dates into plain JSON values. */
function redactSecrets(value: unknown): unknown {
  if (value === null || value === undefined) return null;
  if (value instanceof Date) return value.toISOString();
  if (value instanceof Types.ObjectId) return value.toHexString();
  if (Array.isArray(value)) return value.map(redactSecrets);
  if (typeof value === 'object') {
    return Object.fromEntries(
      Object.entries(value as Record<string, unknown>).map(([field, inner]) => [
        field,
        SECRET_FIELDS.test(field) && inner ? MASK : redactSecrets(inner),
      ]),
    );
  }
  return value;
}

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

/**
 * The audit log of admin changes. Recording is awaited by the caller after its change succeeded;
 * a failure to record is logged loudly but does not undo or fail the admin's change.
 */
@Injectable()
export class AuditService {
  private readonly logger = new Logger(AuditService.name);

  constructor(@InjectModel(AuditEntry.name) private readonly entries: Model<AuditEntry>) {}

  async record(actor: AuthContext, change: AuditChange): Promise<void> {
    try {
      await this.entries.create({
        at: new Date(),
        action: change.action,
        actor: {
          email: actor.email,
          userId: actor.user ? new Types.ObjectId(actor.user._id) : null,
        },
        target: {
          kind: change.target.kind,
          id: change.target.id ?? null,
          label: change.target.label ?? null,
        },
        before: redactSecrets(change.before),
        after: redactSecrets(change.after),
      });
    } catch (error) {
      this.logger.error(
        `Could not record ${change.action} by ${actor.email}: ${error instanceof Error ? error.message : String(error)}`,
      );
    }
  }

  /**
   * Whether an operator or an admin gave a user record this role since `since`: an `admin grant`,
   * the ADMIN_EMAILS bootstrap, or an admin's edit of the user.
   */
  async roleGivenSince(userId: string, role: string, since: Date): Promise<boolean> {
    const given = await this.entries.exists({
      action: trusted({ $in: ['user.admin.grant', 'user.admin.bootstrap', 'user.update'] }),
      'target.id': userId,
      'after.userRole': role,
      at: trusted({ $gte: since }),
    });
    return given !== null;
  }

  /** What the audit log's filters select. */
  private selection(query: AuditQuery): QueryFilter<AuditEntry> {
    const filter: QueryFilter<AuditEntry> = {};
    if (query.action) filter.action = query.action;
    if (query.targetKind) filter['target.kind'] = query.targetKind;
    if (query.actor) filter['actor.email'] = new RegExp(escapeRegExp(query.actor.toLowerCase()));
    if (query.from || query.to) {
      // trusted(): the connection sanitises operator objects in filters; these are our own.
      filter.at = trusted({
        ...(query.from ? { $gte: new Date(`${query.from}T00:00:00.000Z`) } : {}),
        ...(query.to ? { $lte: new Date(`${query.to}T23:59:59.999Z`) } : {}),
      });
    }
    return filter;
  }

  async list(query: AuditQuery): Promise<AuditPage> {
    const { page, pageSize } = query;
    const filter = this.selection(query);
    const [entries, total] = await Promise.all([
      this.entries
        .find(filter)
        .sort(NEWEST_FIRST)
        .skip((page - 1) * pageSize)
        .limit(pageSize)
        .lean<AuditEntryData[]>(),
      // Without a filter the collection's count is enough (no scan of every entry).
      Object.keys(filter).length > 0
        ? this.entries.countDocuments(filter)
        : this.entries.estimatedDocumentCount(),
    ]);
    return { items: entries.map(toAuditRecord), total, page, pageSize };
  }

  /** Every entry the filters select, newest first, read as it is sent (the export). */
  async *rows(query: AuditQuery): AsyncIterable<AuditEntryRecord> {
    const cursor = this.entries
      .find(this.selection(query))
      .sort(NEWEST_FIRST)
      .lean<AuditEntryData[]>()
      .cursor();
    for await (const entry of cursor) yield toAuditRecord(entry as AuditEntryData);
  }
}

const NEWEST_FIRST = { at: -1, _id: -1 } as const;

function toAuditRecord(entry: AuditEntryData): AuditEntryRecord {
  return {
    _id: entry._id.toHexString(),
    at: entry.at.toISOString(),
    action: entry.action,
    actor: { email: entry.actor.email, userId: entry.actor.userId?.toHexString() ?? null },
    target: {
      kind: entry.target.kind,
      id: entry.target.id ?? null,
      label: entry.target.label ?? null,
    },
    before: entry.before ?? null,
    after: entry.after ?? null,
  };
}
