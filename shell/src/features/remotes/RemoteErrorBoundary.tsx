import { Button } from '@coldmail/ui';
import { Component, type ErrorInfo, type ReactNode } from 'react';
import { reportError } from '../../utils/error-sink';
import styles from './RemoteErrorBoundary.module.css';
import {
  isLoadFailure,
  loadedReleaseOf,
  RemoteLoadError,
  reportFailure,
  skewedSharedModule,
} from './remote-registry';

interface Props {
  remote: string;
  /** When this changes while an error is shown, the boundary tries again (e.g. navigation). */
  resetKey: string;
  /** Retry after the remote's code failed to load: load it afresh (and change `resetKey`). */
  onRetryLoad: () => void;
  children: ReactNode;
}

interface State {
  error: Error | null;
  failedAt: string | null;
}

/**
 * Keeps a remote that failed to load, or whose page crashed, inside its own box: the rest of the
 * page lives on. The two are told apart, since only the first is about loading; neither shows
 * the error's own text (the console has it).
 */
export class RemoteErrorBoundary extends Component<Props, State> {
  override state: State = { error: null, failedAt: null };

  static getDerivedStateFromError(error: Error): Partial<State> {
    return { error };
  }

  static getDerivedStateFromProps(props: Props, state: State): Partial<State> | null {
    if (state.error && state.failedAt !== null && state.failedAt !== props.resetKey) {
      return { error: null, failedAt: null };
    }
    if (state.error && state.failedAt === null) return { failedAt: props.resetKey };
    return null;
  }

  override componentDidCatch(error: Error, info: ErrorInfo): void {
    const { remote } = this.props;
    console.error(`[remote ${remote}]`, error, info.componentStack);
    // A release that failed to load is named by the error; one that crashed is the loaded one.
    const release =
      (error instanceof RemoteLoadError ? error.release : null) ?? loadedReleaseOf(remote);
    reportError({ error, source: { remote, release }, mechanism: 'remote-boundary' });
    // A release that loaded and then failed to render counts against it too (a load failure
    // was reported where it happened).
    if (!isLoadFailure(error)) reportFailure(remote, loadedReleaseOf(remote), error);
  }

  /** A crashed page's code is in: drawing it again is the retry. */
  private readonly renderAgain = () => this.setState({ error: null, failedAt: null });

  override render(): ReactNode {
    const { error } = this.state;
    const { remote, onRetryLoad, children } = this.props;
    if (!error) return children;
    if (skewedSharedModule(error)) {
      // Loading again gives the same refusal: only a newer site (a reload) can run this release.
      return (
        <div className={styles.fallback} role="alert" data-remote-fallback={remote}>
          <h2 className={styles.title}>This section has been updated</h2>
          <p className={styles.text}>
            It needs a newer version of the site than the one open in this tab. Reload the page to
            get it. The rest of the site still works.
          </p>
          <Button onClick={() => window.location.reload()}>Reload page</Button>
        </div>
      );
    }
    return (
      <div className={styles.fallback} role="alert" data-remote-fallback={remote}>
        {isLoadFailure(error) ? (
          <>
            <h2 className={styles.title}>This section is temporarily unavailable</h2>
            <p className={styles.text}>
              Loading chunk {remote} failed. The rest of the site still works.
            </p>
          </>
        ) : (
          <>
            <h2 className={styles.title}>Something went wrong on this page.</h2>
            <p className={styles.text}>Please try again. The rest of the site still works.</p>
          </>
        )}
        <Button onClick={isLoadFailure(error) ? onRetryLoad : this.renderAgain}>Retry</Button>
      </div>
    );
  }
}
