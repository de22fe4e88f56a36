import { useSession } from '@coldmail/session';
import { lazy, Suspense } from 'react';
import { OptionalPart } from '../../../components/OptionalPart';

/** The notice's code (and sign-in's, which it uses) loads only for the users it is for. */
const VerifyEmailNotice = lazy(async () => ({
  default: (await import('./VerifyEmailNotice')).VerifyEmailNotice,
}));

/** The verify-your-email notice, for a signed-in user whose address is not verified yet. */
export function EmailNotice() {
  const unverified = useSession((state) => state.user?.emailVerified === false);
  if (!unverified) return null;
  return (
    <OptionalPart name="verify-email notice" fallback={null}>
      <Suspense fallback={null}>
        <VerifyEmailNotice />
      </Suspense>
    </OptionalPart>
  );
}
