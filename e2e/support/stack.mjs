import { serveStack } from '@coldmail/dev/stack';

/** The built shell and remotes, each on a free port, as the tests' own deployment. */
export async function startWebStack(options = {}) {
  return serveStack({
    ports: { shell: 0, marketing: 0, checkout: 0, account: 0, admin: 0, generator: 0 },
    ...options,
  });
}
