import { describe, expect, it } from 'vitest';
import { newOrderBodySchema } from '../orders/schemas';
import { packageBodySchema } from './schemas';

describe('packageBodySchema', () => {
  it('accepts numbers typed into a form as text', () => {
    const parsed = packageBodySchema.parse({ packageName: 'Starter', price: '9.99', credit: '50' });
    expect(parsed).toMatchObject({ price: 9.99, credit: 50 });
  });

  it('requires a name, a price and a numeric credit', () => {
    const result = packageBodySchema.safeParse({ packageName: ' ', price: '', credit: 'lots' });
    expect(result.success).toBe(false);
    const messages = Object.fromEntries(
      (result.error?.issues ?? []).map((issue) => [issue.path[0], issue.message]),
    );
    expect(messages).toEqual({
      packageName: 'Package name is required',
      price: 'Price is required',
      // Filled in, but not a number: the form says so rather than calling it empty.
      credit: 'Credit must be a number',
    });
  });
});

describe('newOrderBodySchema', () => {
  it('drops whatever the client says about price, credit or status', () => {
    const parsed = newOrderBodySchema.parse({
      packageId: '0123456789abcdef01234567',
      customerName: 'Ada',
      address: '1 Loop',
      country: 'France',
      totalPrice: '0.01',
      credit: 1_000_000,
      paymentStatus: 'Paid',
    });
    expect(parsed).toEqual({
      packageId: '0123456789abcdef01234567',
      customerName: 'Ada',
      address: '1 Loop',
      country: 'France',
    });
  });
});

describe('prices', () => {
  it('accept at most two decimals and must be above zero', () => {
    const base = { packageName: 'Starter', credit: 1 };
    expect(packageBodySchema.safeParse({ ...base, price: '19.99' }).success).toBe(true);
    expect(packageBodySchema.safeParse({ ...base, price: 0.1 + 0.2 }).success).toBe(true);
    for (const price of ['9.999', 0, '-1', 100_001]) {
      expect(packageBodySchema.safeParse({ ...base, price }).success).toBe(false);
    }
  });
});
