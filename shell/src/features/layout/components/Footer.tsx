import { useEffect, useRef, useState, type RefObject } from 'react';
import { Link } from '@coldmail/router';
import type { FooterSettings } from '@coldmail/contracts';
import { useFooterSettings } from '../api/branding';
import styles from './Footer.module.css';

const socialLabels: Record<keyof FooterSettings['socialLinks'], string> = {
  facebook: 'Facebook',
  twitter: 'Twitter',
  linkedin: 'LinkedIn',
  youtube: 'YouTube',
};

/** True once part of the element shows in the viewport (at once where nothing can tell). */
function useInView(element: RefObject<HTMLElement | null>): boolean {
  const [shown, setShown] = useState(typeof IntersectionObserver === 'undefined');
  useEffect(() => {
    const target = element.current;
    if (shown || !target) return;
    const observer = new IntersectionObserver(
      (entries) => {
        // Touching the viewport's edge is not showing.
        if (entries.some((entry) => entry.intersectionRatio > 0)) setShown(true);
      },
      { threshold: [0, 0.01] },
    );
    observer.observe(target);
    return () => observer.disconnect();
  }, [element, shown]);
  return shown;
}

/**
 * Admin-edited HTML: sanitized before it reaches the page. The line sits at the page's end, so
 * the sanitizer loads when the footer scrolls into view, not with the first screen.
 */
function Copyright({ html }: { html: string }) {
  const line = useRef<HTMLDivElement>(null);
  const shown = useInView(line);
  const [safeHtml, setSafeHtml] = useState('');
  useEffect(() => {
    if (!shown) return;
    let current = true;
    void import('dompurify').then(({ default: DOMPurify }) => {
      if (current) setSafeHtml(DOMPurify.sanitize(html));
    });
    return () => {
      current = false;
    };
  }, [html, shown]);
  return (
    <div ref={line} className={styles.copyright} dangerouslySetInnerHTML={{ __html: safeHtml }} />
  );
}

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
  const links = footer.companyLinks.links.filter((link) => link.text && link.url);
  const networks = (Object.keys(socialLabels) as (keyof typeof socialLabels)[]).filter(
    (network) => footer.socialLinks[network],
  );

  return (
    <footer className={styles.footer}>
      <div className={styles.grid}>
        <div>
          {footer.logo ? (
            <img className={styles.logo} src={footer.logo} alt="Logo" />
          ) : (
            <p className={styles.brand}>ColdMail AI</p>
          )}
          {footer.description && <p className={styles.muted}>{footer.description}</p>}
        </div>
        {links.length > 0 && (
          <nav aria-label={footer.companyLinks.title || 'Company'}>
            <h2 className={styles.heading}>{footer.companyLinks.title}</h2>
            <ul className={styles.list}>
              {links.map((link) => (
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
        {(footer.contactInfo.title || footer.contactInfo.description) && (
          <div>
            <h2 className={styles.heading}>{footer.contactInfo.title}</h2>
            <p className={styles.muted}>{footer.contactInfo.description}</p>
          </div>
        )}
        {networks.length > 0 && (
          <ul className={styles.social} aria-label="Social links">
            {networks.map((network) => (
              <li key={network}>
                <a href={footer.socialLinks[network]} rel="noopener noreferrer" target="_blank">
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
