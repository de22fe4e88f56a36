import { parse } from 'csv-parse/sync';
import { contract, type BodyOf } from '@coldmail/contracts';
import { Types } from 'mongoose';
import { InvoicesService } from '../src/invoices/invoices.service';
import { paypalDouble } from './support/paypal-double';
import {
  call,
  callEndpoint,
  type Persona,
  signUp,
  startTestApi,
  type TestApi,
  unique,
} from './support/test-api';

// Issue 52 item 4: invoices with tax. The seller's details and each buyer country's tax rate are
// store settings; an order keeps the tax of the day it was placed; each paid order gets the
// year's next invoice number (no gap, whichever instance numbers it); a refund gets a credit note.

type Settings = BodyOf<typeof contract.invoices.saveSettings>;
type ErrorBody = { statusCode: number; message: string; fieldErrors?: Record<string, string> };

const paypal = paypalDouble();
const adminEmail = `invoice-admin-${unique()}@coldmail.test`;
let api: TestApi;
let admin: Persona;
let buyer: Persona;
/** 24.50: 20 % of it is 4.90, and 24.50 holds 4.083… of an inclusive 20 %. */
let packageId: string;
const year = new Date().getUTCFullYear();

const seller = {
  sellerName: 'ColdMail AI SAS',
  sellerAddress: '12 rue de la Paix, 75002 Paris, France',
  sellerTaxId: 'FR40303265045',
};
const exclusive: Settings = {
  ...seller,
  pricesIncludeTax: false,
  taxRates: [
    { country: 'FR', rate: 20, label: 'VAT' },
    { country: 'DE', rate: 19, label: 'MwSt' },
  ],
};

beforeAll(async () => {
  api = await startTestApi({ ADMIN_EMAILS: adminEmail, ...paypal.env });
  admin = await signUp(api, 'admin', { email: adminEmail });
  buyer = await signUp(api, 'buyer');
  const created = await callEndpoint(api, contract.packages.add, {
    token: admin.token,
    body: { packageName: 'Pro', price: 24.5, credit: 200, validity: 90 },
  });
  packageId = created.body._id;
});

afterAll(() => api?.close());

const saveSettings = (body: Settings, token = admin.token) =>
  callEndpoint(api, contract.invoices.saveSettings, { token, body });

const placeOrder = (country: string, extra: Record<string, string> = {}) =>
  callEndpoint(api, contract.packageOrders.create, {
    token: buyer.token,
    body: { packageId, customerName: 'Ada Buyer', address: '1 Loop Road', country, ...extra },
  });

/** Places and pays an order through the PayPal double, as the buyer's browser does. */
async function paidOrder(country: string, extra: Record<string, string> = {}) {
  const placed = await placeOrder(country, extra);
  expect([placed.status, placed.error]).toEqual([201, undefined]);
  const created = await callEndpoint(api, contract.payments.createPaypalOrder, {
    token: buyer.token,
    body: { orderId: placed.body._id, kind: 'package' },
  });
  expect(created.status).toBe(201);
  await paypal.approve(created.body.id, `payer-${buyer.email}`);
  const completed = await callEndpoint(api, contract.payments.completePackage, {
    token: buyer.token,
    params: { id: placed.body._id },
    body: { paypalOrderId: created.body.id },
  });
  expect(completed.status).toBe(200);
  const read = await callEndpoint(api, contract.packageOrders.get, {
    token: buyer.token,
    params: { id: placed.body._id },
  });
  return { order: read.body, paypalOrderId: created.body.id };
}

describe('invoice settings', () => {
  it('are the defaults until saved, and an admin saves them back whole, audited', async () => {
    const first = await callEndpoint(api, contract.invoices.settings, { token: admin.token });
    expect(first.body).toEqual({
      sellerName: '',
      sellerAddress: '',
      sellerTaxId: '',
      pricesIncludeTax: false,
      taxRates: [],
      updatedAt: null,
    });
    const saved = await saveSettings({
      ...exclusive,
      taxRates: [{ country: 'fr', rate: 20, label: 'VAT' }, ...exclusive.taxRates.slice(1)],
    });
    expect(saved.status).toBe(200);
    expect(saved.body).toMatchObject({ ...exclusive, updatedAt: expect.any(String) });
    // What GET returns is accepted back unchanged.
    const again = await saveSettings(saved.body);
    expect(again.status).toBe(200);
    const audit = await callEndpoint(api, contract.audit.list, {
      token: admin.token,
      query: { targetKind: 'invoice-settings', pageSize: 10 },
    });
    expect(audit.body.items[0]).toMatchObject({ action: 'invoice-settings.update' });

    const rates = await callEndpoint(api, contract.invoices.taxRates, {});
    expect(rates.body).toEqual({ pricesIncludeTax: false, rates: exclusive.taxRates });
  });

  it('are an admin’s: a buyer is refused, and bad settings change nothing', async () => {
    expect((await saveSettings(exclusive, buyer.token)).status).toBe(403);
    for (const taxRates of [
      [{ country: 'France', rate: 20, label: 'VAT' }],
      [{ country: 'FR', rate: 101, label: 'VAT' }],
      [{ country: 'FR', rate: 5.555, label: 'VAT' }],
      [
        { country: 'FR', rate: 20, label: 'VAT' },
        { country: 'FR', rate: 5.5, label: 'VAT' },
      ],
    ]) {
      const refused = await call<ErrorBody>(api, 'PUT', '/api/invoice-settings', {
        token: admin.token,
        json: { ...exclusive, taxRates },
      });
      expect(refused.status).toBe(400);
    }
    const injected = await call<ErrorBody>(api, 'PUT', '/api/invoice-settings', {
      token: admin.token,
      json: { ...exclusive, sellerName: { $ne: '' } },
    });
    expect(injected.status).toBe(400);
    const now = await callEndpoint(api, contract.invoices.settings, { token: admin.token });
    expect(now.body.taxRates).toEqual(exclusive.taxRates);
  });
});

