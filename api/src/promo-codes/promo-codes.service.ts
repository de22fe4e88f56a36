import {
  BadRequestException,
  ConflictException,
  Injectable,
  NotFoundException,
  type OnModuleInit,
} from '@nestjs/common';
import { InjectModel } from '@nestjs/mongoose';
import {
  toCents,
  type PromoCode as PromoCodeRecord,
  type PromoCodeBody,
  type PromoCodeQuote,
  type PromoCodeQuoteBody,
} from '@coldmail/contracts';
import { mongo, trusted, Types, type Model } from 'mongoose';
import type { AppConfig } from '../config/app-config';
import { InjectConfig } from '../config/config.module';
import { ItemsService } from '../items/items.service';
import { rollingWindow, UsageLimitsService, type UsageLimit } from '../limits/usage-limits.service';
import { PackagesService } from '../packages/packages.service';
import { StoreCurrency } from '../packages/store-currency';
import {
  discountCentsOf,
  discountedAmountsOf,
  refusal,
  refusalOf,
  type Purchase,
} from './promo-code-rules';
import { PromoCode, type PromoCodeData } from './schemas/promo-code.schema';
import { PromoRedemption } from './schemas/promo-redemption.schema';

/** A use of a code reserved for an order being placed. */
/** Who enters a code: the buyer's record id, and their network (addressKey of the address). */
export interface Guesser {
  buyerId: string;
  network: string;
}

export interface ReservedUse {
  codeId: Types.ObjectId;
  code: string;
  discountCents: number;
}

const NOT_FOUND = 'Promo code not found';
const CODE_TAKEN = 'Another promo code already uses this text';

/**
 * Promo codes: the admin's codes, the price a buyer would pay with one, and the uses orders hold.
 * A use is taken when an order is placed with the code (a guarded `$inc`, so `maxUses` is never
 * passed however many buyers race for the last one) and recorded against the order; it is given
 * back when that order is deleted or expires unpaid (release), and kept once it is paid.
 */
@Injectable()
export class PromoCodesService implements OnModuleInit {
  /**
   * The unknown codes a buyer may try in an hour: past it, every code they enter (a real one
   * too) is refused until the hour is over, so guessing codes at checkout finds none.
   */
  private readonly guesses: { account: UsageLimit[]; network: UsageLimit[] };

  constructor(
    @InjectModel(PromoCode.name) private readonly codes: Model<PromoCode>,
    @InjectModel(PromoRedemption.name) private readonly redemptions: Model<PromoRedemption>,
    private readonly packages: PackagesService,
    private readonly items: ItemsService,
    private readonly storeCurrency: StoreCurrency,
    private readonly limits: UsageLimitsService,
    @InjectConfig() config: AppConfig,
  ) {
    const refusal = 'Too many unknown promo codes tried. Please try again later.';
    const hourOf = (name: string, limit: number): UsageLimit[] => [
      { name, limit, windowEnd: rollingWindow(3_600_000), refusal },
    ];
    const perHour = config.promoCodeGuessesPerHour;
    this.guesses = {
      account: hourOf('promo-code-guesses:hour', perHour.account),
      // Many accounts from one network (an IPv4 address, an IPv6 /64) count together too.
      network: hourOf('promo-code-network-guesses:hour', perHour.network),
    };
  }

  /** The unique indexes (code text, one use per order and per once-per-buyer buyer) first. */
  async onModuleInit(): Promise<void> {
    await Promise.all([this.codes.init(), this.redemptions.init()]);
  }

  async list(): Promise<PromoCodeRecord[]> {
    const found = await this.codes.find().sort({ createdAt: -1, _id: -1 }).lean<PromoCodeData[]>();
    return found.map(toPromoCodeRecord);
  }

  async get(id: string): Promise<PromoCodeRecord> {
    const found = await this.codes.findById(id).lean<PromoCodeData>();
    if (!found) throw new NotFoundException(NOT_FOUND);
    return toPromoCodeRecord(found);
  }

