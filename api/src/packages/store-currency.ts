import { Injectable, Logger } from '@nestjs/common';
import { InjectModel } from '@nestjs/mongoose';
import type { PaypalCurrency } from '@coldmail/contracts';
import { trusted, type Model } from 'mongoose';
import type { AppConfig } from '../config/app-config';
import { InjectConfig } from '../config/config.module';
import { PaypalSettingsRecord } from '../payments/schemas/paypal-settings.schema';
import type { Order } from '../orders/schemas/order.schema';
import { ChangeFeed } from '../database/change-feed';

/** How long the catalogue's reads take the currency from memory (see catalogue()). */
const CATALOGUE_TTL_MS = 5_000;

/**
 * The currency the store sells in now: the one an admin saved with the PayPal settings, else
 * PAYPAL_CURRENCY. The catalogue's prices are in it, and an order takes it when it is created
 * and keeps it, so a change applies only to orders placed after it (a pending order is paid in
 * the currency it was shown in).
 */
@Injectable()
export class StoreCurrency {
  private readonly logger = new Logger(StoreCurrency.name);
  private remembered: { readAt: number; currency: Promise<PaypalCurrency> } | null = null;

  constructor(
    @InjectModel(PaypalSettingsRecord.name) private readonly settings: Model<PaypalSettingsRecord>,
    @InjectConfig() private readonly config: AppConfig,
    private readonly feed: ChangeFeed,
  ) {
    feed.subscribe('store-currency', () => (this.remembered = null));
  }

  /**
   * For the catalogue's reads (every visitor's landing page): from memory, read again after a
   * change (here at once, on other instances when the ChangeFeed tells them) or CATALOGUE_TTL_MS.
   */
  catalogue(): Promise<PaypalCurrency> {
    const now = Date.now();
    if (!this.remembered || now - this.remembered.readAt >= CATALOGUE_TTL_MS) {
      const currency = this.current();
      this.remembered = { readAt: now, currency };
      currency.catch(() => {
        if (this.remembered?.currency === currency) this.remembered = null;
      });
    }
    return this.remembered.currency;
  }

  /** An admin saved or reset the PayPal settings: the catalogue reads the currency again. */
  changed(): Promise<void> {
    this.remembered = null;
    return this.feed.publish('store-currency');
  }

  /** Read now, for an order being placed (never a remembered one). */
  async current(): Promise<PaypalCurrency> {
    const saved = await this.settings
      .findOne({ key: 'paypal' })
      .select({ currency: 1 })
      .lean<Pick<PaypalSettingsRecord, 'currency'>>();
    return saved?.currency ?? this.config.paypal.currency;
  }

  /**
   * Orders placed before orders carried their currency, and never sent to PayPal, take the
   * current one: what they would have been charged in. Idempotent and safe when several
   * instances start together (only orders without a currency are touched).
   */
  async adoptInto(orders: Model<Order>): Promise<void> {
    const currency = await this.current();
    const { modifiedCount } = await orders.updateMany(
      { currency: trusted({ $exists: false }) },
      { $set: { currency } },
    );
    if (modifiedCount > 0) {
      this.logger.log(
        `${modifiedCount} ${orders.modelName} now carry their currency (${currency})`,
      );
    }
  }
}
