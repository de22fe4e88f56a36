import { describe, expect, it } from 'vitest';
import { featureBulletsOf } from './package-features';

describe('featureBulletsOf', () => {
  it('keeps the bullets that have text, in pointOne..pointTen order', () => {
    expect(
      featureBulletsOf({
        pointThree: 'Third',
        pointOne: ' First ',
        pointTwo: '  ',
        pointTen: 'Last',
      }),
    ).toEqual(['First', 'Third', 'Last']);
  });
});
