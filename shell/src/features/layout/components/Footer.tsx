import { FooterBlock } from '@coldmail/ui';
import { useFooterSettings } from '../../../hooks/branding';
import styles from './Footer.module.css';

/** The site footer, edited by admins; hidden unless its isActive flag is true. */
export function Footer() {
  const { data: footer, isError } = useFooterSettings();

  if (isError) {
    return (
      <footer className={styles.footer}>
        <p className={styles.error}>Error loading footer: Failed to fetch footer data</p>
      </footer>
    );
  }
  if (!footer?.isActive) return null;
  return <FooterBlock footer={footer} />;
}
