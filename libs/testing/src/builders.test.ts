import {
  footerSettingsSchema,
  geminiKeySchema,
  itemOrderSchema,
  itemSchema,
  navLogoSchema,
  packageOrderSchema,
  packageSchema,
  paypalSettingsSchema,
  promoCodeSchema,
  userRecordSchema,
} from '@coldmail/contracts';
import { describe, expect, it } from 'vitest';
import * as build from './builders';

describe('builders', () => {
  // A record the contract would reject would let a test pass against data the API never sends.
  it.each([
    ['userRecord', build.userRecord, userRecordSchema],
    ['creditPackage', build.creditPackage, packageSchema],
    ['item', build.item, itemSchema],
    ['packageOrder', build.packageOrder, packageOrderSchema],
    ['itemOrder', build.itemOrder, itemOrderSchema],
    ['paypalSettings', build.paypalSettings, paypalSettingsSchema],
    ['navLogo', build.navLogo, navLogoSchema],
    ['footerSettings', build.footerSettings, footerSettingsSchema],
    ['geminiKey', build.geminiKey, geminiKeySchema],
    ['promoCode', build.promoCode, promoCodeSchema],
    ['promoCode (fixed)', () => build.promoCode({ kind: 'fixed' }), promoCodeSchema],
  ] as const)('%s builds a record the contract accepts as it is', (_name, build, schema) => {
    const record = build();
    expect(schema.parse(record)).toEqual(record);
  });

  it('applies overrides over the defaults and keeps the other fields', () => {
    const order = build.packageOrder({ orderId: 'ZZ99', paymentStatus: 'Paid' });
    expect(order).toMatchObject({ orderId: 'ZZ99', paymentStatus: 'Paid', packageName: 'Pro' });
  });

  it('ties the orders to the default package, item and buyer', () => {
    expect(build.packageOrder().packageId).toBe(build.creditPackage()._id);
    expect(build.itemOrder().itemId).toBe(build.item()._id);
    expect(build.itemOrder().slug).toBe(build.item().slug);
    expect(build.packageOrder().customerEmail).toBe(build.userRecord().userEmail);
  });
});
