import { ConflictException, Injectable, NotFoundException, OnModuleInit } from '@nestjs/common';
import { InjectModel } from '@nestjs/mongoose';
import {
  MAX_PACKAGES,
  packagePointKeys,
  type CreditPackage as PricedPackage,
  type PackageBody,
} from '@coldmail/contracts';
import { Model, mongo } from 'mongoose';
import { ChangeFeed } from '../database/change-feed';
import { CreditPackage, CreditPackageData } from './schemas/package.schema';

/** A package as stored; its answers add the store's currency (PackagesController). */
type CreditPackageRecord = Omit<PricedPackage, 'currency'>;

const MAX_PACKAGES_MESSAGE = `Maximum ${MAX_PACKAGES} packages allowed`;
/**
 * How long one instance answers GET /packages from memory. Its own writes drop the list at once,
 * and the other instances' once the ChangeFeed tells them (within a second); this bounds how long
 * a change takes to show here if that word never arrives.
 */
const LIST_TTL_MS = 5_000;

/** Credit packages: the store's catalogue, at most MAX_PACKAGES of them. */
/** A package as an admin saves it: the body without what the server owns or ignores. */
export type PackageFields = Omit<PackageBody, 'sellerEmail'>;

@Injectable()
export class PackagesService implements OnModuleInit {
  /** The catalogue as last read (shared by concurrent readers; never mutate what it gives). */
  private listed: { readAt: number; packages: Promise<CreditPackageRecord[]> } | null = null;

  constructor(
    @InjectModel(CreditPackage.name) private readonly packages: Model<CreditPackage>,
    private readonly feed: ChangeFeed,
  ) {
    feed.subscribe('packages', () => (this.listed = null));
  }

  /** The unique slot index must exist before the first add relies on it. */
  async onModuleInit(): Promise<void> {
    await this.packages.init();
  }

  /**
   * In the order they were added, as the landing page and the admin screen show them; from
   * memory (every visitor's landing page reads it), read again after a write or LIST_TTL_MS.
   */
  list(): Promise<CreditPackageRecord[]> {
    const now = Date.now();
    if (!this.listed || now - this.listed.readAt >= LIST_TTL_MS) {
      const packages = this.readList();
      this.listed = { readAt: now, packages };
      // A failed read is not kept.
      packages.catch(() => {
        if (this.listed?.packages === packages) this.listed = null;
      });
    }
    return this.listed.packages;
  }

  private async readList(): Promise<CreditPackageRecord[]> {
    const packages = await this.packages
      .find()
      .sort({ createdAt: 1, _id: 1 })
      .lean<CreditPackageData[]>();
    return packages.map(toPackageRecord);
  }

  async findById(id: string): Promise<CreditPackageRecord | null> {
    const found = await this.packages.findById(id).lean<CreditPackageData>();
    return found ? toPackageRecord(found) : null;
  }

  async get(id: string): Promise<CreditPackageRecord> {
    const found = await this.findById(id);
    if (!found) throw new NotFoundException('Package not found');
    return found;
  }

  /**
   * Adds a package in a free slot. Two concurrent adds that pick the same last slot collide on
   * the unique index: the loser looks again, finds no slot, and is refused.
   */
  async add(body: PackageFields): Promise<CreditPackageRecord> {
    // Each collision means another add took a slot, so this ends within MAX_PACKAGES rounds.
    for (let round = 0; round <= MAX_PACKAGES; round++) {
      const used = new Set(
        (await this.packages.find().select({ slot: 1 }).lean<{ slot: number }[]>()).map(
          (found) => found.slot,
        ),
      );
      const slot = Array.from({ length: MAX_PACKAGES }, (_, index) => index + 1).find(
        (candidate) => !used.has(candidate),
      );
      if (slot === undefined) throw new ConflictException(MAX_PACKAGES_MESSAGE);
      try {
        const created = await this.packages.create({ ...withoutEmpty(body), slot });
        await this.changed();
        return toPackageRecord(created.toObject<CreditPackageData>());
      } catch (error) {
        if (!(error instanceof mongo.MongoServerError && error.code === 11000)) throw error;
      }
    }
    throw new ConflictException(MAX_PACKAGES_MESSAGE);
  }

  /** Sets the given fields; an empty feature line or icon is removed. */
  async update(id: string, body: PackageFields): Promise<CreditPackageRecord> {
    const cleared = [...packagePointKeys, 'icon' as const].filter((key) => body[key] === '');
    const updated = await this.packages
      .findByIdAndUpdate(
        id,
        {
          $set: withoutEmpty(body),
          ...(cleared.length > 0
            ? { $unset: Object.fromEntries(cleared.map((key) => [key, 1])) }
            : {}),
        },
        { returnDocument: 'after', runValidators: true },
      )
      .lean<CreditPackageData>();
    await this.changed();
    if (!updated) throw new NotFoundException('Package not found');
    return toPackageRecord(updated);
  }

  /** Orders keep their own copy of the package's name, price and credits. */
  async delete(id: string): Promise<void> {
    const result = await this.packages.deleteOne({ _id: id });
    await this.changed();
    if (result.deletedCount === 0) throw new NotFoundException('Package not found');
  }

  /** The catalogue changed here: read again, here and on the other instances. */
  private changed(): Promise<void> {
    this.listed = null;
    return this.feed.publish('packages');
  }

  /** For the dev seed: adds the demo packages to a store that has none. */
  async seedIfEmpty(demo: readonly PackageFields[]): Promise<boolean> {
    if ((await this.packages.estimatedDocumentCount()) > 0) return false;
    for (const body of demo.slice(0, MAX_PACKAGES)) await this.add(body);
    return true;
  }
}

/** Empty optional strings are not stored. */
function withoutEmpty(body: PackageFields): Partial<PackageFields> {
  return Object.fromEntries(
    Object.entries(body).filter(([, value]) => value !== '' && value !== undefined),
  ) as Partial<PackageFields>;
}

function toPackageRecord(found: CreditPackageData): CreditPackageRecord {
  const points = Object.fromEntries(
    packagePointKeys.flatMap((key) => (found[key] ? [[key, found[key]]] : [])),
  );
  return {
    _id: found._id.toHexString(),
    packageName: found.packageName,
    price: found.price,
    credit: found.credit,
    validity: found.validity,
    ...(found.icon ? { icon: found.icon } : {}),
    ...points,
    createdAt: found.createdAt.toISOString(),
    updatedAt: found.updatedAt.toISOString(),
  };
}
