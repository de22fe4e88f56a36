import type { ReadState } from '@coldmail/session';
import { Alert, Badge, Button, Card, PageHeader, PageLoader } from '@coldmail/ui';
import type { ReactNode } from 'react';
import { PendingOrdersPanel, type PendingRow } from './PendingOrdersPanel';
import styles from './Pending.module.css';

interface PendingOrdersSectionProps<Order> {
  title: string;
  state: ReadState<Order[]>;
  toRow: (order: Order) => PendingRow;
  failureText: string;
  emptyDescription?: ReactNode;
  /** 'page': the screen's h1; 'card': one of several lists on a screen. */
  variant: 'page' | 'card';
}

/** One kind of pending order with its count in the heading, in whichever state it is. */
export function PendingOrdersSection<Order>({
  title,
  state,
  toRow,
  failureText,
  emptyDescription,
  variant,
}: PendingOrdersSectionProps<Order>) {
  const heading = (
    <span className={styles.heading}>
      {title}
      {state.status === 'loaded' && (
        <Badge tone="warning" data-testid="pending-count">
          {state.data.length}
        </Badge>
      )}
    </span>
  );
  const body =
    state.status === 'loading' ? (
      <PageLoader />
    ) : state.status === 'error' ? (
      <Alert tone="error">
        <p className={styles.alertText}>{failureText}</p>
        <Button size="sm" variant="secondary" onClick={state.retry}>
          Retry
        </Button>
      </Alert>
    ) : (
      <PendingOrdersPanel
        rows={state.data.map(toRow)}
        label={title}
        emptyDescription={emptyDescription}
      />
    );

  return variant === 'page' ? (
    <>
      <PageHeader title={heading} />
      {body}
    </>
  ) : (
    <Card title={heading}>{body}</Card>
  );
}
