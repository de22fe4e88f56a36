import type { NavLogo } from '@coldmail/contracts';
import { Link } from '@coldmail/router';
import styles from './SiteLogo.module.css';

/** The site's name, shown where no logo image is set. */
export const SITE_NAME = 'ColdMail AI';

/**
 * The header's logo, linking `to` (home, or where the admin pointed it): the admin's image
 * (`logo`, when set and active) or the site's own wordmark. The admin's Logo Update panel
 * previews with this same component.
 */
export function SiteLogo({
  logo,
  to,
}: {
  logo: Pick<NavLogo, 'imageUrl' | 'altText'> | null;
  /** A path of the site, or (the admin's logo link) an http(s) URL elsewhere. */
  to: string;
}) {
  // Named by what it shows (the wordmark or the logo's alt text), then where it goes.
  const label = `${logo ? logo.altText || 'Logo' : SITE_NAME} home`;
  const content = logo ? (
    <img className={styles.image} src={logo.imageUrl} alt={logo.altText || 'Logo'} />
  ) : (
    <>
      <span className={styles.mark} aria-hidden="true">
        ✉
      </span>
      <span className={styles.word}>{SITE_NAME}</span>
    </>
  );
  if (/^https?:\/\//i.test(to)) {
    return (
      <a href={to} className={styles.logo} aria-label={label}>
        {content}
      </a>
    );
  }
  return (
    <Link to={to} className={styles.logo} aria-label={label}>
      {content}
    </Link>
  );
}
