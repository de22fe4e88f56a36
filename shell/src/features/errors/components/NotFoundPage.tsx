import { paths } from '@coldmail/registry/pages';
import { ButtonLink } from '@coldmail/ui';
import styles from './ErrorPages.module.css';

export function NotFoundPage() {
  return (
    <section className={styles.page}>
      <p className={styles.code}>404</p>
      <h1 className={styles.title}>Oops! Page can&apos;t be found.</h1>
      <p className={styles.text}>
        The page you are looking for doesn&apos;t exist or has been moved.
      </p>
      <ButtonLink to={paths.home}>Take me to Home</ButtonLink>
    </section>
  );
}
