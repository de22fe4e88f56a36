import type { FooterSettings } from '@coldmail/contracts';
import { Link } from '@coldmail/router';
import { useEffect, useRef, useState } from 'react';
import { cssUrl } from '../content-blocks/cssUrl';
import { useNearViewport } from '../viewport/useNearViewport';
import { SITE_NAME } from './SiteLogo';
import styles from './FooterBlock.module.css';

const socialLabels: Record<keyof FooterSettings['socialLinks'], string> = {
  facebook: 'Facebook',
  twitter: 'Twitter',
  linkedin: 'LinkedIn',
  youtube: 'YouTube',
};

/**
 * The footer's own colour laid over the admin's background image: at this strength the footer's
 * lightest-on-dark texts keep at least 4.5:1 whatever the image shows (over pure white the
 * shaded background is about #222a3b, against which #94a3b8 is 5.6:1).
 */
const SHADE = 'rgb(15 23 42 / 0.92)';
/** How long the footer stays near the viewport before what waits for it loads. */
export const FOOTER_DWELL_MS = 500;

/**
 * Admin-edited HTML: sanitized before it reaches the page. The line sits at the page's end, so
 * the sanitizer loads (`near`) as the footer comes near the viewport, not with the first screen.
 */
function Copyright({ html, near }: { html: string; near: boolean }) {
  const [safeHtml, setSafeHtml] = useState('');
  useEffect(() => {
    if (!near) return;
    let current = true;
    void import('dompurify').then(({ default: DOMPurify }) => {
      if (current) setSafeHtml(DOMPurify.sanitize(html));
    });
    return () => {
      current = false;
    };
  }, [html, near]);
  return <div className={styles.copyright} dangerouslySetInnerHTML={{ __html: safeHtml }} />;
}

/** A titled column of links (the company's pages, the legal pages); nothing without a link. */
function LinkColumn({
  column,
  fallbackLabel,
}: {
  column: FooterSettings['companyLinks'];
  fallbackLabel: string;
}) {
  const links = column.links.filter((link) => link.text && link.url);
  if (links.length === 0) return null;
  return (
    <nav aria-label={column.title || fallbackLabel}>
      <h2 className={styles.heading}>{column.title}</h2>
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
  );
}

/**
 * The site footer as an admin set it up (the shell decides whether it shows; the admin's Footer
 * Section panel previews with this same component). The background image, when set, loads as the
 * footer nears the viewport, under the footer's own colour.
 */
export function FooterBlock({ footer }: { footer: FooterSettings }) {
  const root = useRef<HTMLElement>(null);
  // One watch for what waits for the footer (its image, the copyright's sanitizer); none when
  // nothing does.
  const near = useNearViewport(root, {
    margin: '200px',
    // While the page above loads, a loader one screen high holds the footer just below the fold
    // for a moment: that is not a reader coming near.
    dwellMs: FOOTER_DWELL_MS,
    immediately: !footer.backgroundImage && !footer.copyrightText,
  });
  const networks = (Object.keys(socialLabels) as (keyof typeof socialLabels)[]).filter(
    (network) => footer.socialLinks[network],
  );

  return (
    <footer
      ref={root}
      className={styles.footer}
      style={
        footer.backgroundImage && near
          ? {
              backgroundImage: `linear-gradient(${SHADE}, ${SHADE}), ${cssUrl(footer.backgroundImage)}`,
            }
          : undefined
      }
    >
      <div className={styles.grid}>
        <div>
          {footer.logo ? (
            <img className={styles.logo} src={footer.logo} alt="Logo" />
          ) : (
            <p className={styles.brand}>{SITE_NAME}</p>
          )}
          {footer.description && <p className={styles.muted}>{footer.description}</p>}
        </div>
        <LinkColumn column={footer.companyLinks} fallbackLabel="Company" />
        <LinkColumn column={footer.legalLinks} fallbackLabel="Legal" />
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
      {footer.copyrightText && <Copyright html={footer.copyrightText} near={near} />}
    </footer>
  );
}
