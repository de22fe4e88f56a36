import { paths } from '@coldmail/registry/pages';
import { useMe, sessionActions, useSession } from '@coldmail/session';
import { useEffect, useId, useRef, useState, type FocusEvent } from 'react';
import { Link, useNavigate } from '@coldmail/router';
import styles from './UserMenu.module.css';

function initialsOf(name: string): string {
  return (
    name
      .split(/\s+/)
      .filter(Boolean)
      .slice(0, 2)
      .map((part) => part[0]?.toUpperCase())
      .join('') || '?'
  );
}

/**
 * The signed-in user's avatar dropdown: name, email, Dashboard, Admin Panel (admins), Logout.
 * A disclosure (a button that shows a few links and a button, reached with Tab), not an ARIA
 * menu, which would promise arrow-key navigation. Escape closes it and gives the focus back to
 * the avatar; a click outside, or Tab past its last entry, closes it.
 *
 * The avatar's name starts with the initials it shows, then says what it opens ('AL Account
 * menu'): a speech-input user says what they see (WCAG 2.5.3 Label in Name), a screen-reader
 * user hears what the button is. Over a photo, which shows no text, it is 'Account menu'.
 */
export function UserMenu() {
  const user = useSession((state) => state.user);
  const { record: profile, isAdmin } = useMe();
  const navigate = useNavigate();
  const [open, setOpen] = useState(false);
  const menuId = useId();
  const root = useRef<HTMLDivElement>(null);
  const trigger = useRef<HTMLButtonElement>(null);

  useEffect(() => {
    if (!open) return;
    const close = (event: MouseEvent | KeyboardEvent) => {
      if (event instanceof KeyboardEvent) {
        if (event.key !== 'Escape') return;
        setOpen(false);
        trigger.current?.focus();
      } else if (!root.current?.contains(event.target as Node)) {
        setOpen(false);
      }
    };
    document.addEventListener('mousedown', close);
    document.addEventListener('keydown', close);
    return () => {
      document.removeEventListener('mousedown', close);
      document.removeEventListener('keydown', close);
    };
  }, [open]);

  if (!user) return null;
  const name = profile?.userName || user.displayName || 'User';
  const photo = profile?.profileURL || user.photoURL;
  const initials = photo ? null : initialsOf(name);

  const closeOnFocusLeaving = (event: FocusEvent<HTMLDivElement>) => {
    const to = event.relatedTarget;
    if (to instanceof Node && !event.currentTarget.contains(to)) setOpen(false);
  };

  const logout = async () => {
    setOpen(false);
    await sessionActions.signOut();
    navigate(paths.home);
  };

  return (
    <div className={styles.root} ref={root} onBlur={closeOnFocusLeaving}>
      <button
        ref={trigger}
        type="button"
        className={styles.avatarButton}
        aria-expanded={open}
        aria-controls={menuId}
        aria-label={initials ? `${initials} Account menu` : 'Account menu'}
        onClick={() => setOpen((value) => !value)}
      >
        {photo ? (
          <img className={styles.avatar} src={photo} alt="" />
        ) : (
          <span className={styles.initials}>{initials}</span>
        )}
      </button>
      {open && (
        <div className={styles.menu} id={menuId}>
          <div className={styles.identity}>
            <strong className={styles.name}>{name}</strong>
            <span className={styles.email}>{user.email}</span>
          </div>
          <Link className={styles.item} to={paths.userDashboard} onClick={() => setOpen(false)}>
            Dashboard
          </Link>
          {isAdmin && (
            <Link className={styles.item} to={paths.adminDashboard} onClick={() => setOpen(false)}>
              Admin Panel
            </Link>
          )}
          <button type="button" className={styles.item} onClick={logout}>
            Logout
          </button>
        </div>
      )}
    </div>
  );
}
