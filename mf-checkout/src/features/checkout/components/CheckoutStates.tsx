import { paths } from '@coldmail/registry/pages';
import type { ApiError } from '@coldmail/session';
import { Alert, ButtonLink, Card } from '@coldmail/ui';
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

/** The product could not be loaded: say so and offer the way home. */
export function CheckoutLoadError({
  error,
  notFound,
  failed,
}: {
  error: ApiError;
  notFound: ReactNode;
  failed: ReactNode;
}) {
  return (
    <Card>
      <Alert tone="error" title={error.status === 404 ? notFound : failed}>
        {error.status === 404 ? null : error.message}
      </Alert>
      <div className={styles.actions}>
        <ButtonLink to={paths.home} variant="secondary">
          Return to Home
        </ButtonLink>
      </div>
    </Card>
  );
}
