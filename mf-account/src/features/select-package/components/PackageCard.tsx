import type { CreditPackage } from '@coldmail/contracts';
import { ButtonLink } from '@coldmail/ui';
import { useState } from 'react';
import { featureBulletsOf } from '../utils/packageCard';
import styles from './SelectPackage.module.css';

function PackageIcon({ src }: { src?: string }) {
  const [failedSrc, setFailedSrc] = useState<string | null>(null);
  if (src && src !== failedSrc) {
    return (
      <img
        className={styles.icon}
        src={src}
        alt=""
        width={48}
        height={48}
        onError={() => setFailedSrc(src)}
      />
    );
  }
  return (
    <span className={`${styles.icon} ${styles.defaultIcon}`} aria-hidden="true">
      ★
    </span>
  );
}

/** One package to choose, as on the home page: name, '$<price> USD', credits, bullets, Buy Now. */
export function PackageCard({ pkg }: { pkg: CreditPackage }) {
  const name = pkg.packageName.trim() || 'Package';
  return (
    <article className={styles.card} aria-label={name}>
      <PackageIcon src={pkg.icon} />
      <h2 className={styles.name}>{name}</h2>
      <p className={styles.price}>${pkg.price} USD</p>
      <p className={styles.meta}>
        {pkg.credit} credits · {pkg.validity} days
      </p>
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
