import { paths } from '@coldmail/registry/pages';
import { useMe } from '@coldmail/session';
import { ButtonLink, Card, formatDate } from '@coldmail/ui';
import styles from './Settings.module.css';

/** Account: the signed-in admin's own record. */
export function AccountPanel() {
  const { record: profile } = useMe();
  if (!profile) return null;
  const rows: [string, string][] = [
    ['Name', profile.userName],
    ['Email', profile.userEmail],
    ['Role', profile.userRole],
    ['Membership', profile.userMembership],
    ['Credits', String(profile.currentBalance)],
    ['Phone', profile.phone || 'Not specified'],
    [
      'Address',
      [profile.address, profile.city, profile.country].filter(Boolean).join(', ') ||
        'Not specified',
    ],
    ['Member since', formatDate(profile.createdAt)],
  ];
  return (
    <Card title="Account">
      <dl className={styles.details}>
        {rows.map(([label, value]) => (
          <div key={label} className={styles.detail}>
            <dt>{label}</dt>
            <dd>{value}</dd>
          </div>
        ))}
      </dl>
      <ButtonLink to={paths.updateProfile} variant="secondary">
        Edit Profile
      </ButtonLink>
    </Card>
  );
}
