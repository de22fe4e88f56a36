import { paths } from '@coldmail/registry/pages';
import { Link } from '@coldmail/router';
import { selectCredits, useSession } from '@coldmail/session';
import { PageHeader } from '@coldmail/ui';

export function DashboardPage() {
  const name = useSession((state) => state.profile?.userName || state.user?.displayName || 'User');
  const credits = useSession(selectCredits);
  return (
    <section data-remote="account" data-page="DashboardPage">
      <PageHeader title="Dashboard" subtitle={`Welcome back, ${name}!`} />
      <p>
        {credits !== null && `You have ${credits} ${credits === 1 ? 'credit' : 'credits'}. `}
        <Link to={paths.userCreditHistory}>See your credit history</Link>
      </p>
    </section>
  );
}
