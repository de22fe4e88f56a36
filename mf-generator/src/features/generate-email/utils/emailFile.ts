import { toast } from '@coldmail/ui';

/** The whole email as text: subject line, blank line, body. */
export const emailText = (email: { subject: string; body: string }) =>
  `Subject: ${email.subject}\n\n${email.body}`;

/** Saves the email as email-template-{timestamp}.txt, as the spec names it. */
export function downloadEmail(email: { subject: string; body: string }, now = Date.now()): string {
  const name = `email-template-${now}.txt`;
  const url = URL.createObjectURL(new Blob([emailText(email)], { type: 'text/plain' }));
  const link = document.createElement('a');
  link.href = url;
  link.download = name;
  link.click();
  URL.revokeObjectURL(url);
  return name;
}

/** Copies `text` and says so (or that it could not). */
export async function copyToClipboard(text: string, what: 'Subject' | 'Body' | 'Email') {
  try {
    await navigator.clipboard.writeText(text);
    toast.success(`${what} copied to clipboard!`);
  } catch {
    toast.error(`Failed to copy ${what.toLowerCase()} to clipboard`);
  }
}
