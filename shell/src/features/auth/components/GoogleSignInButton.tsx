import { Button, Modal, TextField } from '@coldmail/ui';
import { useState, type FormEvent } from 'react';
import { loginErrorMessage } from '../api/auth-errors';
import { usesAuthEmulator } from '../api/auth-settings';
import { signInWithGoogle, type EmulatedGoogleAccount } from '../api/firebase-auth';
import styles from './AuthForm.module.css';

/** What closing Google's chooser answers, so the emulator's stand-in tells it the same way. */
const CLOSED = { code: 'auth/popup-closed-by-user' };

/**
 * Sign-in with Google beside the e-mail and password form. Once signed in, the page's own
 * signed-in redirect takes the visitor on; a failure is told in the sign-in page's words.
 */
export function GoogleSignInButton({ onError }: { onError: (text: string | null) => void }) {
  const [busy, setBusy] = useState(false);
  const [choosing, setChoosing] = useState(false);
  const signIn = async (emulated?: EmulatedGoogleAccount) => {
    onError(null);
    setBusy(true);
    try {
      await signInWithGoogle(emulated);
    } catch (caught) {
      onError(loginErrorMessage(caught));
    } finally {
      setBusy(false);
    }
  };
  return (
    <>
      <p className={styles.divider}>or</p>
      <Button
        type="button"
        variant="secondary"
        loading={busy}
        loadingText="Signing in..."
        fullWidth
        onClick={() => (usesAuthEmulator() ? setChoosing(true) : void signIn())}
      >
        Continue with Google
      </Button>
      {choosing && (
        <EmulatedGoogleChooser
          onChosen={(account) => {
            setChoosing(false);
            void signIn(account);
          }}
          onClosed={() => {
            setChoosing(false);
            onError(loginErrorMessage(CLOSED));
          }}
        />
      )}
    </>
  );
}

/**
 * The Auth emulator's Google account chooser, as its own popup asks: an address and a name.
 * Development and tests only (a real project opens Google's).
 */
function EmulatedGoogleChooser({
  onChosen,
  onClosed,
}: {
  onChosen: (account: EmulatedGoogleAccount) => void;
  onClosed: () => void;
}) {
  const [email, setEmail] = useState('');
  const [name, setName] = useState('');
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (email.trim()) onChosen({ email: email.trim(), name: name.trim() });
  };
  return (
    <Modal
      open
      onClose={onClosed}
      title="Google account (Auth emulator)"
      description="The emulator signs in any address as a verified Google account."
      size="sm"
    >
      <form className={styles.form} onSubmit={submit}>
        <TextField
          label="Email"
          type="email"
          required
          value={email}
          onChange={(event) => setEmail(event.target.value)}
        />
        <TextField
          label="Display name"
          value={name}
          onChange={(event) => setName(event.target.value)}
        />
        <Button type="submit" fullWidth>
          Sign in with Google.com
        </Button>
      </form>
    </Modal>
  );
}
