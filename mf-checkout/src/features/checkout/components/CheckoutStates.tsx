import { paths } from '@coldmail/registry/pages';
import { useMe, type ApiError } from '@coldmail/session';
import { Alert, Button, ButtonLink, Card } from '@coldmail/ui';
import type { ReactNode } from 'react';
import styles from './Checkout.module.css';

/** Spec: a Seller sees only this message instead of the form. */
export function SellerNotice() {
  return (
    <Card>
      <Alert tone="warning">Sellers cannot purchase products</Alert>
    </Card>
  );
}

/** The buyer's own record could not be loaded (the spec's text), with a way to try again. */
export function BuyerRecordError() {
  const me = useMe();
  return (
    <Card>
      <Alert tone="error">User data could not be loaded. Please try again later.</Alert>
      <div className={styles.actions}>
        <Button onClick={() => void me.retry()}>Retry</Button>
      </div>
    </Card>
  );
}

/**
 * The product could not be loaded: say so and offer the way home. A malformed id (400) names no
 * product any more than an unknown one (404): both are 'not found'.
 */
export function CheckoutLoadError({
  error,
  notFound,
  failed,
}: {
  error: ApiError;
  notFound: ReactNode;
  failed: ReactNode;
}) {
  const missing = error.status === 400 || error.status === 404;
  return (
    <Card>
      <Alert tone="error" title={missing ? notFound : failed}>
        {missing ? null : error.message}
      </Alert>
      <div className={styles.actions}>
        <ButtonLink to={paths.home} variant="secondary">
          Return to Home
        </ButtonLink>
      </div>
    </Card>
  );
}
