import { paths } from '@coldmail/registry/pages';
import { isRouteErrorResponse, useRouteError } from '@coldmail/router';
import styles from './ErrorPages.module.css';

/** The router's fallback when the shell itself throws while rendering a route. */
export function AppErrorPage() {
  const error = useRouteError();
  const detail = isRouteErrorResponse(error)
    ? `${error.status} ${error.statusText}`
    : error instanceof Error
      ? error.message
      : String(error);
  return (
    <section className={styles.page} role="alert">
      <h1 className={styles.title}>Unexpected Application Error!</h1>
      <p className={styles.text}>{detail}</p>
      {/* A full page load: the shell's state may be what broke. */}
      <a className={styles.link} href={paths.home}>
        Take me to Home
      </a>
    </section>
  );
}
