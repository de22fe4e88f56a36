import { zodResolver } from '@hookform/resolvers/zod';
import { paths } from '@coldmail/registry/pages';
import { resetPasswordFormSchema, type ResetPasswordForm } from '@coldmail/contracts';
import { Alert, Button, ButtonLink, TextField } from '@coldmail/ui';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { Link } from '@coldmail/router';
import { resetErrorMessage } from '../api/auth-errors';
import { sendPasswordReset, usePrepareSignIn } from '../api/firebase-auth';
import { AuthCard } from './AuthCard';
import styles from './AuthForm.module.css';

export function ResetPasswordPage() {
  usePrepareSignIn();
  const [sentTo, setSentTo] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const form = useForm<ResetPasswordForm>({ resolver: zodResolver(resetPasswordFormSchema) });
  const { errors, isSubmitting } = form.formState;

  const send = async (email: string) => {
    setError(null);
    try {
      await sendPasswordReset(email);
      setSentTo(email);
    } catch (caught) {
      setError(resetErrorMessage(caught));
    }
  };

  if (sentTo) {
    return (
      <AuthCard title="Password Reset Email Sent!">
        <div className={styles.success}>
          <p>We&apos;ve sent instructions to reset your password to {sentTo}.</p>
          <p>
            Didn&apos;t receive the email? Check your spam folder or{' '}
            <button type="button" className={styles.linkButton} onClick={() => void send(sentTo)}>
              try again
            </button>
            .
          </p>
          {error && <Alert tone="error">{error}</Alert>}
          <ButtonLink to={paths.login}>Return to Login</ButtonLink>
        </div>
      </AuthCard>
    );
  }

  return (
    <AuthCard title="Reset Password" subtitle="Enter your email and we'll send you a reset link.">
      <form
        className={styles.form}
        onSubmit={form.handleSubmit(({ email }) => send(email))}
        noValidate
      >
        {error && <Alert tone="error">{error}</Alert>}
        <TextField
          label="Email"
          type="email"
          autoComplete="email"
          required
          error={errors.email?.message}
          {...form.register('email')}
        />
        <Button type="submit" loading={isSubmitting} loadingText="Sending..." fullWidth>
          Reset Password
        </Button>
      </form>
      <p className={styles.footer}>
        <Link to={paths.login}>Back to Login</Link> · <Link to={paths.home}>Home</Link>
      </p>
    </AuthCard>
  );
}
