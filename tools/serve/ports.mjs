import { createServer } from 'node:net';

/**
 * A port free now on `host`, for a server started a moment later (whose address something must
 * know first).
 *
 * @param {string} [host]
 * @returns {Promise<number>}
 */
export async function freePort(host = '127.0.0.1') {
  const server = createServer();
  await new Promise((resolve) => server.listen(0, host, () => resolve(undefined)));
  const { port } = /** @type {import('node:net').AddressInfo} */ (server.address());
  await new Promise((resolve) => server.close(() => resolve(undefined)));
  return port;
}
