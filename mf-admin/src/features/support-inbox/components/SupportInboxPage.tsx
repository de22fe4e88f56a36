import { PageHeader } from '@coldmail/ui';

export function SupportInboxPage() {
  return (
    <section data-remote="admin" data-page="SupportInboxPage">
      <PageHeader title="Support Messages" />
    </section>
  );
}
