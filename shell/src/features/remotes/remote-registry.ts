import {
  loadRemote,
  registerPlugins,
  registerRemotes,
  type ModuleFederationRuntimePlugin,
} from '@module-federation/runtime';
import type { ComponentType } from 'react';

/** remote name → URL of its mf-manifest.json, as read from /remotes.json at start-up. */
export type RemoteManifests = Record<string, string>;

/** How long a remote may take to load before it counts as failed (spec: 120 s). */
const CHUNK_LOAD_TIMEOUT_MS = 120_000;

let registered: RemoteManifests = {};
let initialization: Promise<RemoteManifests> | null = null;

export class RemoteLoadError extends Error {
  constructor(
    readonly remote: string,
    readonly reason?: unknown,
  ) {
    super(`Loading chunk ${remote} failed.`);
    this.name = 'ChunkLoadError';
  }
}

/**
 * What a browser or the federation runtime throws when code could not be fetched: a remote's
 * entry or manifest (RemoteLoadError, the runtime's '#RUNTIME-0xx' errors) or a chunk of it, such
 * as a page's (Chrome, Firefox and Safari word a failed dynamic import differently).
 */
const LOAD_FAILURE =
  /#RUNTIME-\d+|Failed to fetch dynamically imported module|error loading dynamically imported module|Importing a module script failed|Unable to preload CSS|Loading (CSS )?chunk .* failed/i;

/** Whether `error` says code could not be loaded (so loading again may help), not that it broke. */
export function isLoadFailure(error: unknown): boolean {
  for (let cause = error, depth = 0; cause instanceof Error && depth < 5; depth += 1) {
    if (cause instanceof RemoteLoadError || cause.name === 'ChunkLoadError') return true;
    if (LOAD_FAILURE.test(cause.message)) return true;
    cause = cause.cause;
  }
  return false;
}

export function parseRemoteManifests(value: unknown, baseUrl: string): RemoteManifests {
  if (!value || typeof value !== 'object' || Array.isArray(value)) {
    throw new Error('remotes.json must be an object of remote name → manifest URL');
  }
  const manifests: RemoteManifests = {};
  for (const [name, entry] of Object.entries(value)) {
    if (typeof entry !== 'string' || !/^[a-z][a-z0-9_]*$/i.test(name)) {
      throw new Error(`remotes.json: invalid entry for "${name}"`);
    }
    // Relative URLs are resolved against remotes.json itself, so one file works behind any host.
    manifests[name] = new URL(entry, baseUrl).href;
  }
  return manifests;
}

/**
 * Gives the federation runtime the manifest index.html's start-up script already read, once
 * (a later load, e.g. Retry, reads it afresh); the runtime reads it itself when there is none.
 */
function earlyManifestsPlugin(): ModuleFederationRuntimePlugin {
  return {
    name: 'coldmail-early-manifests',
    fetch(url) {
      const manifests = window.__coldmailEarly?.manifests;
      const early = manifests?.[url];
      if (!manifests || !early) return;
      delete manifests[url];
      return early.then(
        (body) => new Response(body, { headers: { 'Content-Type': 'application/json' } }),
        () => fetch(url),
      );
    },
  };
}

async function readRemoteManifests(
  url: string,
  early?: Promise<unknown>,
): Promise<RemoteManifests> {
  const absolute = new URL(url, window.location.href).href;
  const body = await (early ??
    fetch(absolute, { cache: 'no-store' }).then((response) => {
      if (!response.ok) throw new Error(`Failed to load ${url}: HTTP ${response.status}`);
      return response.json();
    }));
  registered = parseRemoteManifests(body, absolute);
  registerPlugins([earlyManifestsPlugin()]);
  registerRemotes(Object.entries(registered).map(([name, entry]) => ({ name, entry })));
  return registered;
}

/**
 * Reads remotes.json (never cached: redeploying a remote may move it) and registers every
 * remote, once. A failed read is forgotten so the next load tries again.
 */
export function initRemotes(
  url = '/remotes.json',
  early?: Promise<unknown>,
): Promise<RemoteManifests> {
  initialization ??= readRemoteManifests(url, early).catch((error: unknown) => {
    initialization = null;
    throw error;
  });
  return initialization;
}

function withTimeout<T>(promise: Promise<T>, ms: number, remote: string): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    const timer = setTimeout(() => reject(new RemoteLoadError(remote, 'timeout')), ms);
    promise.then(
      (value) => {
        clearTimeout(timer);
        resolve(value);
      },
      (error: unknown) => {
        clearTimeout(timer);
        reject(error);
      },
    );
  });
}

/**
 * Loads a remote's exposed ./App. After a failure the remote is registered again with `force`,
 * which drops the runtime's cached (failed) entry so a remote that came back loads for real.
 */
export async function loadRemoteApp(
  remote: string,
  { afterFailure }: { afterFailure: boolean },
): Promise<{ default: ComponentType }> {
  let entry: string | undefined;
  try {
    entry = (await initRemotes())[remote];
  } catch (error) {
    throw new RemoteLoadError(remote, error);
  }
  if (!entry) throw new RemoteLoadError(remote, 'not listed in remotes.json');
  if (afterFailure) registerRemotes([{ name: remote, entry }], { force: true });
  try {
    const module = await withTimeout(
      loadRemote<{ default: ComponentType }>(`${remote}/App`),
      CHUNK_LOAD_TIMEOUT_MS,
      remote,
    );
    if (!module?.default) throw new Error('the remote exposes no default component');
    return module;
  } catch (error) {
    throw error instanceof RemoteLoadError ? error : new RemoteLoadError(remote, error);
  }
}
