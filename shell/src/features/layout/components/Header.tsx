import { paths } from '@coldmail/registry/pages';
import { useSession } from '@coldmail/session';
import { ButtonLink, useMediaQuery } from '@coldmail/ui';
import { NavLink } from '@coldmail/router';
import { lazy, Suspense, type Ref } from 'react';
import styles from './Header.module.css';
import { useCachedNavbarUser } from '../../../utils/browser-cache';
import { Logo } from '../../../components/Logo';
import { OptionalPart } from '../../../components/OptionalPart';

/** The account menu's code loads for a signed-in visitor only (most visitors are not). */
const UserMenu = lazy(async () => ({ default: (await import('./UserMenu')).UserMenu }));

const links = [
  { to: paths.home, label: 'Home' },
  { to: paths.about, label: 'About Us' },
  { to: paths.contact, label: 'Contact' },
];

/**
 * Until sign-in has restored itself, the last known user's avatar holds the place (not while a
 * server-rendered page is taken over: the server knew no user, and the first render must draw
 * what it drew).
 */
function CachedAvatar() {
  const cached = useCachedNavbarUser();
  if (!cached) return null;
  return (
    <span className={styles.cachedAvatar} aria-hidden="true">
      {cached.profileURL ? (
        <img src={cached.profileURL} alt="" />
      ) : (
        cached.userName.slice(0, 1).toUpperCase()
      )}
    </span>
  );
}

/** Header.module.css's breakpoint: the links wrap to a row of their own below the account. */
const NARROW = '(max-width: 640px)';

/**
 * `ref`: the header element, which stays stuck to the top of the window as the page scrolls.
 * The links sit between the logo and the account on a wide screen, and below both on a narrow
 * one: the document follows what the eye sees, so Tab does too.
 */
export function Header({ ref }: { ref?: Ref<HTMLElement> }) {
  const status = useSession((state) => state.status);
  const narrow = useMediaQuery(NARROW);
  const nav = (
    <nav key="nav" className={styles.nav} aria-label="Main">
      {links.map((link) => (
        <NavLink
          key={link.to}
          to={link.to}
          end
          className={({ isActive }) => (isActive ? `${styles.link} ${styles.active}` : styles.link)}
        >
          {link.label}
        </NavLink>
      ))}
    </nav>
  );
  const account = (
    <div key="account" className={styles.account}>
      {status === 'signed-in' ? (
        <OptionalPart name="account menu" fallback={<CachedAvatar />}>
          <Suspense fallback={<CachedAvatar />}>
            <UserMenu />
          </Suspense>
        </OptionalPart>
      ) : status === 'unknown' ? (
        <CachedAvatar />
      ) : (
        <>
          <ButtonLink to={paths.login} variant="ghost">
            Login
          </ButtonLink>
          <ButtonLink to={paths.register}>Sign Up</ButtonLink>
        </>
      )}
    </div>
  );
  return (
    <header ref={ref} className={styles.header}>
      <div className={styles.inner}>
        <Logo />
        {narrow ? [account, nav] : [nav, account]}
      </div>
    </header>
  );
}
