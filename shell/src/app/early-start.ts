// Runs before the shared modules load (no imports of React or the runtime here): starts the
// start-up reads and warms the current page's remote, so they overlap the shell's own loading.
import { pageForPath } from '@coldmail/registry/pages';

const read = (path: string): Promise<unknown> =>
  fetch(path, { cache: 'no-store' }).then((response) => {
    if (!response.ok) throw new Error(`Failed to load ${path}: HTTP ${response.status}`);
    return response.json();
  });

export const earlyConfig = read('/config.json');
export const earlyRemotes = read('/remotes.json');
// Whoever consumes these reports failures; an unobserved rejection here is not an error.
earlyConfig.catch(() => {});
earlyRemotes.catch(() => {});

function preload(href: string, as: 'fetch' | 'modulepreload'): void {
  const link = document.createElement('link');
  if (as === 'modulepreload') link.rel = 'modulepreload';
  else Object.assign(link, { rel: 'preload', as: 'fetch' });
  link.href = href;
  link.crossOrigin = 'anonymous';
  document.head.append(link);
}

export async function warmCurrentRemote(pathname: string): Promise<void> {
  const remote = pageForPath(pathname)?.owner;
  if (!remote || remote === 'shell') return;
  const manifests = (await earlyRemotes) as Record<string, string>;
  const manifestUrl = manifests[remote] && new URL(manifests[remote], window.location.href);
  if (!manifestUrl) return;
  const manifest = (await fetch(manifestUrl).then((response) => response.json())) as {
    metaData?: { remoteEntry?: { name?: string; path?: string } };
  };
  const entry = manifest.metaData?.remoteEntry;
  if (entry?.name)
    preload(new URL(`${entry.path ?? ''}${entry.name}`, manifestUrl).href, 'modulepreload');
}
