import type { ReactNode } from 'react';
import { PageHeader } from '@coldmail/ui';

/** The landing page; its content blocks come from their own features, composed in app/App. */
export function HomePage({ children }: { children?: ReactNode }) {
  return (
    <section data-remote="marketing" data-page="HomePage">
      <PageHeader title="Home" />
      {children}
    </section>
  );
}
