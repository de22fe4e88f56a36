import type { ReactNode } from 'react';
import styles from './SidebarLayout.module.css';

/** Icon and label of a sidebar entry; the label hides while the sidebar shows icons only. */
export function EntryContent({ icon, children }: { icon: ReactNode; children: ReactNode }) {
  return (
    <>
      <span className={styles.icon} aria-hidden="true">
        {icon}
      </span>
      <span className={styles.label}>{children}</span>
    </>
  );
}
