import { PageHeader } from '@coldmail/ui';

export function ContactPage() {
  return (
    <section data-remote="marketing" data-page="ContactPage">
      <PageHeader title="Contact" />
    </section>
  );
}
