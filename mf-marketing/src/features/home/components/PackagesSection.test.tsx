import { MemoryRouter } from '@coldmail/router/memory';
import { sessionActions } from '@coldmail/session';
import { creditPackage, startTestApi, type ApiRoutes, type TestApi } from '@coldmail/testing';
import { createQueryClient, QueryClientProvider } from '@coldmail/query';
import { render, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { PackagesSection } from './PackagesSection';

const id = (n: number) => `65000000000000000000000${n}`;
let api: TestApi | undefined;
afterEach(async () => {
  await api?.close();
  api = undefined;
});

async function renderWith(reply: NonNullable<ApiRoutes['packages.list']>, trialCredits = 0) {
  api = await startTestApi({
    'packages.list': reply,
    'credits.trialOffer': { body: { credits: trialCredits } },
  });
  sessionActions.configure({ apiBaseUrl: api.url });
  render(
    <QueryClientProvider client={createQueryClient()}>
      <MemoryRouter>
        <PackagesSection />
      </MemoryRouter>
    </QueryClientProvider>,
  );
}

describe('PackagesSection', () => {
  it('says what a new account gets for free, when the store gives anything', async () => {
    await renderWith({ body: [creditPackage({ _id: id(1) })] }, 3);
    expect(
      await screen.findByText('New accounts get 3 free credits to try the generator.'),
    ).toBeTruthy();
  });

  it('says nothing of a trial when the store gives none', async () => {
    await renderWith({ body: [creditPackage({ _id: id(1) })] }, 0);
    await screen.findAllByRole('article');
    expect(screen.queryByText(/free credit/)).toBeNull();
  });

  it('shows a spinner, then a card for each of the first three packages', async () => {
    await renderWith({
      body: [
        creditPackage({ _id: id(1), packageName: 'Starter', price: 9.99, pointOne: '100 credits' }),
        creditPackage({ _id: id(2), packageName: 'Pro', price: 29 }),
        creditPackage({ _id: id(3), packageName: 'Agency', price: 99 }),
        creditPackage({ _id: id(4), packageName: 'Hidden', price: 199 }),
      ],
    });
    expect(screen.getByRole('status').textContent).toBe('Loading packages...');

    const cards = await screen.findAllByRole('article');
    expect(cards.map((card) => within(card).getByRole('heading').textContent)).toEqual([
      'Starter',
      'Pro',
      'Agency',
    ]);
    expect(within(cards[0]!).getByText('$9.99 USD')).toBeTruthy();
    expect(screen.queryByText('Hidden')).toBeNull();
    expect(
      within(cards[1]!)
        .getByRole('link', { name: /Buy Now/ })
        .getAttribute('href'),
    ).toBe(`/buy/${id(2)}`);
  });

  it("falls back to 'Package' and a default icon, and lists only the bullets that have text", async () => {
    await renderWith({
      body: [
        creditPackage({
          packageName: '  ',
          pointOne: 'First',
          pointTwo: '',
          pointThree: '   ',
          pointTen: 'Tenth',
        }),
      ],
    });
    const card = await screen.findByRole('article');
    expect(within(card).getByRole('heading').textContent).toBe('Package');
    expect(
      within(card)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual(['First', 'Tenth']);
    expect(card.querySelector('[data-default-icon]')).not.toBeNull();
    expect(card.querySelector('img')).toBeNull();
  });

  it("shows the package's icon when it has one", async () => {
    await renderWith({ body: [creditPackage({ icon: 'https://cdn.example.com/star.png' })] });
    const card = await screen.findByRole('article');
    expect(card.querySelector('img')?.getAttribute('src')).toBe('https://cdn.example.com/star.png');
  });

  it("shows 'Failed to fetch packages' when the list cannot be loaded", async () => {
    await renderWith({ status: 500, body: { statusCode: 500, message: 'boom' } });
    expect((await screen.findByRole('alert')).textContent).toBe('Failed to fetch packages');
  });
});
