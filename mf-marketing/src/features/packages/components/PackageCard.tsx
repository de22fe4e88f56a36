import type { CreditPackage } from '@coldmail/contracts';
import { ButtonLink } from '@coldmail/ui';
import { featureBulletsOf, packagePriceText } from '../utils/packageCard';
import { PackageIcon } from './PackageIcon';
import styles from './Packages.module.css';

export function PackageCard({ pkg }: { pkg: CreditPackage }) {
  const name = pkg.packageName.trim() || 'Package';
  return (
    <article className={styles.card} aria-label={name}>
      <PackageIcon src={pkg.icon} />
      <h3 className={styles.name}>{name}</h3>
      <p className={styles.price}>{packagePriceText(pkg.price)}</p>
      <ul className={styles.points}>
        {featureBulletsOf(pkg).map((point, index) => (
          <li key={index}>{point}</li>
        ))}
      </ul>
      <ButtonLink to={`/buy/${pkg._id}`} fullWidth aria-label={`Buy Now: ${name}`}>
        Buy Now
      </ButtonLink>
    </article>
  );
}
