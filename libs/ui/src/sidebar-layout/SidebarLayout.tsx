import { NavLink } from '@coldmail/router';
import { clsx } from 'clsx';
import { useState, type ReactNode } from 'react';
import { useMediaQuery } from '../responsive-table/useMediaQuery';
import { EntryContent } from './EntryContent';
import styles from './SidebarLayout.module.css';

export interface SidebarNavItem {
  to: string;
  label: string;
  /** Decorative: the label names the link (its title does while only icons show). */
  icon: ReactNode;
  /** Opens as a full page in a new tab, e.g. another area of the product; never highlighted. */
  newTab?: boolean;
}

export interface SidebarLayoutProps {
  /** Names the sidebar landmark, e.g. 'User area'. */
  label: string;
  /** A logo or title at the top; hidden while the sidebar shows icons only. */
  brand: ReactNode;
  items: readonly SidebarNavItem[];
  /** Pinned to the bottom of the sidebar: SidebarText and SidebarButton entries. */
  footer?: ReactNode;
  tone?: 'light' | 'dark';
  /** Up to this viewport width (px) the sidebar shows icons only, whatever the toggle says. */
  breakpoint: number;
  /** The page beside the sidebar. */
  children: ReactNode;
}

/**
 * An area's chrome: a sidebar that collapses to icons (by its toggle, or on narrow screens) and
 * highlights the link of the current route, beside the page.
 */
export function SidebarLayout({
  label,
  brand,
  items,
  footer,
  tone = 'light',
  breakpoint,
  children,
}: SidebarLayoutProps) {
  const [collapsed, setCollapsed] = useState(false);
  const narrow = useMediaQuery(`(max-width: ${breakpoint}px)`);
  const iconsOnly = collapsed || narrow;

  return (
    <div className={clsx(styles.layout, styles[tone], iconsOnly && styles.iconsOnly)}>
      <aside className={styles.sidebar} aria-label={label}>
        <div className={styles.brand}>
          {!iconsOnly && brand}
          <button
            type="button"
            className={styles.toggle}
            aria-label={collapsed ? 'Expand sidebar' : 'Collapse sidebar'}
            aria-expanded={!collapsed}
            onClick={() => setCollapsed((value) => !value)}
          >
            {collapsed ? '»' : '«'}
          </button>
        </div>
        <nav className={styles.nav}>
          {items.map((item) =>
            item.newTab ? (
              <a
                key={item.to}
                className={styles.entry}
                href={item.to}
                target="_blank"
                rel="noopener"
                title={item.label}
              >
                <EntryContent icon={item.icon}>{item.label}</EntryContent>
              </a>
            ) : (
              <NavLink
                key={item.to}
                to={item.to}
                title={item.label}
                className={({ isActive }) => clsx(styles.entry, isActive && styles.active)}
              >
                <EntryContent icon={item.icon}>{item.label}</EntryContent>
              </NavLink>
            ),
          )}
        </nav>
        {footer && <div className={styles.footer}>{footer}</div>}
      </aside>
      <div className={styles.content}>{children}</div>
    </div>
  );
}
