import { describe, expect, it } from 'vitest';
import { loginErrorMessage, registerErrorMessage, resetErrorMessage } from './auth-errors';

const firebaseError = (code: string) => Object.assign(new Error(code), { code });

describe('sign-in error texts', () => {
  it('maps the emulator and production codes for a bad password to the same text', () => {
    expect(loginErrorMessage(firebaseError('auth/wrong-password'))).toBe(
      'Incorrect password. Please try again.',
    );
    expect(loginErrorMessage(firebaseError('auth/invalid-credential'))).toBe(
      'Incorrect password. Please try again.',
    );
  });

  it('names an unknown account on login and on reset with the spec texts', () => {
    expect(loginErrorMessage(firebaseError('auth/user-not-found'))).toBe(
      'No account found with this email address.',
    );
    expect(resetErrorMessage(firebaseError('auth/user-not-found'))).toBe(
      'No user found with this email address.',
    );
  });

  it('falls back to the default texts', () => {
    expect(loginErrorMessage(new Error('boom'))).toBe(
      'An error occurred during login. Please try again.',
    );
    expect(registerErrorMessage(firebaseError('auth/internal-error'))).toBe(
      'An error occurred during registration. Please try again.',
    );
    expect(resetErrorMessage(null)).toBe('An unexpected error occurred. Please try again later.');
  });

  it('explains a taken email on register', () => {
    expect(registerErrorMessage(firebaseError('auth/email-already-in-use'))).toBe(
      'This email is already in use. Please try another one.',
    );
  });
});
