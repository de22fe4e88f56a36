import { paths } from '@coldmail/registry/pages';
import { NavLink } from '@coldmail/router';
import styles from './Orders.module.css';

const kinds = [
  { to: paths.adminOrders, label: 'Package orders' },
  { to: paths.adminItemsOrders, label: 'Item orders' },
];

/**
 * Switches between the two orders lists. The sidebar's 'Total Orders' opens the package orders;
 * the item orders have no entry of their own there (the spec's sidebar is fixed), so they are
 * reached from here.
 */
export function OrderKindTabs() {
  return (
    <nav aria-label="Orders" className={styles.tabs}>
      {kinds.map((kind) => (
        <NavLink
          key={kind.to}
          to={kind.to}
          end
          className={({ isActive }) =>
            isActive ? `${styles.tab} ${styles.activeTab}` : styles.tab
          }
        >
          {kind.label}
        </NavLink>
      ))}
    </nav>
  );
}
