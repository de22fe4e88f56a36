import { PageLoader } from '@coldmail/ui';
import styles from './FirstScreenLoader.module.css';

/**
 * A page that is not drawn yet (its remote loading, or the first page in its deferred render):
 * the loader fills the first screen, so the footer below does not show there and then jump.
 */
export function FirstScreenLoader() {
  return (
    <div className={styles.firstScreen}>
      <PageLoader />
    </div>
  );
}
