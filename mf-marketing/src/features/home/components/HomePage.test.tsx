import { landingBlockSchemas } from '@coldmail/contracts';
import { sessionActions } from '@coldmail/session';
import {
  contactSettings,
  featuresSettings,
  startTestApi,
  type ApiRoutes,
  type TestApi,
} from '@coldmail/testing';
import { createQueryClient, QueryClientProvider } from '@coldmail/query';
import { render, screen, waitFor, within } from '@testing-library/react';
import { MemoryRouter } from '@coldmail/router/memory';
import { afterEach, describe, expect, it } from 'vitest';
import { HomePage } from './HomePage';

let api: TestApi;
/** Lets a held answer go, so no request outlives a test that failed before releasing it. */
let release: (() => void) | null = null;
afterEach(async () => {
  release?.();
  release = null;
  await api.close();
});

const banner = {
  subTitle: 'AI cold-email templates',
  mainTitle: 'Write cold emails that',
  highlightText: 'get replies',
  description: 'First line\nSecond line',
  buttonText: 'Start',
  buttonLink: '/user/generate-email',
  youtubeUrl: '',
  backgroundImage: '',
  isActive: true,
};
const features = featuresSettings();
const contact = contactSettings();

/** The one read's answer: every block hidden but those given. */
const landing = (content: Record<string, unknown>) => ({
  body: {
    banner: null,
    features: null,
    about: null,
    testimonial: null,
    contact: null,
    footer: null,
    navLogo: null,
    ...content,
  } as never,
});

async function renderHome(content: Record<string, unknown>, routes: ApiRoutes = {}) {
  api = await startTestApi({
    'content.landing': landing(content),
    'packages.list': { body: [] },
    ...routes,
  });
  sessionActions.configure({ apiBaseUrl: api.url });
  render(
    <QueryClientProvider client={createQueryClient()}>
      <MemoryRouter>
        <HomePage />
      </MemoryRouter>
    </QueryClientProvider>,
  );
}

describe('the landing page', () => {
  it('reads each block on its own when the one read fails, and one block’s failure blanks nothing else', async () => {
    const answer = <T,>(data: T) => ({ body: { success: true, message: 'ok', data } as never });
    await renderHome(
      {},
      {
        'content.landing': { status: 500 },
        'content.banner': { status: 500 },
        'content.about': answer({ ...landingBlockSchemas.about.defaults(), isActive: false }),
        'content.features': answer(features),
        'content.testimonial': { status: 503 },
        'content.contact': answer(contact),
      },
    );
    expect(await screen.findByText('Error: Failed to fetch banner data')).toBeTruthy();
    expect(await screen.findByText('Error: Failed to fetch testimonial section data')).toBeTruthy();
    expect(await screen.findByText(features.subtitle)).toBeTruthy();
    expect(await screen.findByText(contact.buttonText)).toBeTruthy();
    // The hidden about block draws nothing, not an error.
    expect(screen.queryByText(/about section/)).toBeNull();
    expect(
      api.requests.map((request) => request.path).filter((path) => path !== '/packages'),
    ).toEqual(
      expect.arrayContaining([
        '/api/landing-content',
        '/api/banner-section',
        '/api/features-section',
        '/api/testimonial-section',
        '/api/contact-section',
      ]),
    );
  });

  it('shows the active blocks in the spec’s order, line breaks kept, without a video', async () => {
    await renderHome({ banner, features });
    const title = await screen.findByRole('heading', { level: 1 });
    expect(title.textContent).toBe('Write cold emails that get replies');
    expect(screen.getByText('No video available')).toBeTruthy();
    expect(screen.getByText('First line').querySelector('br')).not.toBeNull();
    const headings = screen
      .getAllByRole('heading', { level: 2 })
      .map((heading) => heading.textContent);
    expect(headings).toEqual(['Three stepsto a sent email', 'Pricing Packages']);
    expect(document.title).toBe('AI Email Template Generator – Personalized Templates in Seconds');
  });

  it('leaves out an inactive block and loads the video only on click', async () => {
    await renderHome({ banner: { ...banner, youtubeUrl: 'https://youtu.be/dQw4w9WgXcQ' } });
    const play = await screen.findByRole('button', { name: /Play video/ });
    expect(document.querySelector('iframe')).toBeNull();
    play.click();
    // Named by the banner's whole title, highlight included.
    expect((await screen.findByTitle('Write cold emails that get replies')).tagName).toBe('IFRAME');
    expect(screen.queryByText('How it works')).toBeNull();
  });

  it("says 'Loading...' where the testimonials and the contact form go until the blocks arrive", async () => {
    const testimonial = {
      ...landingBlockSchemas.testimonial.defaults(),
      title: 'What our users say',
    };
    const held = new Promise<void>((resolve) => (release = resolve));
    await renderHome(
      {},
      {
        'content.landing': async () => {
          await held;
          return landing({ testimonial, contact });
        },
      },
    );
    await waitFor(() =>
      expect(api.requests.some((request) => request.path === '/api/landing-content')).toBe(true),
    );
    expect(screen.getAllByText('Loading...')).toHaveLength(2);
    expect(screen.queryByRole('form', { name: 'Contact us' })).toBeNull();

    release?.();
    expect(await screen.findByRole('heading', { name: 'What our users say' })).toBeTruthy();
    expect(screen.getByRole('form', { name: 'Contact us' })).toBeTruthy();
    expect(screen.queryByText('Loading...')).toBeNull();
  });

  it('ends with the contact form under its title, its button labelled by the admin', async () => {
    await renderHome({ contact });
    const form = await screen.findByRole('form', { name: 'Contact us' });
    expect(screen.getByRole('heading', { level: 3 }).textContent).toBe('Send us a message');
    expect(within(form).getByRole('button', { name: 'Ask us anything' })).toBeTruthy();
  });
});
