import type { UserRecord } from '@coldmail/contracts';
import { paths } from '@coldmail/registry/pages';
import { Link, useLocation } from '@coldmail/router';
import { ProfileSettingsForm } from '@coldmail/profile';
import { useMe, useSession } from '@coldmail/session';
import { Alert, Card, PageHeader, PageLoader } from '@coldmail/ui';
import styles from './ProfileSettingsPage.module.css';

/**
 * What the form shows a signed-out visitor: the route is public in the specification's table,
 * and its page is the same empty form; saving or uploading then fails as the API refuses a
 * caller without a session ('Failed to update profile: Authentication required').
 */
const SIGNED_OUT_PROFILE: UserRecord = {
  _id: '000000000000000000000000',
  userName: '',
  userEmail: '',
  profileURL: null,
  userRole: 'member',
  userMembership: 'free',
  currentBalance: 0,
  aboutMe: '',
  address: '',
  city: '',
  country: '',
  phone: '',
  messageLogs: [],
  createdAt: '',
  updatedAt: '',
};

export function ProfileSettingsPage() {
  const status = useSession((state) => state.status);
  const { record: profile, status: profileStatus } = useMe();
  const location = useLocation();

  return (
    <section className={styles.page} data-remote="account" data-page="ProfileSettingsPage">
      <PageHeader title="Profile Settings" subtitle="Manage your photo and personal information." />
      {status === 'signed-out' ? (
        <>
          <Alert tone="info">
            You are not signed in: your changes cannot be saved.{' '}
            <Link to={paths.login} state={{ from: location }}>
              Log in
            </Link>{' '}
            to edit your profile.
          </Alert>
          <ProfileSettingsForm profile={SIGNED_OUT_PROFILE} />
        </>
      ) : profile ? (
        <ProfileSettingsForm key={profile._id} profile={profile} />
      ) : profileStatus === 'error' ? (
        <Card>
          <p>Failed to load your profile.</p>
          <Link to={paths.home}>Return to Home</Link>
        </Card>
      ) : (
        <PageLoader />
      )}
    </section>
  );
}
