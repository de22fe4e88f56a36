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
import type { ItemOrderData } from '../orders/schemas/item-order.schema';
import type { PackageOrderData } from '../orders/schemas/package-order.schema';
import { RefundFulfilment } from './refund-fulfilment.service';
import { auditKindOf, OrderKinds, type OrderKind } from './order-kinds';
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
    private readonly kinds: OrderKinds,
    private readonly refundFulfilment: RefundFulfilment,
    private readonly audit: AuditService,
  ) {}

  /**
   * POST /order/:id/refund and /item-order/:id/refund (Admin): a full refund at PayPal of a
   * paid order, then the same bookkeeping as PayPal's refund event (whichever comes first wins;
   * the other changes nothing). PayPal-Request-Id makes a retried click refund once.
   */
  async refund<Order extends PackageOrderData | ItemOrderData>(
    admin: AuthContext,
    kind: OrderKind,
    id: string,
  ): Promise<Order> {
    const order = (await this.kinds.ordersOf(kind).findById(id)) as Order | null;
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
    const { order: refunded, refundedNow } = await this.refundFulfilment.refund(kind, order, {
      source: 'admin',
      ...(paypalRefund ? { paypalReference: paypalRefund.id } : {}),
      at: new Date(),
      by: admin.email,
    });
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
