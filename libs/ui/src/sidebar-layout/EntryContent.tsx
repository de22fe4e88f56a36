import type { ReactNode } from 'react';
import { Icon, isIconName } from '../icons/Icon';
import styles from './SidebarLayout.module.css';

/**
 * Icon and label of a sidebar entry. `icon` is an icon's name (as the page registry gives it) or
 * an element. The label names the entry; while the sidebar shows icons only it is hidden from
 * sight but still read out.
 */
export function EntryContent({ icon, children }: { icon: ReactNode; children: ReactNode }) {
  return (
    <>
      <span className={styles.icon} aria-hidden="true">
        {typeof icon === 'string' && isIconName(icon) ? <Icon name={icon} /> : icon}
      </span>
      <span className={styles.label}>{children}</span>
    </>
  );
}
