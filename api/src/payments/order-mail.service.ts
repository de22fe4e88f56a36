import { Injectable, Logger } from '@nestjs/common';
import { isPaid } from '@coldmail/contracts';
import type { Types } from 'mongoose';
import { MailerService, type OutgoingMail } from '../messages/mailer.service';
import { ReceiptMail } from '../messages/templates/receipt';
import { RefundNoticeMail } from '../messages/templates/refund-notice';
import { renderMail } from '../messages/templates/render';
import { UsersService } from '../users/users.service';
import type { AnyOrder } from '../orders/order-kinds';
import { OrdersService } from '../orders/orders.service';
import type { OrderMailKind } from '../orders/schemas/order.schema';

/** How long one instance holds the sending of a message before another may try it. */
const CLAIM_MS = 2 * 60_000;
/** At most this many owed messages of each kind of message per sweep. */
const SWEEP_BATCH = 100;

/**
 * The e-mail an order owes its buyer: a receipt when it is paid, a notice when it is refunded or
 * its payment reversed. The write that makes a message owed records it on the order (see
 * markPaid, markRefunded); one instance claims and sends it, so a completion and a webhook
 * racing, or two instances, send it once. A failed send is left for the recovery sweep.
 */
@Injectable()
export class OrderMailService {
  private readonly logger = new Logger(OrderMailService.name);

  constructor(
    private readonly orders: OrdersService,
    private readonly mailer: MailerService,
    private readonly users: UsersService,
  ) {}

  /** Sends the order's owed message now if nobody else is; never throws (the sweep retries). */
  async send(orderId: Types.ObjectId, message: OrderMailKind): Promise<void> {
    let claimed: AnyOrder | null = null;
    try {
      claimed = await this.orders.mail.claim(orderId, message, CLAIM_MS);
      if (!claimed) return;
      // To the buyer's account as it is now, not the address they ordered with.
      const to = await this.users.addresses.mailAddressOf(
        claimed.customerId,
        claimed.customerEmail,
      );
      await this.mailer.send(this.compose(claimed, message, to));
      await this.orders.mail.settle(orderId, message, true);
    } catch (error) {
      this.logger.error(
        `The ${message} of order ${orderId.toHexString()} was not sent (the sweep retries): ${error instanceof Error ? error.message : String(error)}`,
      );
      if (claimed) await this.orders.mail.settle(orderId, message, false).catch(() => undefined);
    }
  }

  /** What a stopped process or a failed send left owed (the recovery sweep). */
  async sendOwed(): Promise<void> {
    for (const message of ['receipt', 'refund'] as const) {
      const owed = await this.orders.mail.due(message, SWEEP_BATCH);
      for (const orderId of owed) await this.send(orderId, message);
    }
  }

  private compose(order: AnyOrder, message: OrderMailKind, to: string): OutgoingMail {
    const siteUrl = this.mailer.siteUrl;
    const currency = order.currency ?? 'USD';
    if (message === 'receipt') {
      // The account remote's receipt page (registry page userReceipt).
      const receiptUrl = `${siteUrl}/user/receipt/${order.kind}/${order._id.toHexString()}`;
      return renderMail(
        to,
        `Your receipt for order ${order.orderId}`,
        ReceiptMail({
          facts: {
            orderId: order.orderId,
            buyerName: order.customerName,
            productName: order.packageName,
            ...(order.kind === 'package' ? { credits: order.credit } : {}),
            price: order.packagePrice,
            ...(order.promo
              ? { discount: { code: order.promo.code, amount: order.promo.discount } }
              : {}),
            processingFee: order.processingFee,
            ...(order.tax ? { tax: order.tax } : {}),
            ...(order.invoice ? { invoiceNumber: order.invoice.number } : {}),
            total: order.totalPrice,
            currency,
            captureId: order.paypalTransactionID ?? '',
            paidAt: order.captureTime ?? order.updatedAt.toISOString(),
            billing: { address: order.address, country: order.country },
          },
          receiptUrl,
          siteUrl,
        }),
      );
    }
    const refund = order.refund;
    const reversal = refund?.source === 'paypal-reversal' || refund?.source === 'dispute';
    return renderMail(
      to,
      reversal
        ? `The payment for order ${order.orderId} was reversed`
        : `Order ${order.orderId} was refunded`,
      RefundNoticeMail({
        facts: {
          orderId: order.orderId,
          buyerName: order.customerName,
          productName: order.packageName,
          total: order.totalPrice,
          currency,
          kind: reversal ? 'reversal' : 'refund',
          ...(order.kind === 'package' && refund?.creditsTakenBack !== undefined
            ? { creditsTakenBack: refund.creditsTakenBack, creditsSpent: refund.shortfall ?? 0 }
            : {}),
          ...(order.kind === 'item' && !isPaid(order) ? { accessWithdrawn: true } : {}),
        },
        siteUrl,
      }),
    );
  }
}
