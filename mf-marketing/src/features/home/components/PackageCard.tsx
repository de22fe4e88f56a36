import { paths } from '@coldmail/registry/pages';
import type { CreditPackage } from '@coldmail/contracts';
import { ButtonLink, PricingCard, formatMoney } from '@coldmail/ui';
import { featureBulletsOf } from '@coldmail/contracts/package-features';

/** A package in the home page's pricing block. */
export function PackageCard({ pkg }: { pkg: CreditPackage }) {
  const name = pkg.packageName.trim() || 'Package';
  return (
    <PricingCard
      title={name}
      headingLevel={3}
      price={formatMoney(pkg.price, pkg.currency)}
      iconUrl={pkg.icon}
      features={featureBulletsOf(pkg)}
      action={
        <ButtonLink to={paths.buy(pkg._id)} fullWidth aria-label={`Buy Now: ${name}`}>
          Buy Now
        </ButtonLink>
      }
    />
  );
}
