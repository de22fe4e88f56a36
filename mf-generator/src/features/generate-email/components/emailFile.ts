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
