import { formatOrderDate, membershipValidity } from './order-dates';

describe('formatOrderDate', () => {
  it('writes dd/mm/yyyy with leading zeros, in UTC', () => {
    expect(formatOrderDate(new Date('2025-03-07T12:00:00Z'))).toBe('07/03/2025');
    expect(formatOrderDate(new Date('2025-12-31T23:59:59.999Z'))).toBe('31/12/2025');
    expect(formatOrderDate(new Date('2026-01-01T00:00:00Z'))).toBe('01/01/2026');
  });
});

describe('membershipValidity', () => {
  it('is the creation time plus Validity days, to the millisecond', () => {
    const created = new Date('2025-01-31T10:15:30.123Z');
    expect(membershipValidity(created, 30).toISOString()).toBe('2025-03-02T10:15:30.123Z');
    expect(membershipValidity(created, 1).toISOString()).toBe('2025-02-01T10:15:30.123Z');
  });

  it('crosses leap days and year ends', () => {
    expect(membershipValidity(new Date('2024-02-28T00:00:00Z'), 2).toISOString()).toBe(
      '2024-03-01T00:00:00.000Z',
    );
    expect(membershipValidity(new Date('2025-12-15T08:00:00Z'), 365).toISOString()).toBe(
      '2026-12-15T08:00:00.000Z',
    );
  });

  it('is unaffected by daylight-saving changes (24-hour days)', () => {
    const beforeDstEurope = new Date('2025-03-29T12:00:00Z');
    expect(membershipValidity(beforeDstEurope, 1).getTime() - beforeDstEurope.getTime()).toBe(
      86_400_000,
    );
  });
});
