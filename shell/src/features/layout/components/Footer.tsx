import { useEffect, useState } from 'react';
import { Link } from '@coldmail/router';
import { fetchFooter, type FooterSettings } from '../api/branding';
import styles from './Footer.module.css';

type FooterState =
  | { kind: 'loading' }
  | { kind: 'loaded'; footer: FooterSettings | null }
  | { kind: 'error'; message: string };

const socialLabels = {
  facebook: 'Facebook',
  twitter: 'Twitter',
  linkedin: 'LinkedIn',
  youtube: 'YouTube',
};

/** Admin-edited HTML: sanitized before it reaches the page (the sanitizer loads only if needed). */
function Copyright({ html }: { html: string }) {
  const [safeHtml, setSafeHtml] = useState<string | null>(null);
  useEffect(() => {
    let current = true;
    void import('dompurify').then(({ default: DOMPurify }) => {
      if (current) setSafeHtml(DOMPurify.sanitize(html));
    });
    return () => {
      current = false;
    };
  }, [html]);
  if (safeHtml === null) return null;
  return <div className={styles.copyright} dangerouslySetInnerHTML={{ __html: safeHtml }} />;
}

/** The site footer, edited by admins; hidden unless its isActive flag is true. */
export function Footer() {
  const [state, setState] = useState<FooterState>({ kind: 'loading' });

  useEffect(() => {
    let current = true;
    fetchFooter()
      .then((footer) => current && setState({ kind: 'loaded', footer }))
      .catch((error: { status?: number }) => {
        if (!current) return;
        // No footer saved yet is not an error: there is simply nothing to show.
        if (error.status === 404) setState({ kind: 'loaded', footer: null });
        else setState({ kind: 'error', message: 'Failed to fetch footer data' });
      });
    return () => {
      current = false;
    };
  }, []);

  if (state.kind === 'error') {
    return (
      <footer className={styles.footer}>
        <p className={styles.error}>Error loading footer: {state.message}</p>
      </footer>
    );
  }
  if (state.kind !== 'loaded' || !state.footer?.isActive) return null;
  const { footer } = state;

  return (
    <footer className={styles.footer}>
      <div className={styles.grid}>
        <div>
          {footer.logo && <img className={styles.logo} src={footer.logo} alt="Logo" />}
          {footer.description && <p className={styles.muted}>{footer.description}</p>}
        </div>
        {footer.companyLinks && (
          <nav aria-label={footer.companyLinks.title || 'Company'}>
            <h2 className={styles.heading}>{footer.companyLinks.title}</h2>
            <ul className={styles.list}>
              {(footer.companyLinks.links ?? [])
                .filter((link) => link.text && link.url)
                .map((link) => (
                  <li key={`${link.text}-${link.url}`}>
                    {link.url.startsWith('/') ? (
                      <Link to={link.url}>{link.text}</Link>
                    ) : (
                      <a href={link.url} rel="noopener noreferrer">
                        {link.text}
                      </a>
                    )}
                  </li>
                ))}
            </ul>
          </nav>
        )}
        {footer.contactInfo && (
          <div>
            <h2 className={styles.heading}>{footer.contactInfo.title}</h2>
            <p className={styles.muted}>{footer.contactInfo.description}</p>
          </div>
        )}
        {footer.socialLinks && (
          <ul className={styles.social} aria-label="Social links">
            {(Object.keys(socialLabels) as (keyof typeof socialLabels)[])
              .filter((network) => footer.socialLinks?.[network])
              .map((network) => (
                <li key={network}>
                  <a href={footer.socialLinks?.[network]} rel="noopener noreferrer" target="_blank">
                    {socialLabels[network]}
                  </a>
                </li>
              ))}
          </ul>
        )}
      </div>
      {footer.copyrightText && <Copyright html={footer.copyrightText} />}
    </footer>
  );
}
