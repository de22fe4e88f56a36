import type { CreditPackage, PackagePointKey } from '@coldmail/contracts';

// Type-only imports from the contracts: a value import would pull zod into the landing page.

/** Spec: the landing page shows the first 3 packages. */
export const LANDING_PACKAGE_COUNT = 3;

const pointKeys: readonly PackagePointKey[] = [
  'pointOne',
  'pointTwo',
  'pointThree',
  'pointFour',
  'pointFive',
  'pointSix',
  'pointSeven',
  'pointEight',
  'pointNine',
  'pointTen',
];

/** The feature bullets pointOne..pointTen that have text, in order. */
export function featureBulletsOf(pkg: CreditPackage): string[] {
  return pointKeys.map((key) => pkg[key]?.trim() ?? '').filter((point) => point.length > 0);
}
