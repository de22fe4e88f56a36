import { PageHeader } from '@coldmail/ui';
import { ItemOrdersList } from './ItemOrdersList';
import styles from './Orders.module.css';

/** /user/orders — the buyer's item orders. */
export function OrdersPage() {
  return (
    <section className={styles.page} data-remote="account" data-page="OrdersPage">
      <PageHeader title="My Orders" subtitle="Your digital item orders and their access links." />
      <ItemOrdersList />
    </section>
  );
}
