/**
 * The spec's sign-in texts for the provider's error codes. Production Firebase with email
 * enumeration protection answers auth/invalid-credential where the emulator says
 * user-not-found or wrong-password, so both readings map to a text.
 */
const loginMessages: Record<string, string> = {
  'auth/popup-closed-by-user': 'Sign-in popup closed by user.',
  'auth/popup-blocked': 'Sign-in popup was blocked. Please allow popups for this site.',
  'auth/cancelled-popup-request': 'Sign-in cancelled. Please try again.',
  'auth/network-request-failed': 'Network error. Please check your connection and try again.',
  'auth/user-not-found': 'No account found with this email address.',
  'auth/wrong-password': 'Incorrect password. Please try again.',
  'auth/invalid-credential': 'Incorrect password. Please try again.',
  'auth/invalid-login-credentials': 'Incorrect password. Please try again.',
  'auth/invalid-email': 'Invalid email address format.',
  'auth/user-disabled': 'This account has been disabled.',
  'auth/too-many-requests': 'Too many failed login attempts. Please try again later.',
  'auth/account-exists-with-different-credential':
    'An account already exists with this email address. Sign in with your password to add Google to it.',
};

const registerMessages: Record<string, string> = {
  'auth/email-already-in-use': 'This email is already in use. Please try another one.',
  'auth/weak-password': 'Password is too weak. Please use a stronger password.',
  'auth/operation-not-allowed': 'Email/password registration is not enabled.',
  'auth/invalid-email': 'Invalid email address format.',
  'auth/network-request-failed': 'Network error. Please check your connection and try again.',
};

const resetMessages: Record<string, string> = {
  'auth/user-not-found': 'No user found with this email address.',
  'auth/invalid-email': 'Please enter a valid email address.',
  'auth/missing-email': 'Please enter your email address',
};

function codeOf(error: unknown): string {
  return typeof error === 'object' && error !== null && 'code' in error
    ? String((error as { code: unknown }).code)
    : '';
}

export function loginErrorMessage(error: unknown): string {
  return loginMessages[codeOf(error)] ?? 'An error occurred during login. Please try again.';
}

export function registerErrorMessage(error: unknown): string {
  return (
    registerMessages[codeOf(error)] ?? 'An error occurred during registration. Please try again.'
  );
}

export function resetErrorMessage(error: unknown): string {
  return resetMessages[codeOf(error)] ?? 'An unexpected error occurred. Please try again later.';
}
