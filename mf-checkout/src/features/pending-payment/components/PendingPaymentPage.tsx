import { PageHeader } from '@coldmail/ui';
import { PendingItemOrders, PendingPackageOrders } from './PendingLists';
import styles from './Pending.module.css';

/** /user/pending-payment (the sidebar's 'Pending Payment'): both kinds of unpaid order. */
export function PendingPaymentPage() {
  return (
    <section className={styles.page} data-remote="checkout" data-page="PendingPaymentPage">
      <PageHeader title="Pending Payment" subtitle="Orders waiting for your payment." />
      <div className={styles.stack}>
        <PendingPackageOrders variant="card" />
        <PendingItemOrders variant="card" />
      </div>
    </section>
  );
}
