import { PageHeader } from '@coldmail/ui';

export function CreateSupportPage() {
  return (
    <section data-remote="account" data-page="CreateSupportPage">
      <PageHeader title="Create Support Ticket" />
    </section>
  );
}
