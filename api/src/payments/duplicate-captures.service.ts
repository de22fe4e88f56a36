import { Injectable, Logger } from '@nestjs/common';
import type { Types } from 'mongoose';
import { OrdersService } from '../orders/orders.service';
import { PaypalClient } from './paypal.client';
import { PaypalSettingsService } from './paypal-settings.service';

/**
 * A second capture of one of our orders (the buyer paid again in another tab, or their browser
 * captured one PayPal order while our server captured another) is refunded in full at once,
 * never only logged: the order was paid by its first capture. The refund is noted on the order
 * first, so one that fails is retried by the recovery sweep; PayPal-Request-Id keeps a retry
 * from refunding twice.
 */
@Injectable()
export class DuplicateCapturesService {
  private readonly logger = new Logger(DuplicateCapturesService.name);

  constructor(
    private readonly orders: OrdersService,
    private readonly paypal: PaypalClient,
    private readonly settings: PaypalSettingsService,
  ) {}

  /** Refunds `captureId`, a capture of the order after the one that paid it. Never throws. */
  async refund(order: { _id: Types.ObjectId; orderId: string }, captureId: string): Promise<void> {
    try {
      await this.orders.payment.recordDuplicateCapture(order._id, captureId);
      const credentials = await this.settings.credentials();
      if (!credentials) throw new Error('PayPal credentials are not set');
      const refund = await this.paypal.refundCapture(
        credentials,
        captureId,
        `duplicate-capture-${captureId}`,
      );
      await this.orders.payment.recordDuplicateCapture(order._id, captureId, refund.id);
      this.logger.warn(
        `Order ${order.orderId} was paid twice: refunded the second capture ${captureId} (refund ${refund.id})`,
      );
    } catch (error) {
      this.logger.error(
        `Order ${order.orderId} was paid twice: the refund of capture ${captureId} failed (the sweep retries): ${error instanceof Error ? error.message : String(error)}`,
      );
    }
  }

  /** What a failed refund or a stopped process left unrefunded (the recovery sweep). */
  async recover(): Promise<void> {
    for (const order of await this.orders.payment.findUnrefundedDuplicates()) {
      for (const [captureId, capture] of Object.entries(order.duplicateCaptures ?? {})) {
        if (!capture.refundId) await this.refund(order, captureId);
      }
    }
  }
}
