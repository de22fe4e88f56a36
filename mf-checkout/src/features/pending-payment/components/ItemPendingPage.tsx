import { PendingItemOrders } from './PendingLists';
import styles from './Pending.module.css';

/** /user/item-pending-payment — the buyer's unpaid item orders. */
export function ItemPendingPage() {
  return (
    <section className={styles.page} data-remote="checkout" data-page="ItemPendingPage">
      <PendingItemOrders variant="page" />
    </section>
  );
}
