import { api } from '@coldmail/session';
import { ContactForm as ContactFormView, type ContactFormProps } from '@coldmail/ui';

const send: ContactFormProps['send'] = (body) => api.support.create({ body });

/**
 * The landing page's contact form, sending: a visitor's message becomes a support ticket.
 * `buttonText` labels the submit button (the contact block's, as the admin set it).
 */
export function ContactForm({ buttonText }: { buttonText?: string }) {
  return <ContactFormView buttonText={buttonText} send={send} />;
}
