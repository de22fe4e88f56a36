import { createHash } from 'node:crypto';
import { Injectable, OnModuleInit } from '@nestjs/common';
import { InjectModel } from '@nestjs/mongoose';
import type { LandingContent } from '@coldmail/contracts';
import type { Model } from 'mongoose';
import sanitizeHtml from 'sanitize-html';
import type { AuthContext } from '../auth/auth-context';
import { AuditService } from '../audit/audit.service';
import { withoutEchoedFields } from '../common/echoed-record';
import { plainText } from '../common/plain-text';
import { ChangeFeed } from '../database/change-feed';
import {
  contentBlocks,
  landingReadNames,
  type ContentBlockName,
  type ContentSettings,
} from './content-blocks';
import { ContentBlockRecord } from './schemas/content-block.schema';

/** A block as served: its settings, a version for ETag and when it last changed. */
export interface ServedBlock<Name extends ContentBlockName> {
  settings: ContentSettings<Name>;
  etag: string;
  updatedAt: Date | null;
}

/** Fields whose text may keep a little formatting (shown through the same sanitiser). */
const FORMATTED_FIELDS = new Set(['copyrightText']);
const FORMATTING: sanitizeHtml.IOptions = {
  allowedTags: ['a', 'b', 'strong', 'em', 'i', 'br'],
  allowedAttributes: { a: ['href'] },
  allowedSchemes: ['http', 'https', 'mailto'],
};

/** Every string in a saved block without markup (a few formatting tags where a field allows). */
function sanitized(value: unknown, field = ''): unknown {
  if (typeof value === 'string') {
    return FORMATTED_FIELDS.has(field) ? sanitizeHtml(value, FORMATTING) : plainText(value);
  }
  if (Array.isArray(value)) return value.map((item) => sanitized(item, field));
  if (value && typeof value === 'object') {
    return Object.fromEntries(
      Object.entries(value).map(([key, inner]) => [key, sanitized(inner, key)]),
    );
  }
  return value;
}

/**
 * How long one instance answers a block from memory. Its own writes drop it at once, and the
 * other instances' once the ChangeFeed tells them (within a second); this bounds how long a
 * change takes to show here if that word never arrives, as for the packages.
 */
const BLOCK_TTL_MS = 5_000;

const etagOf = (value: unknown) =>
  `"${createHash('sha1').update(JSON.stringify(value)).digest('base64url').slice(0, 27)}"`;

/**
 * The admin-edited content blocks; the only code that touches their collection. Reads are served
 * from memory (the landing page reads them on every visit) and invalidated on every write, on
 * every instance (the ChangeFeed).
 */
@Injectable()
export class ContentService implements OnModuleInit {
  private readonly cache = new Map<
    ContentBlockName,
    { readAt: number; block: Promise<ServedBlock<ContentBlockName>> }
  >();

  constructor(
    @InjectModel(ContentBlockRecord.name) private readonly blocks: Model<ContentBlockRecord>,
    private readonly audit: AuditService,
    private readonly feed: ChangeFeed,
  ) {
    // Another instance saved a block: read it again.
    feed.subscribe('content', (names) => {
      if (names.length === 0) this.cache.clear();
      for (const name of names) this.cache.delete(name as ContentBlockName);
    });
  }

  /** One document per block (a unique index): it must exist before the first save relies on it. */
  async onModuleInit(): Promise<void> {
    await this.blocks.init();
  }

  /** What an admin saved for the block, over its defaults (for fields never saved). */
  async read<Name extends ContentBlockName>(name: Name): Promise<ContentSettings<Name>> {
    return (await this.served(name)).settings;
  }

  async served<Name extends ContentBlockName>(name: Name): Promise<ServedBlock<Name>> {
    const now = Date.now();
    let entry = this.cache.get(name);
    if (!entry || now - entry.readAt >= BLOCK_TTL_MS) {
      const block = this.load(name);
      const read = { readAt: now, block };
      entry = read;
      this.cache.set(name, read);
      // A failed read is not remembered: the next request tries again.
      block.catch(() => {
        if (this.cache.get(name) === read) this.cache.delete(name);
      });
    }
    return (await entry.block) as ServedBlock<Name>;
  }

  private async load<Name extends ContentBlockName>(name: Name): Promise<ServedBlock<Name>> {
    const stored = await this.blocks
      .findOne({ block: name })
      .select({ settings: 1, updatedAt: 1 })
      .lean<Pick<ContentBlockRecord, 'settings'> & { updatedAt?: Date }>();
    const { schema, defaults } = contentBlocks[name];
    const settings = schema.parse({ ...defaults(), ...stored?.settings }) as ContentSettings<Name>;
    return { settings, etag: etagOf(settings), updatedAt: stored?.updatedAt ?? null };
  }

  /** Every block in one read; an inactive block is null (the page leaves it out). */
  async landing(): Promise<{ content: LandingContent; etag: string }> {
    const served = await Promise.all(landingReadNames.map((name) => this.served(name)));
    const content = Object.fromEntries(
      landingReadNames.map((name, index) => {
        const settings = served[index]?.settings as { isActive?: boolean } | undefined;
        return [name, settings?.isActive ? settings : null];
      }),
    ) as LandingContent;
    return { content, etag: etagOf(served.map((block) => block.etag)) };
  }

  /**
   * Saves an admin's edit (already validated); an omitted isActive keeps the current one, and
   * what the body only echoed of the block (echoedFieldsOf) is not saved.
   */
  async save<Name extends ContentBlockName>(
    admin: AuthContext,
    name: Name,
    body: Partial<ContentSettings<Name>>,
  ): Promise<ContentSettings<Name>> {
    const before = await this.read(name);
    const next = {
      ...before,
      ...(sanitized(withoutEchoedFields(body, contentBlocks[name].body)) as object),
      isActive:
        (body as { isActive?: boolean }).isActive ?? (before as { isActive: boolean }).isActive,
    };
    return this.write(admin, name, 'update', before, next);
  }

  async toggle<Name extends ContentBlockName>(admin: AuthContext, name: Name) {
    const before = await this.read(name);
    const isActive = !(before as { isActive: boolean }).isActive;
    return this.write(admin, name, 'toggle', before, { ...before, isActive });
  }

  async reset<Name extends ContentBlockName>(admin: AuthContext, name: Name) {
    const before = await this.read(name);
    return this.write(admin, name, 'reset', before, contentBlocks[name].defaults());
  }

  private async write<Name extends ContentBlockName>(
    admin: AuthContext,
    name: Name,
    verb: 'update' | 'toggle' | 'reset',
    before: ContentSettings<Name>,
    next: unknown,
  ): Promise<ContentSettings<Name>> {
    const settings = contentBlocks[name].schema.parse(next) as ContentSettings<Name>;
    await this.blocks.updateOne(
      { block: name },
      { $set: { settings } },
      { upsert: true, setDefaultsOnInsert: true },
    );
    this.cache.delete(name);
    await this.feed.publish('content', [name]);
    await this.audit.record(admin, {
      action: `content.${name.replace(/[A-Z]/g, (letter) => `-${letter.toLowerCase()}`)}.${verb}`,
      target: { kind: 'content', label: contentBlocks[name].label },
      before,
      after: settings,
    });
    return settings;
  }
}
