import { sessionActions } from '@coldmail/session';
import { contactSettings, startTestApi, type TestApi } from '@coldmail/testing';
import { createQueryClient, QueryClientProvider } from '@coldmail/query';
import { render, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { ContactPage } from './ContactPage';

let api: TestApi;
afterEach(() => api.close());

const contact = contactSettings();

async function renderContactPage(block: typeof contact | null) {
  api = await startTestApi({
    'content.landing': {
      body: {
        banner: null,
        features: null,
        about: null,
        testimonial: null,
        contact: block,
        footer: null,
        navLogo: null,
      } as never,
    },
  });
  sessionActions.configure({ apiBaseUrl: api.url });
  render(
    <QueryClientProvider client={createQueryClient()}>
      <ContactPage />
    </QueryClientProvider>,
  );
}

describe('/contact', () => {
  it('shows the contact block with its form, the button labelled by the admin', async () => {
    await renderContactPage(contact);
    const title = await screen.findByRole('heading', { name: contact.title });
    // The page's heading, where a navigation to the page takes the focus.
    expect(title.tagName).toBe('H1');
    const form = screen.getByRole('form', { name: 'Contact us' });
    expect(within(form).getByRole('button', { name: 'Ask us anything' })).toBeTruthy();
  });

  it('keeps the form, its button reading Send Message, while the block is inactive', async () => {
    await renderContactPage(null);
    expect(await screen.findByRole('heading', { name: 'Contact' })).toBeTruthy();
    const form = screen.getByRole('form', { name: 'Contact us' });
    expect(within(form).getByRole('button', { name: 'Send Message' })).toBeTruthy();
  });
});
