import { bucketsOf, daysBetween } from './stats-days';

describe('the statistics’ buckets', () => {
  const days = daysBetween('2026-02-25', '2026-03-10');

  it('lists every day of the range, across a month’s end', () => {
    expect(days).toHaveLength(14);
    expect(days.slice(3, 6)).toEqual(['2026-02-28', '2026-03-01', '2026-03-02']);
  });

  it('groups days into ISO weeks from Monday, the first cut to the range', () => {
    expect(bucketsOf(days, 'week').map((bucket) => [bucket.start, bucket.days.length])).toEqual([
      ['2026-02-25', 5], // Wednesday to Sunday
      ['2026-03-02', 7],
      ['2026-03-09', 2],
    ]);
  });

  it('groups days into calendar months, and into themselves', () => {
    expect(bucketsOf(days, 'month').map((bucket) => [bucket.start, bucket.days.length])).toEqual([
      ['2026-02-25', 4],
      ['2026-03-01', 10],
    ]);
    expect(bucketsOf(days, 'day')).toHaveLength(14);
  });
});
