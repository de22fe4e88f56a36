import { PendingPackageOrders } from './PendingLists';
import styles from './Pending.module.css';

/** /user/package-pending-payment — the buyer's unpaid package orders. */
export function PackagePendingPage() {
  return (
    <section className={styles.page} data-remote="checkout" data-page="PackagePendingPage">
      <PendingPackageOrders variant="page" />
    </section>
  );
}
