import {
  creditPackage,
  renderRemote,
  startTestApi,
  type ApiRoutes,
  type TestApi,
} from '@coldmail/testing';
import { screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import App from '../../../app/App';

let api: TestApi;

async function open(reply: ApiRoutes['packages.list']) {
  api = await startTestApi({ 'packages.list': reply });
  renderRemote(App, '/user/select-package', { apiUrl: api.url });
}

afterEach(() => api.close());

describe('Upgrade Package', () => {
  it('offers each package with its price, bullets and a link to buy it', async () => {
    await open({
      body: [
        creditPackage({
          _id: '650000000000000000000001',
          packageName: 'Starter',
          price: 9,
          pointOne: 'Fast',
          pointTwo: '',
        }),
        creditPackage({ _id: '650000000000000000000002', packageName: '', price: 29 }),
      ],
    });
    const cards = await screen.findAllByRole('article');
    expect(within(cards[0]!).getByText('$9 USD')).toBeTruthy();
    expect(
      within(cards[0]!)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual(['Fast']);
    expect(within(cards[1]!).getByRole('heading').textContent).toBe('Package');
    expect(
      within(cards[1]!)
        .getByRole('link', { name: /Buy Now/ })
        .getAttribute('href'),
    ).toBe('/buy/650000000000000000000002');
  });

  it("shows 'Failed to fetch packages' when they cannot be loaded", async () => {
    await open({ status: 503 });
    expect((await screen.findByRole('alert')).textContent).toBe('Failed to fetch packages');
  });
});
