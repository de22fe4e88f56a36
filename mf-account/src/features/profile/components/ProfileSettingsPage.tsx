import { PageHeader } from '@coldmail/ui';

export function ProfileSettingsPage() {
  return (
    <section data-remote="account" data-page="ProfileSettingsPage">
      <PageHeader title="Profile Settings" />
    </section>
  );
}
