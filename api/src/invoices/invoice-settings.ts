import countries from 'i18n-iso-countries';
import english from 'i18n-iso-countries/langs/en.json';
import type { InvoiceSettings, InvoiceSettingsRecord, OrderTax } from '@coldmail/contracts';
import type { Model } from 'mongoose';
import type { InvoiceSettingsRecord as StoredSettings } from './schemas/invoice-settings.schema';

countries.registerLocale(english);

const KEY = 'store';

/** Until an admin saves them: no seller details, prices without tax, no country taxed. */
const DEFAULTS: InvoiceSettings = {
  sellerName: '',
  sellerAddress: '',
  sellerTaxId: '',
  pricesIncludeTax: false,
  taxRates: [],
};

/** The tax a country pays, before its amount is known. */
export type TaxTerms = Omit<OrderTax, 'amount'>;

/** The invoicing settings, kept in one document every instance reads. */
export class InvoiceSettingsStore {
  constructor(private readonly settings: Model<StoredSettings>) {}

  async current(): Promise<InvoiceSettingsRecord> {
    const stored = await this.settings.findById(KEY).lean<StoredSettings>();
    if (!stored) return { ...DEFAULTS, updatedAt: null };
    return {
      sellerName: stored.sellerName,
      sellerAddress: stored.sellerAddress,
      sellerTaxId: stored.sellerTaxId,
      pricesIncludeTax: stored.pricesIncludeTax,
      taxRates: stored.taxRates.map(({ country, rate, label }) => ({ country, rate, label })),
      updatedAt: stored.updatedAt?.toISOString() ?? null,
    };
  }

  async save(settings: InvoiceSettings): Promise<InvoiceSettingsRecord> {
    const { sellerName, sellerAddress, sellerTaxId, pricesIncludeTax, taxRates } = settings;
    await this.settings.updateOne(
      { _id: KEY },
      { $set: { sellerName, sellerAddress, sellerTaxId, pricesIncludeTax, taxRates } },
      { upsert: true },
    );
    return this.current();
  }

  /**
   * The tax of a buyer country as checkout names it (its English name, as the billing form lists
   * it), under the settings in force; null where it pays none.
   */
  taxOf(settings: InvoiceSettings, countryName: string): TaxTerms | null {
    const code = countries.getAlpha2Code(countryName.trim(), 'en');
    const rate = code ? settings.taxRates.find((each) => each.country === code) : undefined;
    if (!rate || rate.rate === 0) return null;
    return {
      country: rate.country,
      label: rate.label,
      rate: rate.rate,
      inclusive: settings.pricesIncludeTax,
    };
  }
}
