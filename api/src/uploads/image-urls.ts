import { buildPath, contract } from '@coldmail/contracts';
import type { FastifyRequest } from 'fastify';

/**
 * An uploaded image's absolute address: under the API's public address when one is configured
 * (PUBLIC_API_URL, behind a proxy), else the address the request came to.
 */
export function imageUrlOf(
  publicApiUrl: string | null,
  request: FastifyRequest,
  id: string,
): string {
  const base = publicApiUrl ?? `${request.protocol}://${request.host}`;
  return `${base}${buildPath(contract.uploads.file.path, { id })}`;
}
