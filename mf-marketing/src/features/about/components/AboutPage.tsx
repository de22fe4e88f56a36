import { PageHeader } from '@coldmail/ui';

export function AboutPage() {
  return (
    <section data-remote="marketing" data-page="AboutPage">
      <PageHeader title="About Us" />
    </section>
  );
}
