import { paths } from '@coldmail/registry/pages';
import { ButtonLink } from '@coldmail/ui';
import type { ReactNode } from 'react';
import styles from './HomePage.module.css';

/**
 * The landing page; its content blocks come from their own features, composed in app/App. Until
 * the admin-edited banner block exists, a fixed introduction opens the page.
 */
export function HomePage({ children }: { children?: ReactNode }) {
  return (
    <div data-remote="marketing" data-page="HomePage">
      <section className={styles.hero}>
        <h1 className={styles.title}>AI Email Template Generator</h1>
        <p className={styles.lead}>
          Personalized cold-email templates in seconds: tell the generator who you are writing to
          and why, pick a tone, and get a ready-to-send email.
        </p>
        <ButtonLink to={paths.userGenerateEmail} size="lg">
          Generate an email
        </ButtonLink>
      </section>
      {children}
    </div>
  );
}
