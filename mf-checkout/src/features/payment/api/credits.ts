import { api, sessionActions } from '@coldmail/session';

/**
 * After a package payment the shell's credit count must change without a reload: the balance
 * the API confirmed, or else the user's record read again (GET /users?userEmail=, first element).
 */
export async function syncCreditsAfterPayment(
  currentBalance: number | undefined,
  email: string | null,
): Promise<void> {
  if (currentBalance !== undefined) {
    sessionActions.setCredits(currentBalance);
    return;
  }
  if (!email) return;
  try {
    const [record] = await api.users.list({ query: { userEmail: email } });
    if (record) sessionActions.setProfile(record);
  } catch (error) {
    console.error('Could not refresh the credit balance', error);
  }
}
