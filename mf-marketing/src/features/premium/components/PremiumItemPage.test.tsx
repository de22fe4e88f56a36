import { item, renderRemote, startTestApi, type TestApi } from '@coldmail/testing';
import { screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import App from '../../../app/App';

let api: TestApi | undefined;
afterEach(async () => {
  await api?.close();
  api = undefined;
});

describe('PremiumItemPage', () => {
  it('shows the item with its price and a Buy Now link to its checkout', async () => {
    const swipeFile = item({ _id: 'i1', name: 'Swipe File', slug: 'swipe-file', price: 7.5 });
    api = await startTestApi({ 'GET /item/i1': { body: { success: true, data: swipeFile } } });
    renderRemote(App, '/premium/swipe-file/i1', { apiUrl: api.url, profile: null });

    expect(await screen.findByRole('heading', { name: 'Swipe File' })).toBeTruthy();
    expect(screen.getByText('$7.5 USD')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Buy Now' }).getAttribute('href')).toBe('/item-buy/i1');
  });

  it('says so when the item does not exist', async () => {
    api = await startTestApi({ 'GET /item/gone': { status: 404, body: { message: 'Not found' } } });
    renderRemote(App, '/premium/old/gone', { apiUrl: api.url, profile: null });

    expect(
      await screen.findByText("We couldn't find this item. It may have been removed."),
    ).toBeTruthy();
  });
});
