import { describe, expect, it } from 'vitest';
import { itemBodySchema, itemSchema } from './schemas';

describe('itemBodySchema', () => {
  const item = {
    name: 'Playbook',
    slug: 'Cold-Playbook',
    price: '19',
    accessUrl: 'https://f.test/x',
  };

  it('lower-cases the slug and reads the price as a number', () => {
    expect(itemBodySchema.parse(item)).toMatchObject({ slug: 'cold-playbook', price: 19 });
  });

  it('refuses unknown fields, odd slugs and non-http access URLs', () => {
    for (const body of [
      { ...item, accessUrl: 'javascript:alert(1)' },
      { ...item, slug: 'two words' },
      { ...item, price: '1.234' },
      { ...item, _id: 'x' },
    ]) {
      expect(itemBodySchema.safeParse(body).success).toBe(false);
    }
  });
});

describe('itemSchema', () => {
  it('has no accessUrl: the public shape cannot carry it', () => {
    expect(Object.keys(itemSchema.shape)).not.toContain('accessUrl');
  });
});
