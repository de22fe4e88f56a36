import { ProfileSettingsForm } from '@coldmail/profile';
import { useMe } from '@coldmail/session';

/**
 * Account: the spec's panel is the signed-in admin's own profile, edited in place: the photo
 * card (Change Photo, Remove Photo) and the Personal Information form, as on /update-profile.
 */
export function AccountPanel() {
  const { record: profile } = useMe();
  if (!profile) return null;
  return <ProfileSettingsForm key={profile._id} profile={profile} />;
}
