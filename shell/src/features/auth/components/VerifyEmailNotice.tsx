import { useSession } from '@coldmail/session';
import { Button, toast } from '@coldmail/ui';
import { useState } from 'react';
import { refreshEmailVerification, resendVerificationEmail } from '../api/firebase-auth';
import styles from './VerifyEmailNotice.module.css';

/**
 * Tells a signed-in user whose address is not verified what to do. Until they do, they can buy and
 * generate as a member, but an address listed for Admin gets no Admin rights.
 */
export function VerifyEmailNotice() {
  const user = useSession((state) => state.user);
  const [busy, setBusy] = useState<'resend' | 'check' | null>(null);
  if (!user || user.emailVerified !== false) return null;

  const resend = async () => {
    setBusy('resend');
    try {
      await resendVerificationEmail();
      toast.success(`Verification email sent to ${user.email}`);
    } catch {
      toast.error('Failed to send the verification email. Please try again later.');
    } finally {
      setBusy(null);
    }
  };

  const check = async () => {
    setBusy('check');
    try {
      if (await refreshEmailVerification()) toast.success('Your email address is verified.');
      else toast.error('Not verified yet: open the link in the email we sent you, then try again.');
    } catch {
      toast.error('Could not check your verification. Please try again.');
    } finally {
      setBusy(null);
    }
  };

  return (
    <div className={styles.notice} role="status" data-testid="verify-email-notice">
      <p className={styles.text}>
        Please verify your email address. We sent a verification link to{' '}
        <strong>{user.email}</strong>: open it, then choose &quot;I have verified my email&quot;.
      </p>
      <div className={styles.actions}>
        {/* The button at work keeps the focus (busy, not disabled); the other waits disabled. */}
        <Button
          size="sm"
          variant="secondary"
          disabled={busy === 'check'}
          loading={busy === 'resend'}
          loadingText="Sending..."
          onClick={() => void resend()}
        >
          Resend verification email
        </Button>
        <Button
          size="sm"
          disabled={busy === 'resend'}
          loading={busy === 'check'}
          loadingText="Checking..."
          onClick={() => void check()}
        >
          I have verified my email
        </Button>
      </div>
    </div>
  );
}
