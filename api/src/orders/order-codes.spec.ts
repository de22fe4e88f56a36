import { newOrderCode } from './order-codes';

describe('newOrderCode', () => {
  it('is 8 characters from A-Z and 0-9', () => {
    for (let run = 0; run < 1000; run++) expect(newOrderCode()).toMatch(/^[A-Z0-9]{8}$/);
  });

  it('uses the whole alphabet and does not repeat itself', () => {
    const codes = Array.from({ length: 5000 }, newOrderCode);
    expect(new Set(codes).size).toBe(codes.length);
    expect(new Set(codes.join('')).size).toBe(36);
  });
});
