import { paths } from '@coldmail/registry/pages';
import { Component, type ErrorInfo, type ReactNode } from 'react';
import { reportError } from '../../../utils/error-sink';
import styles from './ErrorPages.module.css';

/** The page shown when the shell itself throws while rendering a route. */
function AppErrorPage({ error }: { error: unknown }) {
  const detail = error instanceof Error ? error.message : String(error);
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

/** Around the whole site: an error no inner boundary caught replaces it with AppErrorPage. */
export class AppErrorBoundary extends Component<{ children: ReactNode }, { error: unknown }> {
  override state: { error: unknown } = { error: null };

  static getDerivedStateFromError(error: unknown): { error: unknown } {
    return { error: error ?? new Error('Unknown error') };
  }

  override componentDidCatch(error: unknown, info: ErrorInfo): void {
    console.error('[shell]', error, info.componentStack);
    reportError({ error, mechanism: 'app-boundary' });
  }

  override render(): ReactNode {
    return this.state.error ? <AppErrorPage error={this.state.error} /> : this.props.children;
  }
}
