import { paths } from '@coldmail/registry/pages';
import { Link } from '@coldmail/router';
import { api, useMe, useSession } from '@coldmail/session';
import { Alert, Button, ButtonLink, Card, PageHeader, Spinner, formatDate } from '@coldmail/ui';
import { useQuery } from '@coldmail/query';
import styles from './Dashboard.module.css';
import { creditReasonInWords } from '../../../utils/credit-reasons';

const RECENT_ENTRIES = 5;

const shortcuts = [
  {
    to: paths.userGenerateEmail,
    title: 'AI Email Template Generator',
    text: 'Write a personalised cold email in seconds.',
  },
  {
    to: paths.userPendingPayment,
    title: 'Pending Payments',
    text: 'Pay the orders you have started.',
  },
  { to: paths.userSupport, title: 'Support', text: 'Your tickets and our answers.' },
  {
    to: paths.userSubscriptionHistory,
    title: 'Subscription History',
    text: 'Every package you bought.',
  },
  { to: paths.userSelectPackage, title: 'Upgrade Package', text: 'Get more credits.' },
];

/** /user/dashboard — a welcome, shortcuts to everything, and where the credits stand. */
export function DashboardPage() {
  const me = useMe();
  const displayName = useSession((state) => state.user?.displayName);
  const name = me.record?.userName || displayName || 'User';
  const { credits } = me;
  const recordFailed = me.status === 'error';
  return (
    <section className={styles.page} data-remote="account" data-page="DashboardPage">
      <PageHeader title="Dashboard" subtitle={`Welcome back, ${name}!`} />
      <nav aria-label="Shortcuts">
        <ul className={styles.cards}>
          {shortcuts.map((shortcut) => (
            <li key={shortcut.to}>
              <Link className={styles.card} to={shortcut.to}>
                <span className={styles.cardTitle}>{shortcut.title}</span>
                <span className={styles.cardText}>{shortcut.text}</span>
              </Link>
            </li>
          ))}
        </ul>
      </nav>
      <ButtonLink className={styles.generate} to={paths.userGenerateEmail} size="lg">
        AI Email Template Generator
      </ButtonLink>
      <Card title="Your Credits">
        {credits === null && recordFailed ? (
          <Alert tone="error">
            User data could not be loaded. Please try again later.{' '}
            <Button size="sm" variant="secondary" onClick={() => void me.retry()}>
              Retry
            </Button>
          </Alert>
        ) : (
          <p className={styles.balance}>
            {credits === null ? '…' : `${credits} ${credits === 1 ? 'credit' : 'credits'}`}
          </p>
        )}
        <TrialOffer />
        <RecentCredits />
        <Link to={paths.userCreditHistory}>See your credit history</Link>
      </Card>
    </section>
  );
}

/** Until the address is verified, what verifying it brings (TRIAL_CREDITS, when the store gives any). */
function TrialOffer() {
  const verified = useSession((state) => state.user?.emailVerified);
  const offer = useQuery({ ...api.credits.trialOffer.query(), enabled: verified === false });
  const credits = offer.data?.credits ?? 0;
  if (verified !== false || credits === 0) return null;
  return (
    <p className={styles.trial}>
      Verify your email address to get {credits} free {credits === 1 ? 'credit' : 'credits'} to try
      the generator.
    </p>
  );
}

function RecentCredits() {
  const history = useQuery(
    api.credits.history.query({ query: { page: 1, pageSize: RECENT_ENTRIES } }),
  );
  if (history.isPending) return <Spinner />;
  if (history.isError) return <Alert tone="error">Could not load your recent credits.</Alert>;
  if (history.data.entries.length === 0) return <p>No credit changes yet.</p>;
  return (
    <ul className={styles.entries} aria-label="Recent credit changes">
      {history.data.entries.map((entry) => (
        <li key={entry._id} className={styles.entry}>
          <span>{formatDate(entry.date)}</span>
          <span>{creditReasonInWords[entry.reason]}</span>
          <span className={entry.delta >= 0 ? styles.gain : styles.loss}>
            {entry.delta > 0 ? `+${entry.delta}` : entry.delta < 0 ? `−${-entry.delta}` : '0'}
          </span>
        </li>
      ))}
    </ul>
  );
}
