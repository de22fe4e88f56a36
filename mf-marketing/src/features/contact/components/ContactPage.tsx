import { api } from '@coldmail/session';
import { ContactBlock, PageHeader } from '@coldmail/ui';
import { useQuery } from '@coldmail/query';
import { ContactForm } from '../../../components/ContactForm';

/** /contact — the contact block (when active, its title the page's heading) around the contact form. */
export function ContactPage() {
  const content = useQuery(api.content.landing.query());
  const contact = content.data?.contact;
  return (
    <section data-remote="marketing" data-page="ContactPage">
      {contact ? (
        <ContactBlock contact={contact} headingLevel={1}>
          {(buttonText) => <ContactForm buttonText={buttonText} />}
        </ContactBlock>
      ) : (
        <>
          <PageHeader
            title="Contact"
            subtitle="Questions about credits, templates or your order? Write to us."
          />
          <ContactForm />
        </>
      )}
    </section>
  );
}
