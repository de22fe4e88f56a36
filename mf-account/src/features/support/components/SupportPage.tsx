import { PageHeader } from '@coldmail/ui';

export function SupportPage() {
  return (
    <section data-remote="account" data-page="SupportPage">
      <PageHeader title="Support Tickets" />
    </section>
  );
}
