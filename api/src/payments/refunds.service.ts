import {
  BadGatewayException,
  ConflictException,
  Injectable,
  Logger,
  NotFoundException,
  ServiceUnavailableException,
} from '@nestjs/common';
import { isPaid, isRefunded } from '@coldmail/contracts';
import type { AuthContext } from '../auth/auth-context';
import { AuditService } from '../audit/audit.service';
import { auditKindOf, type OrderKind, type OrderOfKind } from '../orders/order-kinds';
import { OrdersService } from '../orders/orders.service';
import { RefundFulfilment } from './refund-fulfilment.service';
import type { PaypalRefund } from './paypal-api';
import { PAYPAL_FAILED, paypalFailure } from './paypal-failures';
import { PaypalClient } from './paypal.client';
import { PaypalApiError } from './paypal-errors';
import { PaypalSettingsService } from './paypal-settings.service';

/** Admins' refunds of paid orders, at PayPal and then in our books. */
@Injectable()
export class RefundsService {
  private readonly logger = new Logger(RefundsService.name);

  constructor(
    private readonly paypal: PaypalClient,
    private readonly settings: PaypalSettingsService,
    private readonly orders: OrdersService,
    private readonly refundFulfilment: RefundFulfilment,
    private readonly audit: AuditService,
  ) {}

  /**
   * POST /order/:id/refund and /item-order/:id/refund (Admin): a full refund at PayPal of a
   * paid order, then the same bookkeeping as PayPal's refund event (whichever comes first wins;
   * the other changes nothing). PayPal-Request-Id makes a retried click refund once.
   */
  async refund<K extends OrderKind>(
    admin: AuthContext,
    kind: K,
    id: string,
  ): Promise<OrderOfKind<K>> {
    const order = await this.orders.findOfKind(kind, id);
    if (!order) throw new NotFoundException('Order not found');
    if (isRefunded(order)) throw new ConflictException('This order is already refunded.');
    if (!isPaid(order) || !order.paypalTransactionID) {
      throw new ConflictException('Only a paid order can be refunded.');
    }
    const credentials = await this.settings.credentials();
    if (!credentials) {
      throw new ServiceUnavailableException(
        'PayPal is not configured: set it up in Settings first.',
      );
    }
    let paypalRefund: PaypalRefund | null = null;
    try {
      paypalRefund = await this.paypal.refundCapture(
        credentials,
        order.paypalTransactionID,
        `refund-${order._id.toHexString()}`,
      );
    } catch (error) {
      // Refunded at PayPal already (its dashboard, or an event still on its way): record it.
      if (!(error instanceof PaypalApiError) || error.issue !== 'CAPTURE_FULLY_REFUNDED') {
        throw paypalFailure(this.logger, error, 'refund');
      }
    }
    if (paypalRefund && paypalRefund.status !== 'COMPLETED' && paypalRefund.status !== 'PENDING') {
      this.logger.error(`PayPal refund of order ${order.orderId} ended ${paypalRefund.status}`);
      throw new BadGatewayException(PAYPAL_FAILED);
    }
    const { order: current, refundedNow } = await this.refundFulfilment.refund(order, {
      source: 'admin',
      ...(paypalRefund ? { paypalReference: paypalRefund.id } : {}),
      at: new Date(),
      by: admin.email,
    });
    const refunded = current as OrderOfKind<K>;
    // Clicks at the same moment refund once (PayPal-Request-Id, the guarded write); only the one
    // that did it is in the audit log.
    if (!refundedNow) return refunded;
    await this.audit.record(admin, {
      action: `${auditKindOf(kind)}.refund`,
      target: { kind: auditKindOf(kind), id, label: order.orderId },
      before: { paymentStatus: order.paymentStatus, orderStatus: order.orderStatus },
      after: {
        paymentStatus: refunded.paymentStatus,
        orderStatus: refunded.orderStatus,
        refund: refunded.refund,
      },
    });
    return refunded;
  }
}