  async create(settings: PromoCodeBody): Promise<PromoCodeRecord> {
    await this.assertValid(settings);
    try {
      const created = await this.codes.create(storedSettingsOf(settings));
      return toPromoCodeRecord(created.toObject<PromoCodeData>());
    } catch (error) {
      throw codeTakenOr(error);
    }
  }

  /** Replaces the settings; the code's uses and pause stay as they are. */
  async update(id: string, settings: PromoCodeBody): Promise<PromoCodeRecord> {
    await this.assertValid(settings);
    const otherKind = settings.kind === 'percent' ? ['amount', 'currency'] : ['percent'];
    let updated: PromoCodeData | null;
    try {
      updated = await this.codes
        .findByIdAndUpdate(
          id,
          {
            $set: storedSettingsOf(settings),
            $unset: Object.fromEntries(otherKind.map((field) => [field, 1])),
          },
          { returnDocument: 'after', runValidators: true },
        )
        .lean<PromoCodeData>();
    } catch (error) {
      throw codeTakenOr(error);
    }
    if (!updated) throw new NotFoundException(NOT_FOUND);
    return toPromoCodeRecord(updated);
  }

  /**
   * Pauses or resumes the code: the record before and after, or null when it already was (so
   * nothing changed and nothing is recorded).
   */
  async setPaused(
    id: string,
    paused: boolean,
  ): Promise<{ before: PromoCodeRecord; after: PromoCodeRecord } | null> {
    const updated = await this.codes
      .findOneAndUpdate(
        { _id: id, paused: !paused },
        { $set: { paused } },
        { returnDocument: 'after' },
      )
      .lean<PromoCodeData>();
    if (!updated) {
      if (!(await this.codes.exists({ _id: id }))) throw new NotFoundException(NOT_FOUND);
      return null;
    }
    const after = toPromoCodeRecord(updated);
    return { before: { ...after, paused: !paused }, after };
  }

  /**
   * Deletes the code and the record of its uses. Orders placed with it keep their price and the
   * code's text; giving back a use of a deleted code does nothing.
   */
  async delete(id: string): Promise<PromoCodeRecord> {
    const deleted = await this.codes.findByIdAndDelete(id).lean<PromoCodeData>();
    if (!deleted) throw new NotFoundException(NOT_FOUND);
    await this.redemptions.deleteMany({ codeId: deleted._id });
    return toPromoCodeRecord(deleted);
  }

  /** The buyer's checkout: what the product costs with the code now. Nothing is held. */
  async quote(
    guesser: Guesser,
    { code, packageId, itemId }: PromoCodeQuoteBody,
  ): Promise<PromoCodeQuote> {
    const purchase = await this.purchaseOf(packageId, itemId);
    const found = await this.usableCode(code, guesser, purchase);
    const discountCents = discountCentsOf(found, purchase.priceCents);
    return {
      code: found.code,
      currency: purchase.currency,
      ...discountedAmountsOf(purchase.priceCents, discountCents),
    };
  }

  /**
   * Takes one use of the code for the order `orderId` being placed, or refuses saying why. The
   * use is counted by a single guarded update, which matches only while the code is active and
   * has a use left, so of buyers racing for the last use exactly one gets it. The use is then
   * recorded against the order; for a once-per-buyer code, a unique index lets one order per
   * buyer hold it. Give it back (release) if the order is not placed after all.
   */
  async reserve(
    codeText: string,
    guesser: Guesser,
    orderId: Types.ObjectId,
    purchase: Purchase,
  ): Promise<ReservedUse> {
    const buyer = new Types.ObjectId(guesser.buyerId);
    const found = await this.usableCode(codeText, guesser, purchase);
    const counted = await this.codes.updateOne(
      {
        _id: found._id,
        paused: false,
        $and: [
          { $or: [{ expiresAt: null }, { expiresAt: trusted({ $gt: purchase.at }) }] },
          // trusted(): our own expression (the connection refuses $expr in filters otherwise).
          { $or: [{ maxUses: null }, { $expr: trusted({ $lt: ['$uses', '$maxUses'] }) }] },
        ],
      },
      { $inc: { uses: 1 } },
    );
    if (counted.modifiedCount === 0) throw await this.whyNotCounted(found._id, purchase);
    try {
      await this.redemptions.create({
        codeId: found._id,
        buyerId: buyer,
        orderId,
        oncePerBuyer: found.oncePerBuyer,
        at: purchase.at,
      });
    } catch (error) {
      await this.uncount(found._id);
      if (error instanceof mongo.MongoServerError && error.code === 11000) {
        throw refusal('alreadyUsed');
      }
      throw error;
    }
    return {
      codeId: found._id,
      code: found.code,
      discountCents: discountCentsOf(found, purchase.priceCents),
    };
  }

