import { PageHeader } from '@coldmail/ui';

export function HomePage() {
  return (
    <section data-remote="marketing" data-page="HomePage">
      <PageHeader title="Home" />
    </section>
  );
}
