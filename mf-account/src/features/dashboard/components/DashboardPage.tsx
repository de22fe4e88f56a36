import { useSession } from '@coldmail/session';
import { PageHeader } from '@coldmail/ui';

export function DashboardPage() {
  const name = useSession((state) => state.profile?.userName || state.user?.displayName || 'User');
  return (
    <section data-remote="account" data-page="DashboardPage">
      <PageHeader title="Dashboard" subtitle={`Welcome back, ${name}!`} />
    </section>
  );
}