  /**
   * Gives back the use the order held, if it held one: its record goes first, so two releases
   * of one order (an admin's delete and the sweep) give it back once.
   */
  async release(orderId: Types.ObjectId): Promise<boolean> {
    const released = await this.redemptions.findOneAndDelete({ orderId }).lean();
    if (!released) return false;
    await this.uncount(released.codeId);
    return true;
  }

  /**
   * The orders holding uses taken before `before` and not settled: those still pending, and any
   * deleted or expired whose use was not given back (a process stopped in between). Read as
   * they are used, oldest first.
   */
  unsettledOrders(before: Date): AsyncIterable<{ orderId: Types.ObjectId }> {
    return this.redemptions
      .find({ settled: false, at: trusted({ $lt: before }) })
      .sort({ at: 1 })
      .select({ _id: 0, orderId: 1 })
      .lean<{ orderId: Types.ObjectId }[]>()
      .cursor() as AsyncIterable<{ orderId: Types.ObjectId }>;
  }

  /** These orders are paid (or past it): their uses are final. */
  async settle(orderIds: Types.ObjectId[]): Promise<void> {
    if (orderIds.length === 0) return;
    await this.redemptions.updateMany(
      { orderId: trusted({ $in: orderIds }) },
      { $set: { settled: true } },
    );
  }

  /** The code as it stands, if this buyer may use it for this purchase. */
  private async usableCode(
    codeText: string,
    { buyerId, network }: Guesser,
    purchase: Purchase,
  ): Promise<PromoCodeData> {
    await this.limits.check(buyerId, this.guesses.account);
    await this.limits.check(network, this.guesses.network);
    const found = await this.codes.findOne({ code: codeText }).lean<PromoCodeData>();
    if (!found) {
      await this.limits.take(buyerId, this.guesses.account);
      await this.limits.take(network, this.guesses.network);
      throw refusal('unknown');
    }
    const buyer = new Types.ObjectId(buyerId);
    const reason = refusalOf(found, purchase);
    if (reason) throw refusal(reason);
    // Whether the code was once-per-buyer or not when they used it.
    if (
      found.oncePerBuyer &&
      (await this.redemptions.exists({ codeId: found._id, buyerId: buyer }))
    ) {
      throw refusal('alreadyUsed');
    }
    return found;
  }

  /** Why the guarded count matched nothing: the code changed since it was read. */
  private async whyNotCounted(codeId: Types.ObjectId, purchase: Purchase) {
    const now = await this.codes.findById(codeId).lean<PromoCodeData>();
    if (!now) return refusal('unknown');
    return refusal(refusalOf(now, purchase) ?? 'usedUp');
  }

  private async uncount(codeId: Types.ObjectId): Promise<void> {
    await this.codes.updateOne({ _id: codeId, uses: trusted({ $gt: 0 }) }, { $inc: { uses: -1 } });
  }

