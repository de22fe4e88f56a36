// Free of zod on purpose: the landing page imports this (through the
// `@coldmail/contracts/package-features` entry) without paying for the schemas.
import type { CreditPackage } from './packages/schemas';

/** Spec: at most 3 packages; the landing page shows the first 3. */
export const MAX_PACKAGES = 3;

/** The ten feature bullets of a package card, in order; empty ones are not shown. */
export const packagePointKeys = [
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
] as const;
export type PackagePointKey = (typeof packagePointKeys)[number];

/** The feature bullets pointOne..pointTen that have text, in order. */
export function featureBulletsOf(pkg: Pick<CreditPackage, PackagePointKey>): string[] {
  return packagePointKeys.map((key) => pkg[key]?.trim() ?? '').filter((point) => point.length > 0);
}
