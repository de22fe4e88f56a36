import { createQueryClient, QueryClientProvider, useQuery } from '@coldmail/query';
import { dehydrate } from '@coldmail/query/server';
import { api } from '@coldmail/session';
import { describe, expect, it } from 'vitest';
import { seedQueries, type ServerState } from './index';
import { publicPathOf, renderWithReads, serverStateBlock, serverStateOf } from './server';

/** Shows the packages, and for the first one its item's page (a read that needs the first). */
function Page() {
  const packages = useQuery(api.packages.list.query());
  const first = packages.data?.[0]?._id;
  const item = useQuery({
    ...api.items.get.query({ params: { id: first ?? '' } }),
    enabled: !!first,
  });
  if (packages.isPending) return <p>Loading packages</p>;
  if (item.isError) return <p>Item: {item.error.message}</p>;
  return <p>{packages.data?.map((pkg) => pkg.packageName).join(', ')}</p>;
}

describe('publicPathOf', () => {
  it('gives the API path of a public read, with its parameters and query', () => {
    expect(publicPathOf(api.packages.list.key())).toBe('/packages');
    expect(publicPathOf(api.items.get.key({ params: { id: 'a b' } }))).toBe('/item/a%20b');
  });

  it('gives nothing for a read that needs a signed-in caller, which the browser makes', () => {
    expect(publicPathOf(api.packageOrders.get.key({ params: { id: 'o1' } }))).toBeNull();
  });
});

describe('renderWithReads', () => {
  it('renders again with the answers, until the page asks for nothing new', async () => {
    const asked: string[] = [];
    const { html, state, failures } = await renderWithReads(
      (client) => (
        <QueryClientProvider client={client}>
          <Page />
        </QueryClientProvider>
      ),
      async (path) => {
        asked.push(path);
        if (path === '/packages') return [{ _id: 'p1', packageName: 'Starter <b>' }];
        throw Object.assign(new Error('Item not found'), { status: 404 });
      },
    );
    expect(asked).toEqual(['/packages', '/item/p1']);
    // A failed read is shown as its failure, escaped like any text.
    expect(html).toContain('Item: <!-- -->Item not found');
    expect(failures).toEqual([{ status: 404, message: 'Item not found' }]);
    // The browser gets both reads as TanStack Query's own state, the failure as its message.
    const client = createQueryClient();
    seedQueries(client, JSON.parse(dataBlockJson(serverStateBlock(state))) as ServerState);
    expect(client.getQueryData(api.packages.list.key())).toEqual([
      { _id: 'p1', packageName: 'Starter <b>' },
    ]);
    expect(client.getQueryState(api.items.get.key({ params: { id: 'p1' } }))).toMatchObject({
      status: 'error',
      error: { message: 'Item not found', status: 404 },
    });
  });
});

/** The JSON inside a data block, as the browser reads it. */
const dataBlockJson = (block: string) =>
  block.replace(/^<script[^>]*>/, '').replace(/<\/script>$/, '');

describe('the state a server-rendered page carries', () => {
  it('is a data block no answer can break out of', () => {
    const client = createQueryClient();
    client.setQueryData(['x'], '</script><script>alert(1)</script>');
    const block = serverStateBlock(serverStateOf([dehydrateAll(client)]));
    expect(block.match(/<\/script>/g)).toHaveLength(1);
    expect(block).toContain('\\u003c/script>');
  });

  it("takes the reads of a server entry built before the state was TanStack Query's", () => {
    const state = serverStateOf([
      [
        { queryKey: api.packages.list.key(), data: [{ _id: 'p1' }], updatedAt: 1000 },
        {
          queryKey: api.items.get.key({ params: { id: 'x' } }),
          error: { message: 'Item not found', status: 404 },
          updatedAt: 1000,
        },
      ],
      undefined,
    ]);
    const client = createQueryClient();
    seedQueries(client, JSON.parse(dataBlockJson(serverStateBlock(state))) as ServerState);
    expect(client.getQueryData(api.packages.list.key())).toEqual([{ _id: 'p1' }]);
    expect(client.getQueryState(api.packages.list.key())?.dataUpdatedAt).toBe(1000);
    const failed = client.getQueryState(api.items.get.key({ params: { id: 'x' } }));
    expect(failed?.status).toBe('error');
    expect(failed?.error).toBeInstanceOf(Error);
    expect(failed?.error).toMatchObject({ message: 'Item not found', status: 404 });
  });
});

const dehydrateAll = (client: ReturnType<typeof createQueryClient>) => dehydrate(client);
