// This remote's server entry (built with `vite build --ssr` into dist/server/, published beside
// mf-manifest.json): the shell's page renderer loads it from this remote's deployment at run
// time, so a redeployed remote's markup is served without a shell release. It carries its own
// copy of everything it imports and renders its pages to HTML that the browser's copy of the
// same components then takes over (hydrates).
import { QueryClientProvider } from '@coldmail/query';
import { MemoryRouter } from '@coldmail/router/memory';
import { renderWithReads, type PublicRead, type ServerState } from '@coldmail/ssr/server';
import App from './app/App';
import { pageHeadOf, pageMissing, type PageHead } from './app/page-head';

export interface RemotePageRender {
  html: string;
  /** 404 when what the page shows is missing (an unknown item, a hidden legal page). */
  status: 200 | 404;
  head: PageHead;
  /** The reads it was drawn from, for the browser. */
  state: ServerState;
}

/** The page at `url` (a path with its query), with the public reads it makes answered by `read`. */
export async function render({
  url,
  read,
}: {
  url: string;
  read: PublicRead;
}): Promise<RemotePageRender> {
  const { html, state, failures } = await renderWithReads(
    (client) => (
      <QueryClientProvider client={client}>
        <MemoryRouter initialEntries={[url]}>
          <App />
        </MemoryRouter>
      </QueryClientProvider>
    ),
    read,
  );
  const { pathname } = new URL(url, 'http://localhost');
  return {
    html,
    status: pageMissing(pathname, state, failures) ? 404 : 200,
    head: pageHeadOf(pathname, state),
    state,
  };
}
