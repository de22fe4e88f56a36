import { PageHeader } from '@coldmail/ui';

export function GenerateEmailPage() {
  return (
    <section data-remote="generator" data-page="GenerateEmailPage">
      <PageHeader title="AI Email Template Generator" />
    </section>
  );
}
