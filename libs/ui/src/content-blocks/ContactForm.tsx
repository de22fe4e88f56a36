import type { NewSupportMessageBody } from '@coldmail/contracts';
import { useId, useState, type FormEvent } from 'react';
import { Button } from '../button/Button';
import { TextArea } from '../form/TextArea';
import { TextField } from '../form/TextField';
import { toast } from '../toast/toast';
import { useHydrated } from '../hydration/useHydrated';
import { CONTACT_BUTTON_TEXT } from './Blocks';
import styles from './ContactForm.module.css';

interface ContactFields {
  name: string;
  phone: string;
  email: string;
  subject: string;
  message: string;
}

const empty: ContactFields = { name: '', phone: '', email: '', subject: '', message: '' };
const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/** What must be filled in before sending (the server checks the same, and more). */
function problemsOf(fields: ContactFields): Partial<Record<keyof ContactFields, string>> {
  const problems: Partial<Record<keyof ContactFields, string>> = {};
  if (!fields.name.trim()) problems.name = 'Name is required';
  if (!fields.phone.trim()) problems.phone = 'Phone is required';
  if (!EMAIL.test(fields.email.trim())) problems.email = 'Please enter a valid email address';
  if (!fields.subject.trim()) problems.subject = 'Subject is required';
  if (!fields.message.trim()) problems.message = 'Message is required';
  return problems;
}

export interface ContactFormProps {
  /** The submit button's label (the contact block's, as the admin set it). */
  buttonText?: string;
  /**
   * Sends the message (it becomes a support ticket). Without it the form is a preview, drawn
   * exactly as visitors see it but inert: the admin editor's.
   */
  send?: (message: NewSupportMessageBody) => Promise<unknown>;
}

/**
 * The landing page's contact form. Kept free of the form and schema libraries, which the landing
 * page's first load should not pay for.
 */
export function ContactForm({ buttonText, send }: ContactFormProps) {
  const [fields, setFields] = useState<ContactFields>(empty);
  const [website, setWebsite] = useState('');
  const [problems, setProblems] = useState<Partial<Record<keyof ContactFields, string>>>({});
  const [sending, setSending] = useState(false);
  const honeypotId = useId();
  // A server-rendered form works once the page has taken it over: until then it cannot be
  // filled in (what a visitor typed would not be sent, or the browser would send the form
  // itself, as a GET of this page with the message in the address).
  const hydrated = useHydrated();

  const field = (name: keyof ContactFields) => ({
    name,
    disabled: !hydrated,
    value: fields[name],
    error: problems[name],
    onChange: (event: { target: { value: string } }) =>
      setFields((current) => ({ ...current, [name]: event.target.value })),
  });

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const found = problemsOf(fields);
    setProblems(found);
    // As the forms on react-hook-form do: the focus goes to the first field to correct.
    const firstInvalid = Object.keys(empty).find((name) => name in found);
    if (firstInvalid) {
      (event.currentTarget.elements.namedItem(firstInvalid) as HTMLElement | null)?.focus();
      return;
    }
    if (!send) return;
    setSending(true);
    try {
      await send({
        ticketUserName: fields.name.trim(),
        ticketUserEmail: fields.email.trim(),
        phone: fields.phone.trim(),
        subject: fields.subject.trim(),
        message: fields.message.trim(),
        ...(website ? { website } : {}),
      });
      toast.success('Message Sent Successfully!');
      setFields(empty);
    } catch {
      toast.error('Failed to send message. Please try again.');
    } finally {
      setSending(false);
    }
  };

  return (
    <form
      className={styles.form}
      onSubmit={submit}
      noValidate
      aria-label="Contact us"
      inert={!send}
      // A server-rendered page takes its code when this comes near the screen (the shell's
      // hydrate-on-demand), so the form works by the time the visitor gets to it.
      data-hydrate="visible"
    >
      <div className={styles.row}>
        <TextField label="Name" required autoComplete="name" maxLength={100} {...field('name')} />
        <TextField
          label="Phone"
          type="tel"
          required
          autoComplete="tel"
          maxLength={40}
          {...field('phone')}
        />
      </div>
      <TextField
        label="Email"
        type="email"
        required
        autoComplete="email"
        maxLength={254}
        {...field('email')}
      />
      <TextField label="Subject" required maxLength={200} {...field('subject')} />
      <TextArea label="Message" required rows={5} maxLength={5000} {...field('message')} />
      {/* People never see this field; bots fill it in. */}
      <div className={styles.honeypot} aria-hidden="true">
        <label htmlFor={honeypotId}>Website</label>
        <input
          id={honeypotId}
          tabIndex={-1}
          autoComplete="off"
          value={website}
          onChange={(event) => setWebsite(event.target.value)}
        />
      </div>
      <Button
        type="submit"
        className={styles.submit}
        disabled={!hydrated}
        loading={sending}
        loadingText="Sending..."
      >
        {buttonText?.trim() || CONTACT_BUTTON_TEXT}
      </Button>
    </form>
  );
}
