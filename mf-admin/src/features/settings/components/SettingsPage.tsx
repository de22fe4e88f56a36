import { useMe, useSession } from '@coldmail/session';
import { Alert, PageLoader } from '@coldmail/ui';
import { useCallback, useRef, useState } from 'react';
import { useLocation } from '@coldmail/router';
import type { ReactNode } from 'react';
import type { PanelLinkState } from '../../../utils/openPanel';
import { LEAVE_UNSAVED, UnsavedChangesContext } from '../../../hooks/unsavedChanges';
import styles from './Settings.module.css';

export interface SettingsPanel {
  id: string;
  /** The menu's text, as the spec names it. */
  label: string;
  render: () => ReactNode;
  /** False for a panel the menu does not list; it opens from a link elsewhere (see openPanel). */
  inMenu?: false;
}

/** The panel a link asked for (see openPanel), else the first. */
function initialPanel(panels: readonly SettingsPanel[], state: unknown): string {
  const wanted = (state as Partial<PanelLinkState> | null)?.settingsPanel;
  return panels.find((entry) => entry.id === wanted)?.id ?? panels[0]?.id ?? 'account';
}

/**
 * /admin/settings — a left menu and the chosen panel. As the spec says, the choice lives in the
 * screen's state, not in the URL. The panels are the app's (each feature's editor).
 */
export function SettingsPage({ panels }: { panels: readonly SettingsPanel[] }) {
  const location = useLocation();
  const [panelId, setPanelId] = useState(() => initialPanel(panels, location.state));
  const { record: profile, status: profileStatus } = useMe();
  const user = useSession((state) => state.user);
  const panel = panels.find((entry) => entry.id === panelId) ?? panels[0];
  const unsaved = useRef(false);
  const reportUnsaved = useCallback((dirty: boolean) => {
    unsaved.current = dirty;
  }, []);
  const choose = (id: string) => {
    if (id === panelId) return;
    // Switching panels would drop the open editor's changes: ask first.
    if (unsaved.current && !window.confirm(LEAVE_UNSAVED)) return;
    unsaved.current = false;
    setPanelId(id);
  };

  const photo = profile?.profileURL || user?.photoURL || null;
  const name = profile?.userName || user?.displayName || 'User';

  return (
    <section className={styles.page} data-remote="admin" data-page="SettingsPage">
      <aside className={styles.menu} aria-label="Settings">
        <div className={styles.profile}>
          {photo ? (
            <img className={styles.avatar} src={photo} alt="" width={48} height={48} />
          ) : (
            <span className={styles.placeholder} aria-hidden="true">
              {name.slice(0, 1).toUpperCase()}
            </span>
          )}
          <div className={styles.who}>
            <strong>{name}</strong>
            <span>{profile?.userEmail ?? user?.email ?? ''}</span>
          </div>
        </div>
        <nav>
          <ul className={styles.items}>
            {panels
              .filter((entry) => entry.inMenu !== false)
              .map((entry) => (
                <li key={entry.id}>
                  <button
                    type="button"
                    className={
                      entry.id === panelId ? `${styles.item} ${styles.active}` : styles.item
                    }
                    aria-current={entry.id === panelId ? 'page' : undefined}
                    onClick={() => choose(entry.id)}
                  >
                    {entry.label}
                  </button>
                </li>
              ))}
          </ul>
        </nav>
      </aside>
      <div className={styles.panel}>
        <h1 className={styles.title}>{panel?.label}</h1>
        {profileStatus === 'loading' && !profile ? (
          <PageLoader />
        ) : profileStatus === 'error' && !profile ? (
          <Alert tone="error">User data could not be loaded. Please try again later.</Alert>
        ) : (
          <UnsavedChangesContext.Provider value={reportUnsaved}>
            {panel?.render()}
          </UnsavedChangesContext.Provider>
        )}
      </div>
    </section>
  );
}
