import { item, renderRemote, startTestApi, type TestApi } from '@coldmail/testing';
import { screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import App from '../../../app/App';

const ITEM_ID = '640000000000000000000007';
let api: TestApi | undefined;
afterEach(async () => {
  await api?.close();
  api = undefined;
});

describe('PremiumItemPage', () => {
  it('shows the item with its price and a Buy Now link to its checkout', async () => {
    const swipeFile = item({ _id: ITEM_ID, name: 'Swipe File', slug: 'swipe-file', price: 7.5 });
    api = await startTestApi({ 'items.get': { body: { success: true, data: swipeFile } } });
    renderRemote(App, `/premium/swipe-file/${ITEM_ID}`, { apiUrl: api.url, profile: null });

    expect(await screen.findByRole('heading', { name: 'Swipe File' })).toBeTruthy();
    expect(screen.getByText('$7.5 USD')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Buy Now' }).getAttribute('href')).toBe(
      `/item-buy/${ITEM_ID}`,
    );
    expect(api.requests.map((request) => request.path)).toEqual([`/item/${ITEM_ID}`]);
  });

  it('says so when the item does not exist', async () => {
    api = await startTestApi({
      'items.get': { status: 404, body: { statusCode: 404, message: 'Item not found' } },
    });
    renderRemote(App, `/premium/old/${ITEM_ID}`, { apiUrl: api.url, profile: null });

    expect(
      await screen.findByText("We couldn't find this item. It may have been removed."),
    ).toBeTruthy();
  });
});
