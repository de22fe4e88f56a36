import { Injectable, Logger } from '@nestjs/common';
import { InvoicesService } from '../invoices/invoices.service';
import type { AnyOrder } from '../orders/order-kinds';
import { OrdersService } from '../orders/orders.service';

/** Orders the recovery sweep invoices at a time. */
const RECOVERY_BATCH = 100;

/**
 * The documents a payment's life issues: a paid order's invoice, a refund's credit note. Each is
 * numbered once and kept with its order once, so the payment, a repeated event and the sweep may
 * all ask. A failure never undoes the payment or the refund: the sweep issues what is missing.
 */
@Injectable()
export class InvoiceIssuing {
  private readonly logger = new Logger(InvoiceIssuing.name);

  constructor(
    private readonly orders: OrdersService,
    private readonly invoices: InvoicesService,
  ) {}

  /**
   * The paid order's invoice, dated the day it was paid: the order with it (read again only when
   * another issuer's was kept first), or as it was when none could be issued now.
   */
  async invoice(order: AnyOrder): Promise<AnyOrder> {
    if (order.invoice) return order;
    try {
      const issued = await this.invoices.invoiceFor(order._id, order.paidAt ?? new Date());
      if (await this.orders.documents.keepInvoice(order._id, issued)) {
        return { ...order, invoice: issued };
      }
      return (await this.orders.findById(order._id)) ?? order;
    } catch (error) {
      this.logger.error(`Order ${order.orderId}: no invoice issued yet (${String(error)})`);
      return order;
    }
  }

  /** A refund's credit note, for the amount it gave back (nothing for nothing). */
  async creditNote(order: AnyOrder, reference: string, amountCents: number, at: Date) {
    if (amountCents <= 0 || order.creditNotes?.some((note) => note.reference === reference)) return;
    try {
      const note = await this.invoices.creditNoteFor(order._id, reference, amountCents, at);
      await this.orders.documents.keepCreditNote(order._id, note);
    } catch (error) {
      this.logger.error(`Order ${order.orderId}: no credit note issued yet (${String(error)})`);
    }
  }

  /** Invoices the paid orders a stopped process left without one. */
  async recover(): Promise<void> {
    const missing = await this.orders.documents.withoutInvoice(RECOVERY_BATCH);
    for (const order of missing) await this.invoice(order);
    if (missing.length > 0) this.logger.warn(`Issued ${missing.length} missing invoice(s)`);
  }
}
