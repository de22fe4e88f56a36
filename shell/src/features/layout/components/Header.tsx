import { useSession } from '@coldmail/session';
import { ButtonLink } from '@coldmail/ui';
import { NavLink } from '@coldmail/router';
import styles from './Header.module.css';
import { Logo } from './Logo';
import { UserMenu } from './UserMenu';

const links = [
  { to: '/', label: 'Home' },
  { to: '/about', label: 'About Us' },
  { to: '/contact', label: 'Contact' },
];

export function Header() {
  const status = useSession((state) => state.status);
  return (
    <header className={styles.header}>
      <div className={styles.inner}>
        <Logo />
        <nav className={styles.nav} aria-label="Main">
          {links.map((link) => (
            <NavLink
              key={link.to}
              to={link.to}
              end
              className={({ isActive }) =>
                isActive ? `${styles.link} ${styles.active}` : styles.link
              }
            >
              {link.label}
            </NavLink>
          ))}
        </nav>
        <div className={styles.account}>
          {status === 'signed-in' ? (
            <UserMenu />
          ) : status === 'signed-out' ? (
            <>
              <ButtonLink to="/login" variant="ghost">
                Login
              </ButtonLink>
              <ButtonLink to="/register">Sign Up</ButtonLink>
            </>
          ) : null}
        </div>
      </div>
    </header>
  );
}
