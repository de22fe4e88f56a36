import { paths } from '@coldmail/registry/pages';
import type { ApiError } from '@coldmail/session';
import { Button, ButtonLink, Card, PageLoader } from '@coldmail/ui';
import type { ReactNode } from 'react';
import styles from './Payment.module.css';

interface PaymentPanelProps {
  page: string;
  title: string;
  children: ReactNode;
  /** Offers a new attempt besides 'Return to Home'. */
  onRetry?: () => void;
  /** The Return to Home link's text. */
  homeText?: string;
}

/** A pay-now page that cannot offer payment: not found, failed to load, or payments switched off. */
export function PaymentPanel({
  page,
  title,
  children,
  onRetry,
  homeText = 'Return to Home',
}: PaymentPanelProps) {
  return (
    <section className={styles.page} data-remote="checkout" data-page={page}>
      <Card className={styles.panel}>
        <h1 className={styles.panelTitle}>{title}</h1>
        <div className={styles.panelText}>{children}</div>
        <div className={styles.panelActions}>
          {onRetry && (
            <Button variant="secondary" onClick={onRetry}>
              Retry
            </Button>
          )}
          <ButtonLink to={paths.home}>{homeText}</ButtonLink>
        </div>
      </Card>
    </section>
  );
}

/**
 * The order could not be loaded: the page's not-found view for a bad or unknown id, else an
 * 'Error' view (the children) with Retry. Each page brings its own texts, as its spec gives them.
 */
export function OrderLoadErrorPanel({
  page,
  error,
  onRetry,
  notFound,
  children,
}: {
  page: string;
  error: ApiError;
  onRetry: () => void;
  notFound: { title: string; text: string };
  children: ReactNode;
}) {
  return [400, 404].includes(error.status) ? (
    <PaymentPanel page={page} title={notFound.title}>
      {notFound.text}
    </PaymentPanel>
  ) : (
    <PaymentPanel page={page} title="Error" onRetry={onRetry}>
      {children}
    </PaymentPanel>
  );
}

export function PaymentLoadingPanel({ page }: { page: string }) {
  return (
    <section className={styles.page} data-remote="checkout" data-page={page}>
      <PageLoader label="Loading payment details..." />
    </section>
  );
}

export function PaymentUnavailablePanel({ page }: { page: string }) {
  return (
    <PaymentPanel page={page} title="Payment Unavailable">
      PayPal payments are currently unavailable. Please contact support for alternative payment
      methods.
    </PaymentPanel>
  );
}
