import { PageHeader } from '@coldmail/ui';

export function SettingsPage() {
  return (
    <section data-remote="admin" data-page="SettingsPage">
      <PageHeader title="Settings" />
    </section>
  );
}
