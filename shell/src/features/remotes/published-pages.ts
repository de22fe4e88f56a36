import { readRoutesDocument } from '@coldmail/registry/pages';
import type { RemoteManifests } from './remote-registry';

/** A page a deployed remote renders, as its routes.json lists it. */
export type PublishedPage = ReturnType<typeof readRoutesDocument>[number];

async function readRoutesOf(remote: string, manifestUrl: string): Promise<PublishedPage[]> {
  const url = new URL('routes.json', manifestUrl);
  try {
    // Revalidated like the manifest beside it: a redeployed remote publishes a new list.
    const response = await fetch(url, { cache: 'no-cache' });
    if (!response.ok) throw new Error(`HTTP ${response.status}`);
    return readRoutesDocument(remote, await response.json());
  } catch (error) {
    // The remote's pages compiled into the shell still work; only its newer ones stay unknown.
    console.warn(`Could not read the pages remote "${remote}" publishes at ${url.href}`, error);
    return [];
  }
}

/**
 * The pages every remote in remotes.json publishes in the routes.json beside its manifest, read
 * in parallel. A remote that is down or publishes no valid list adds nothing.
 */
export async function readPublishedPages(manifests: RemoteManifests): Promise<PublishedPage[]> {
  const lists = await Promise.all(
    Object.entries(manifests).map(([remote, manifestUrl]) => readRoutesOf(remote, manifestUrl)),
  );
  return lists.flat();
}
