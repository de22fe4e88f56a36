import { Injectable } from '@nestjs/common';
import { InjectModel } from '@nestjs/mongoose';
import type { InvoiceSettings, InvoiceSettingsRecord } from '@coldmail/contracts';
import { Model, Types } from 'mongoose';
import { DocumentNumbers } from './document-numbers';
import { InvoiceSettingsStore, type TaxTerms } from './invoice-settings';
import { DocumentNumber } from './schemas/document-number.schema';
import { InvoiceSettingsRecord as StoredSettings } from './schemas/invoice-settings.schema';

/** An invoice as an order keeps it: its number, date and the seller as they were then. */
export interface IssuedInvoice {
  number: string;
  issuedAt: Date;
  seller: { name: string; address: string; taxId: string };
}

/** A credit note as an order keeps it. */
export interface IssuedCreditNote {
  number: string;
  issuedAt: Date;
  /** The refund it is for: PayPal's refund id, or the order's whole refund. */
  reference: string;
  amountCents: number;
}

/**
 * Invoicing: the seller's details and each buyer country's tax (settings an admin keeps), and
 * the numbers of invoices and credit notes (DocumentNumbers). It never writes an order: the
 * orders' own services keep what it issues with them.
 */
@Injectable()
export class InvoicesService {
  private readonly store: InvoiceSettingsStore;
  private readonly numbers: DocumentNumbers;

  constructor(
    @InjectModel(StoredSettings.name) settings: Model<StoredSettings>,
    @InjectModel(DocumentNumber.name) numbers: Model<DocumentNumber>,
  ) {
    this.store = new InvoiceSettingsStore(settings);
    this.numbers = new DocumentNumbers(numbers);
  }

  settings(): Promise<InvoiceSettingsRecord> {
    return this.store.current();
  }

  saveSettings(settings: InvoiceSettings): Promise<InvoiceSettingsRecord> {
    return this.store.save(settings);
  }

  /** The tax an order for a buyer in `countryName` is placed with now; null: none. */
  async taxFor(countryName: string): Promise<TaxTerms | null> {
    return this.store.taxOf(await this.store.current(), countryName);
  }

  /** A paid order's invoice: the year's next number (or the one it has), the seller as now. */
  async invoiceFor(orderId: Types.ObjectId, paidAt: Date): Promise<IssuedInvoice> {
    const [{ number, issuedAt }, settings] = await Promise.all([
      this.numbers.numberFor('INV', orderId, 'invoice', paidAt),
      this.store.current(),
    ]);
    return {
      number,
      issuedAt,
      seller: {
        name: settings.sellerName,
        address: settings.sellerAddress,
        taxId: settings.sellerTaxId,
      },
    };
  }

  /** A refund's credit note: the year's next number (or the one it has). */
  async creditNoteFor(
    orderId: Types.ObjectId,
    reference: string,
    amountCents: number,
    at: Date,
  ): Promise<IssuedCreditNote> {
    const { number, issuedAt } = await this.numbers.numberFor('CN', orderId, reference, at);
    return { number, issuedAt, reference, amountCents };
  }
}
