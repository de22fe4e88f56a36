import { NavLink, useLocation } from '@coldmail/router';
import { clsx } from 'clsx';
import { useEffect, useId, useRef, useState, type FocusEvent, type ReactNode } from 'react';
import { MAIN_CONTENT_ID } from '../layout/mainContent';
import { useMediaQuery } from '../responsive-table/useMediaQuery';
import { EntryContent } from './EntryContent';
import styles from './SidebarLayout.module.css';

export interface SidebarNavItem {
  to: string;
  label: string;
  /**
   * Decorative: the label names the link. While only icons show, the label is hidden from sight
   * (still the link's name), shown beside the icon when the link has the keyboard focus, and the
   * link's title shows it on hover.
   */
  icon: ReactNode;
  /** Opens as a full page in a new tab, e.g. another area of the product; never highlighted. */
  newTab?: boolean;
  /** Other paths (pages reached from this entry's) on which the entry is highlighted too. */
  activeOn?: readonly string[];
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
  /**
   * Up to this viewport width (px) the sidebar shows icons only, and its toggle opens it in full
   * over the page until a link is chosen, Escape is pressed or the page is clicked.
   */
  breakpoint: number;
  /** The page beside the sidebar: the document's main landmark. */
  children: ReactNode;
}

/**
 * An area's chrome: a sidebar that collapses to icons (by its toggle, or on narrow screens, where
 * the toggle opens it over the page instead) and highlights the link of the current route, beside
 * the page. The sidebar is a landmark of its own, beside the page's <main>, not inside it: the
 * shell leaves the main landmark to this layout in the areas that use it.
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
  const [overlayOpen, setOverlayOpen] = useState(false);
  const narrow = useMediaQuery(`(max-width: ${breakpoint}px)`);
  const [wasNarrow, setWasNarrow] = useState(narrow);
  if (narrow !== wasNarrow) {
    // An overlay opened on a narrow screen does not outlive it (nor reopen by itself later).
    setWasNarrow(narrow);
    setOverlayOpen(false);
  }
  const overlay = narrow && overlayOpen;
  const expanded = narrow ? overlay : !collapsed;
  const { pathname } = useLocation();
  const onPath = (path: string) => pathname === path || pathname.startsWith(`${path}/`);
  const sidebarId = useId();
  const sidebarRef = useRef<HTMLElement>(null);
  const toggleRef = useRef<HTMLButtonElement>(null);

  useEffect(() => {
    if (!overlay) return;
    const closeOnOutsidePointer = (event: PointerEvent) => {
      if (!sidebarRef.current?.contains(event.target as Node)) setOverlayOpen(false);
    };
    const closeOnEscape = (event: KeyboardEvent) => {
      if (event.key !== 'Escape') return;
      setOverlayOpen(false);
      // The focus stays in the sidebar, on the toggle that opens it again.
      if (sidebarRef.current?.contains(document.activeElement)) toggleRef.current?.focus();
    };
    document.addEventListener('pointerdown', closeOnOutsidePointer);
    document.addEventListener('keydown', closeOnEscape);
    return () => {
      document.removeEventListener('pointerdown', closeOnOutsidePointer);
      document.removeEventListener('keydown', closeOnEscape);
    };
  }, [overlay]);

  const toggle = () => {
    if (narrow) setOverlayOpen((open) => !open);
    else setCollapsed((value) => !value);
  };
  const closeOverlay = () => setOverlayOpen(false);
  // The page under the opened sidebar is dimmed and covered: once the focus leaves the sidebar
  // (Tab past its last entry), the sidebar closes and uncovers where the focus went.
  const closeOnFocusLeaving = (event: FocusEvent<HTMLElement>) => {
    const to = event.relatedTarget;
    if (overlay && to instanceof Node && !event.currentTarget.contains(to)) closeOverlay();
  };

  return (
    <div
      className={clsx(
        styles.layout,
        styles[tone],
        !expanded && styles.iconsOnly,
        overlay && styles.overlay,
      )}
    >
      <aside
        id={sidebarId}
        ref={sidebarRef}
        className={styles.sidebar}
        aria-label={label}
        onBlur={closeOnFocusLeaving}
      >
        <div className={styles.brand}>
          {expanded && brand}
          <button
            ref={toggleRef}
            type="button"
            className={styles.toggle}
            aria-label={expanded ? 'Collapse sidebar' : 'Expand sidebar'}
            aria-expanded={expanded}
            aria-controls={sidebarId}
            onClick={toggle}
          >
            {expanded ? '«' : '»'}
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
                title={expanded ? undefined : item.label}
                onClick={closeOverlay}
              >
                <EntryContent icon={item.icon}>{item.label}</EntryContent>
              </a>
            ) : (
              <NavLink
                key={item.to}
                to={item.to}
                title={expanded ? undefined : item.label}
                className={({ isActive }) =>
                  clsx(styles.entry, (isActive || item.activeOn?.some(onPath)) && styles.active)
                }
                onClick={closeOverlay}
              >
                <EntryContent icon={item.icon}>{item.label}</EntryContent>
              </NavLink>
            ),
          )}
        </nav>
        {footer && <div className={styles.footer}>{footer}</div>}
      </aside>
      <main id={MAIN_CONTENT_ID} className={styles.content}>
        {children}
      </main>
    </div>
  );
}
