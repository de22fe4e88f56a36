import type { HTMLAttributes, ReactNode } from 'react';
import { EntryContent } from './EntryContent';
import styles from './SidebarLayout.module.css';

export interface SidebarTextProps extends Omit<HTMLAttributes<HTMLParagraphElement>, 'className'> {
  icon: ReactNode;
}

/** A line of information in the sidebar's footer, e.g. the credit balance. */
export function SidebarText({ icon, children, ...props }: SidebarTextProps) {
  return (
    <p className={styles.text} {...props}>
      <EntryContent icon={icon}>{children}</EntryContent>
    </p>
  );
}

export interface SidebarButtonProps {
  icon: ReactNode;
  onClick: () => void;
  children: ReactNode;
}

/** An action in the sidebar's footer, looking like its links, e.g. Logout. */
export function SidebarButton({ icon, onClick, children }: SidebarButtonProps) {
  return (
    <button type="button" className={styles.entry} onClick={onClick}>
      <EntryContent icon={icon}>{children}</EntryContent>
    </button>
  );
}
