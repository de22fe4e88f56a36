import { packagePointKeys, type CreditPackage } from '@coldmail/contracts';

/** The feature bullets pointOne..pointTen that have text, in order. */
export function featureBulletsOf(pkg: CreditPackage): string[] {
  return packagePointKeys.map((key) => pkg[key]?.trim() ?? '').filter((point) => point.length > 0);
}
