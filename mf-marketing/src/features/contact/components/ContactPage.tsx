import { Card, PageHeader } from '@coldmail/ui';
import { ContactForm } from '../../contact-form';

/** /contact — the contact form (the contact block's content comes with the landing content). */
export function ContactPage() {
  return (
    <section data-remote="marketing" data-page="ContactPage">
      <PageHeader
        title="Contact"
        subtitle="Questions about credits, templates or your order? Write to us."
      />
      <Card>
        <ContactForm />
      </Card>
    </section>
  );
}
