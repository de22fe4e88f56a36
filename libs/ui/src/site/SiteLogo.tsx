import type { NavLogo } from '@coldmail/contracts';
import { Link } from '@coldmail/router';
import styles from './SiteLogo.module.css';

/** The site's name, shown where no logo image is set. */
export const SITE_NAME = 'ColdMail AI';

/**
 * The header's logo, linking home: the admin's image (`logo`, when set and active) or the site's
 * own wordmark. The admin's Logo Update panel previews with this same component.
 */
export function SiteLogo({
  logo,
  to,
}: {
  logo: Pick<NavLogo, 'imageUrl' | 'altText'> | null;
  to: string;
}) {
  return (
    // Named by what it shows (the wordmark or the logo's alt text), then where it goes.
    <Link
      to={to}
      className={styles.logo}
      aria-label={`${logo ? logo.altText || 'Logo' : SITE_NAME} home`}
    >
      {logo ? (
        <img className={styles.image} src={logo.imageUrl} alt={logo.altText || 'Logo'} />
      ) : (
        <>
          <span className={styles.mark} aria-hidden="true">
            ✉
          </span>
          <span className={styles.word}>{SITE_NAME}</span>
        </>
      )}
    </Link>
  );
}