  /** The product quoted, priced now in the store's currency. */
  private async purchaseOf(packageId?: string, itemId?: string): Promise<Purchase> {
    const [product, currency] = await Promise.all([
      packageId ? this.packages.get(packageId) : this.itemOrNotFound(itemId as string),
      this.storeCurrency.current(),
    ]);
    return {
      kind: packageId ? 'package' : 'item',
      productId: product._id,
      priceCents: toCents(product.price),
      currency,
      at: new Date(),
    };
  }

  private async itemOrNotFound(id: string) {
    const item = await this.items.findById(id);
    if (!item) throw new NotFoundException('Item not found');
    return item;
  }

  /** What zod cannot know: the store's currency, and that the listed products exist. */
  private async assertValid(settings: PromoCodeBody): Promise<void> {
    const fieldErrors: Record<string, string> = {};
    if (settings.kind === 'fixed') {
      const storeCurrency = await this.storeCurrency.current();
      if (settings.currency !== storeCurrency) {
        fieldErrors.currency = `Must be the store’s currency (${storeCurrency})`;
      }
    }
    if (settings.appliesTo !== 'all') {
      const [packages, items] = await Promise.all([this.packages.list(), this.items.list()]);
      const idsOf = (products: { _id: string }[]) => new Set(products.map(({ _id }) => _id));
      const [packageIds, itemIds] = [idsOf(packages), idsOf(items)];
      const unknownPackage = settings.appliesTo.packageIds.find((id) => !packageIds.has(id));
      const unknownItem = settings.appliesTo.itemIds.find((id) => !itemIds.has(id));
      if (unknownPackage) fieldErrors['appliesTo.packageIds'] = `No package ${unknownPackage}`;
      if (unknownItem) fieldErrors['appliesTo.itemIds'] = `No item ${unknownItem}`;
    }
    if (Object.keys(fieldErrors).length > 0) {
      throw new BadRequestException({ statusCode: 400, message: 'Validation failed', fieldErrors });
    }
  }
}

function codeTakenOr(error: unknown): unknown {
  return error instanceof mongo.MongoServerError && error.code === 11000
    ? new ConflictException(CODE_TAKEN)
    : error;
}

function storedSettingsOf(settings: PromoCodeBody) {
  const { appliesTo } = settings;
  const common = {
    code: settings.code,
    expiresAt: settings.expiresAt ? new Date(settings.expiresAt) : null,
    maxUses: settings.maxUses ?? null,
    oncePerBuyer: settings.oncePerBuyer,
    appliesTo:
      appliesTo === 'all'
        ? { all: true, packageIds: [], itemIds: [] }
        : {
            all: false,
            packageIds: appliesTo.packageIds.map((id) => new Types.ObjectId(id)),
            itemIds: appliesTo.itemIds.map((id) => new Types.ObjectId(id)),
          },
  };
  return settings.kind === 'percent'
    ? { ...common, kind: settings.kind, percent: settings.percent }
    : { ...common, kind: settings.kind, amount: settings.amount, currency: settings.currency };
}

function toPromoCodeRecord(stored: PromoCodeData): PromoCodeRecord {
  const common = {
    _id: stored._id.toHexString(),
    code: stored.code,
    expiresAt: stored.expiresAt?.toISOString() ?? null,
    maxUses: stored.maxUses ?? null,
    oncePerBuyer: stored.oncePerBuyer,
    appliesTo: stored.appliesTo.all
      ? ('all' as const)
      : {
          packageIds: stored.appliesTo.packageIds.map((id) => id.toHexString()),
          itemIds: stored.appliesTo.itemIds.map((id) => id.toHexString()),
        },
    paused: stored.paused,
    uses: stored.uses,
    createdAt: stored.createdAt.toISOString(),
    updatedAt: stored.updatedAt.toISOString(),
  };
  return stored.kind === 'percent'
    ? { ...common, kind: 'percent', percent: stored.percent ?? 0 }
    : {
        ...common,
        kind: 'fixed',
        amount: stored.amount ?? 0,
        currency: stored.currency as Extract<PromoCodeRecord, { kind: 'fixed' }>['currency'],
      };
}
