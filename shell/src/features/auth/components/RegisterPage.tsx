import { zodResolver } from '@hookform/resolvers/zod';
import { paths } from '@coldmail/registry/pages';
import { registerFormSchema, type RegisterForm } from '@coldmail/contracts';
import { useSession } from '@coldmail/session';
import { Alert, Button, Checkbox, TextField } from '@coldmail/ui';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { Link, Navigate, useNavigate } from '@coldmail/router';
import { registerErrorMessage } from '../api/auth-errors';
import { register as registerAccount, usePrepareSignIn } from '../api/firebase-auth';
import { AuthCard } from './AuthCard';
import { GoogleSignInButton } from './GoogleSignInButton';
import styles from './AuthForm.module.css';

export function RegisterPage() {
  usePrepareSignIn();
  const status = useSession((state) => state.status);
  const navigate = useNavigate();
  const [error, setError] = useState<string | null>(null);
  const form = useForm<RegisterForm>({ resolver: zodResolver(registerFormSchema) });
  const { errors, isSubmitting } = form.formState;

  if (status === 'signed-in' && !isSubmitting) return <Navigate to={paths.userDashboard} replace />;

  const submit = form.handleSubmit(async ({ name, email, password }) => {
    setError(null);
    try {
      await registerAccount(name.trim(), email, password);
      navigate(paths.userDashboard, { replace: true });
    } catch (caught) {
      setError(registerErrorMessage(caught));
    }
  });

  return (
    <AuthCard title="Create your account" subtitle="Start generating email templates in minutes.">
      <form className={styles.form} onSubmit={submit} noValidate>
        {error && <Alert tone="error">{error}</Alert>}
        <TextField
          label="Full Name"
          autoComplete="name"
          required
          error={errors.name?.message}
          {...form.register('name')}
        />
        <TextField
          label="Email"
          type="email"
          autoComplete="email"
          required
          error={errors.email?.message}
          {...form.register('email')}
        />
        <TextField
          label="Password"
          type="password"
          autoComplete="new-password"
          required
          error={errors.password?.message}
          {...form.register('password')}
        />
        <TextField
          label="Confirm Password"
          type="password"
          autoComplete="new-password"
          required
          error={errors.confirmPassword?.message}
          {...form.register('confirmPassword')}
        />
        <Checkbox
          label="I agree to the Terms of Service and Privacy Policy"
          required
          error={errors.terms?.message}
          {...form.register('terms')}
        />
        <Button type="submit" loading={isSubmitting} loadingText="Creating account..." fullWidth>
          Sign Up
        </Button>
      </form>
      <GoogleSignInButton onError={setError} />
      <p className={styles.footer}>
        <Link to={paths.login}>Already have an account?</Link>
      </p>
    </AuthCard>
  );
}
