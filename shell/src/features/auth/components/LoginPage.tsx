import { zodResolver } from '@hookform/resolvers/zod';
import { paths } from '@coldmail/registry/pages';
import { loginFormSchema, type LoginForm } from '@coldmail/contracts';
import { useSession } from '@coldmail/session';
import { Alert, Button, TextField } from '@coldmail/ui';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { Link, Navigate, useLocation, useNavigate, type Location } from '@coldmail/router';
import { loginErrorMessage } from '../api/auth-errors';
import { signIn, usePrepareSignIn } from '../api/firebase-auth';
import { AuthCard } from './AuthCard';
import { GoogleSignInButton } from './GoogleSignInButton';
import styles from './AuthForm.module.css';

const benefits = [
  'Personalized cold-email templates in seconds',
  'Eight tones, from friendly to formal',
  'Pay only for what you generate with credits',
];

/** Where the protected route guard sent the visitor from, if anywhere. */
function originOf(location: Location): string {
  const from = (location.state as { from?: Location } | null)?.from;
  return from ? `${from.pathname}${from.search}${from.hash}` : paths.userDashboard;
}

export function LoginPage() {
  usePrepareSignIn();
  const status = useSession((state) => state.status);
  const location = useLocation();
  const navigate = useNavigate();
  const [error, setError] = useState<string | null>(null);
  const form = useForm<LoginForm>({ resolver: zodResolver(loginFormSchema) });
  const { errors, isSubmitting } = form.formState;

  if (status === 'signed-in' && !isSubmitting) return <Navigate to={originOf(location)} replace />;

  const submit = form.handleSubmit(async ({ email, password }) => {
    setError(null);
    try {
      await signIn(email, password);
      navigate(originOf(location), { replace: true });
    } catch (caught) {
      setError(loginErrorMessage(caught));
    }
  });

  return (
    <AuthCard
      title="Welcome back"
      subtitle="Sign in to generate personalized email templates."
      aside={
        <>
          <h2>Why sign in?</h2>
          <ul className={styles.benefits}>
            {benefits.map((benefit) => (
              <li key={benefit}>{benefit}</li>
            ))}
          </ul>
        </>
      }
    >
      <form className={styles.form} onSubmit={submit} noValidate>
        {error && <Alert tone="error">{error}</Alert>}
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
          autoComplete="current-password"
          required
          error={errors.password?.message}
          {...form.register('password')}
        />
        <div className={styles.row}>
          <span />
          <Link to={paths.forgotPassword}>Forgot Password?</Link>
        </div>
        <Button type="submit" loading={isSubmitting} loadingText="Signing in..." fullWidth>
          Login
        </Button>
      </form>
      <GoogleSignInButton onError={setError} />
      <p className={styles.footer}>
        Don&apos;t have an account? <Link to={paths.register}>Sign up for free</Link>
      </p>
    </AuthCard>
  );
}
