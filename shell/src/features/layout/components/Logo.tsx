import { paths } from '@coldmail/registry/pages';
import { Link } from '@coldmail/router';
import { useNavLogo } from '../api/branding';
import styles from './Logo.module.css';

export function Logo({ to = paths.home }: { to?: string }) {
  const logo = useNavLogo();
  return (
    // Named by what it shows (the wordmark or the logo's alt text), then where it goes.
    <Link
      to={to}
      className={styles.logo}
      aria-label={`${logo ? logo.altText || 'Logo' : 'ColdMail AI'} home`}
    >
      {logo ? (
        <img className={styles.image} src={logo.imageUrl} alt={logo.altText || 'Logo'} />
      ) : (
        <>
          <span className={styles.mark} aria-hidden="true">
            ✉
          </span>
          <span className={styles.word}>ColdMail AI</span>
        </>
      )}
    </Link>
  );
}