describe('an order with tax', () => {
  beforeAll(async () => {
    expect((await saveSettings(exclusive)).status).toBe(200);
  });

  it('adds the buyer country’s tax to the price, and PayPal is asked for it', async () => {
    const placed = await placeOrder('France', {
      companyName: 'Lovelace Ltd',
      companyTaxId: 'FR12345678901',
    });
    expect(placed.status).toBe(201);
    expect(placed.body).toMatchObject({
      packagePrice: 24.5,
      tax: { country: 'FR', label: 'VAT', rate: 20, inclusive: false, amount: '4.90' },
      totalPrice: '29.40',
      companyName: 'Lovelace Ltd',
      companyTaxId: 'FR12345678901',
    });
    const created = await callEndpoint(api, contract.payments.createPaypalOrder, {
      token: buyer.token,
      body: { orderId: placed.body._id, kind: 'package' },
    });
    const atPaypal = await paypal.order(created.body.id);
    expect(atPaypal?.purchase_units[0]?.amount).toEqual({
      currency_code: 'USD',
      value: '29.40',
      breakdown: {
        item_total: { currency_code: 'USD', value: '24.50' },
        tax_total: { currency_code: 'USD', value: '4.90' },
        handling: { currency_code: 'USD', value: '0.00' },
      },
    });
  });

  it('charges nothing more to a country without a rate', async () => {
    const placed = await placeOrder('Japan');
    expect(placed.status).toBe(201);
    expect(placed.body.tax).toBeUndefined();
    expect(placed.body.totalPrice).toBe('24.50');
  });

  it('finds an inclusive tax inside the price, and keeps the tax it was placed with', async () => {
    expect((await saveSettings({ ...exclusive, pricesIncludeTax: true })).status).toBe(200);
    const inclusive = await placeOrder('Germany');
    expect(inclusive.body).toMatchObject({
      tax: { country: 'DE', label: 'MwSt', rate: 19, inclusive: true, amount: '3.91' },
      totalPrice: '24.50',
    });
    // A later rate does not change an order already placed.
    expect((await saveSettings({ ...exclusive, taxRates: [] })).status).toBe(200);
    const read = await callEndpoint(api, contract.packageOrders.get, {
      token: buyer.token,
      params: { id: inclusive.body._id },
    });
    expect(read.body.tax).toMatchObject({ rate: 19, amount: '3.91' });
    expect((await saveSettings(exclusive)).status).toBe(200);
  });
});

describe('invoice numbers', () => {
  it('each paid order gets the year’s next number, with the seller as it was', async () => {
    const first = await paidOrder('France');
    const second = await paidOrder('France');
    const numberOf = (order: typeof first.order) => Number(order.invoice?.number.split('-')[2]);
    expect(first.order.invoice).toMatchObject({
      number: expect.stringMatching(new RegExp(`^INV-${year}-\\d{6}$`)),
      seller: { name: seller.sellerName, address: seller.sellerAddress, taxId: seller.sellerTaxId },
    });
    expect(numberOf(second.order)).toBe(numberOf(first.order) + 1);
    // An unpaid order has none.
    const unpaid = await placeOrder('France');
    expect(unpaid.body.invoice).toBeUndefined();
    // The back office's export has the invoice and the tax beside the order.
    const exported = await call(api, 'GET', `/api/orders?format=csv&q=${first.order.orderId}`, {
      token: admin.token,
    });
    const rows = parse(exported.text, { bom: true, columns: true }) as Record<string, string>[];
    expect(rows).toEqual([
      expect.objectContaining({
        Invoice: first.order.invoice?.number,
        Tax: '4.90',
        'Tax rate': 'VAT 20 %',
        Total: '29.40',
      }),
    ]);
  });

  it('stay without gap or double when two instances number at once', async () => {
    const second = await startTestApi(
      { ADMIN_EMAILS: adminEmail, ...paypal.env },
      {
        sameDatabaseAs: api,
      },
    );
    try {
      const at = new Date(Date.UTC(2031, 5, 1));
      const orders = Array.from({ length: 12 }, () => new Types.ObjectId());
      const issued = await Promise.all(
        orders.map((orderId, index) =>
          (index % 2 ? second : api).app.get(InvoicesService).invoiceFor(orderId, at),
        ),
      );
      const numbers = issued.map((invoice) => invoice.number).sort();
      expect(numbers).toEqual(
        Array.from({ length: 12 }, (_, index) => `INV-2031-${String(index + 1).padStart(6, '0')}`),
      );
      // Asked again (a retry, the sweep), an order keeps its number.
      const again = await second.app.get(InvoicesService).invoiceFor(orders[3]!, at);
      expect(again.number).toBe(issued[3]!.number);
    } finally {
      await second.close();
    }
  });

  it('a refund gets a credit note for what it gave back', async () => {
    const { order } = await paidOrder('France');
    const refunded = await callEndpoint(api, contract.packageOrders.refund, {
      token: admin.token,
      params: { id: order._id },
    });
    expect(refunded.status).toBe(200);
    const read = await callEndpoint(api, contract.packageOrders.get, {
      token: buyer.token,
      params: { id: order._id },
    });
    expect(read.body.creditNotes).toEqual([
      {
        number: expect.stringMatching(new RegExp(`^CN-${year}-\\d{6}$`)),
        issuedAt: expect.any(String),
        amount: '29.40',
      },
    ]);
    expect(read.body.invoice?.number).toBe(order.invoice?.number);
  });
});
