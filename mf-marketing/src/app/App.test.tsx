import { landingBlockSchemas } from '@coldmail/contracts';
import { createQueryClient, QueryClientProvider } from '@coldmail/query';
import { MemoryRouter } from '@coldmail/router/memory';
import { sessionActions } from '@coldmail/session';
import { creditPackage, startTestApi, type TestApi } from '@coldmail/testing';
import { render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import App from './App';

let api: TestApi;
afterEach(() => api.close());

// Issue 55 item 6: the specification's /about shows the about section as a header band, and the
// landing page's sections besides.
describe('/about', () => {
  it('opens on the about band, with the landing page’s sections below it', async () => {
    const about = { ...landingBlockSchemas.about.defaults(), title: 'Who we are', isActive: true };
    api = await startTestApi({
      'content.landing': {
        body: {
          banner: null,
          features: null,
          about,
          testimonial: null,
          contact: null,
          footer: null,
          navLogo: null,
        } as never,
      },
      'packages.list': { body: [creditPackage({ packageName: 'Starter' })] },
      'credits.trialOffer': { body: { credits: 0 } },
    });
    sessionActions.configure({ apiBaseUrl: api.url });
    document.title = 'About Us | ColdMail AI';
    render(
      <QueryClientProvider client={createQueryClient()}>
        <MemoryRouter initialEntries={['/about']}>
          <App />
        </MemoryRouter>
      </QueryClientProvider>,
    );
    const band = await screen.findByRole('heading', { level: 1, name: 'Who we are' });
    expect(band).toBeTruthy();
    expect(await screen.findByRole('heading', { name: 'Pricing Packages' })).toBeTruthy();
    expect(await screen.findByRole('heading', { name: 'Starter' })).toBeTruthy();
    // The band, then the landing's own about section.
    expect(screen.getAllByText('Who we are')).toHaveLength(2);
    // The page keeps its own title.
    expect(document.title).toBe('About Us | ColdMail AI');
  });
});
