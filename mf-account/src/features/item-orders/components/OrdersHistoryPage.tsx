import { PageHeader } from '@coldmail/ui';
import { ItemOrdersList } from './ItemOrdersList';
import styles from './Orders.module.css';

/** /user/orders-history — where an item payment lands: the buyer's item orders. */
export function OrdersHistoryPage() {
  return (
    <section className={styles.page} data-remote="account" data-page="OrdersHistoryPage">
      <PageHeader
        title="Orders History"
        subtitle="Your digital item orders and their access links."
      />
      <ItemOrdersList />
    </section>
  );
}
