import { itemBodySchema, MAX_PACKAGES, packageBodySchema } from '@coldmail/contracts';
import { DEMO_ITEMS, DEMO_PACKAGES } from './demo-catalogue';

describe('demo catalogue', () => {
  it('holds valid packages (no more than the store allows) and valid items', () => {
    expect(DEMO_PACKAGES.length).toBeLessThanOrEqual(MAX_PACKAGES);
    for (const creditPackage of DEMO_PACKAGES) {
      expect(packageBodySchema.parse(creditPackage)).toEqual(creditPackage);
    }
    for (const item of DEMO_ITEMS) expect(itemBodySchema.parse(item)).toEqual(item);
    expect(new Set(DEMO_ITEMS.map((item) => item.slug)).size).toBe(DEMO_ITEMS.length);
  });
});
