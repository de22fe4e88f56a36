import { paths } from '@coldmail/registry/pages';
import { Link, useLocation } from '@coldmail/router';
import { ProfileSettingsForm } from '@coldmail/profile';
import { useMe, useSession } from '@coldmail/session';
import { ButtonLink, Card, PageHeader, PageLoader } from '@coldmail/ui';
import styles from './ProfileSettingsPage.module.css';

export function ProfileSettingsPage() {
  const status = useSession((state) => state.status);
  const { record: profile, status: profileStatus } = useMe();
  const location = useLocation();

  return (
    <section className={styles.page} data-remote="account" data-page="ProfileSettingsPage">
      <PageHeader title="Profile Settings" subtitle="Manage your photo and personal information." />
      {status === 'signed-out' ? (
        <Card>
          <p>Please log in to edit your profile.</p>
          <ButtonLink to={paths.login} state={{ from: location }}>
            Go to Login
          </ButtonLink>
        </Card>
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
