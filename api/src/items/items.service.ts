import { ConflictException, Injectable, NotFoundException, OnModuleInit } from '@nestjs/common';
import { InjectModel } from '@nestjs/mongoose';
import type {
  AdminItem as PricedAdminItem,
  Item as PricedItem,
  ItemBody,
} from '@coldmail/contracts';
import { Model, mongo } from 'mongoose';
import { Item, ItemData } from './schemas/item.schema';

/** An item as stored; its answers add the store's currency (ItemsController). */
type AdminItem = Omit<PricedAdminItem, 'currency'>;
type ItemRecord = Omit<PricedItem, 'currency'>;

const SLUG_TAKEN = 'Another item already uses this slug';
const OPTIONAL_FIELDS = ['imageUrl', 'guidelines'] as const;

/** Digital items for sale. The access URL leaves this service only through toAdminItem. */
@Injectable()
export class ItemsService implements OnModuleInit {
  constructor(@InjectModel(Item.name) private readonly items: Model<Item>) {}

  async onModuleInit(): Promise<void> {
    await this.items.init();
  }

  /** Newest first. */
  async list(): Promise<AdminItem[]> {
    const items = await this.items.find().sort({ createdAt: -1, _id: -1 }).lean<ItemData[]>();
    return items.map(toAdminItem);
  }

  /** With its access URL: callers decide who may see it. */
  async findById(id: string): Promise<AdminItem | null> {
    const found = await this.items.findById(id).lean<ItemData>();
    return found ? toAdminItem(found) : null;
  }

  async create(body: ItemBody): Promise<AdminItem> {
    try {
      const created = await this.items.create(withoutEmpty(body));
      return toAdminItem(created.toObject<ItemData>());
    } catch (error) {
      throw slugConflictOr(error);
    }
  }

  /** Replaces every field; optional fields left out (or empty) are removed. */
  async update(id: string, body: ItemBody): Promise<AdminItem> {
    const removed = OPTIONAL_FIELDS.filter((field) => !body[field]);
    let updated: ItemData | null;
    try {
      updated = await this.items
        .findByIdAndUpdate(
          id,
          {
            $set: withoutEmpty(body),
            ...(removed.length > 0
              ? { $unset: Object.fromEntries(removed.map((field) => [field, 1])) }
              : {}),
          },
          { returnDocument: 'after', runValidators: true },
        )
        .lean<ItemData>();
    } catch (error) {
      throw slugConflictOr(error);
    }
    if (!updated) throw new NotFoundException('Item not found');
    return toAdminItem(updated);
  }

  /** Orders keep their own copy of the item's name, price and access URL. */
  async delete(id: string): Promise<void> {
    const result = await this.items.deleteOne({ _id: id });
    if (result.deletedCount === 0) throw new NotFoundException('Item not found');
  }

  /** For the dev seed: adds the demo items when there are none. */
  async seedIfEmpty(demo: readonly ItemBody[]): Promise<boolean> {
    if ((await this.items.estimatedDocumentCount()) > 0) return false;
    for (const body of demo) {
      await this.items.updateOne(
        { slug: body.slug },
        { $setOnInsert: withoutEmpty(body) },
        { upsert: true },
      );
    }
    return true;
  }
}

function withoutEmpty(body: ItemBody): Partial<ItemBody> {
  return Object.fromEntries(
    Object.entries(body).filter(([, value]) => value !== '' && value !== undefined),
  ) as Partial<ItemBody>;
}

function slugConflictOr(error: unknown): unknown {
  return error instanceof mongo.MongoServerError && error.code === 11000
    ? new ConflictException(SLUG_TAKEN)
    : error;
}

function toAdminItem(item: ItemData): AdminItem {
  return {
    _id: item._id.toHexString(),
    name: item.name,
    slug: item.slug,
    price: item.price,
    ...(item.imageUrl ? { imageUrl: item.imageUrl } : {}),
    ...(item.guidelines ? { guidelines: item.guidelines } : {}),
    accessUrl: item.accessUrl,
    createdAt: item.createdAt.toISOString(),
    updatedAt: item.updatedAt.toISOString(),
  };
}

/** An item as anyone may see it: without the access URL. */
export function toPublicItem({ accessUrl: _accessUrl, ...item }: AdminItem): ItemRecord {
  return item;
}
