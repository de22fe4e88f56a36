import {
  loadRemote,
  registerPlugins,
  registerRemotes,
  satisfy,
  type ModuleFederationRuntimePlugin,
} from '@module-federation/runtime';
import type { ComponentType } from 'react';

/**
 * The canary choice and the release reports (remote-releases.ts) load only when they are
 * needed: the manifest names a canary, or something failed. Most pages need neither.
 */
const releases = () => import('./remote-releases');

/** Reports a release's failure to the API, for the back office and the canary's limit. */
export function reportFailure(remote: string, release: string | null, error: unknown): void {
  if (!release) return;
  void releases().then(
    (module) => module.reportRelease(remote, release, 'failed', error),
    () => {},
  );
}

/** What a remote's manifest says of its release (tools/release): its id, and a canary. */
const releaseOf = (manifest: unknown) =>
  (manifest as { release?: { id?: string; canary?: unknown } } | null)?.release;

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
    /** The release whose code failed to load, when its manifest named one. */
    readonly release: string | null = null,
  ) {
    super(`Loading chunk ${remote} failed.`, { cause: reason });
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

/** A remote built for a version of a shared module that the page does not run. */
export class RemoteVersionError extends Error {
  constructor(
    readonly remote: string,
    readonly sharedModule: string,
    readonly running: string,
    readonly required: string,
  ) {
    super(`${remote} needs ${sharedModule} ${required}; this page runs ${running}`);
    this.name = 'RemoteVersionError';
  }
}

/** The shared module a remote was built for another version of, when that is why it failed. */
export function skewedSharedModule(error: unknown): string | null {
  for (let cause = error, depth = 0; cause instanceof Error && depth < 5; depth += 1) {
    if (cause instanceof RemoteVersionError) return cause.sharedModule;
    cause = cause.cause;
  }
  return null;
}

declare const __COLDMAIL_SHARED_VERSIONS__: Record<string, string> | undefined;

/** The versions of the shared singletons this shell runs (set by its build, see tools/vite-config). */
const runningVersions: Record<string, string> =
  typeof __COLDMAIL_SHARED_VERSIONS__ === 'object' ? __COLDMAIL_SHARED_VERSIONS__ : {};

/**
 * The first shared module the remote's manifest asks for a range of that `running` does not
 * satisfy, or null when the remote can run here. A module the page does not share is the
 * remote's own business.
 */
export function versionSkewOf(
  remote: string,
  manifest: unknown,
  running: Record<string, string> = runningVersions,
): RemoteVersionError | null {
  const shared = (manifest as { shared?: unknown } | null)?.shared;
  if (!Array.isArray(shared)) return null;
  for (const entry of shared as { name?: unknown; requiredVersion?: unknown }[]) {
    const { name, requiredVersion } = entry;
    if (typeof name !== 'string' || typeof requiredVersion !== 'string') continue;
    const version = running[name];
    if (version && !satisfy(version, requiredVersion)) {
      return new RemoteVersionError(remote, name, version, requiredVersion);
    }
  }
  return null;
}

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

/** Manifests read ahead of the federation runtime (URL → text), each handed to it once. */
const manifestsReadAhead = new Map<string, Promise<string>>();

/**
 * A remote's manifest: the one index.html's start-up script already read, else read now
 * (revalidated: a redeployed remote publishes a new one). The runtime then gets the same text.
 */
export function readManifest(url: string): Promise<string> {
  const early = window.__coldmailEarly?.manifests;
  const text =
    early?.[url] ??
    fetch(url, { cache: 'no-cache' }).then((response) => {
      if (!response.ok) throw new Error(`Failed to load ${url}: HTTP ${response.status}`);
      return response.text();
    });
  if (early) delete early[url];
  manifestsReadAhead.set(url, text);
  return text;
}

/**
 * Gives the federation runtime the manifest the shell read before loading the remote, once (a
 * later load, e.g. Retry, reads it afresh); the runtime reads it itself when there is none.
 */
function manifestsReadAheadPlugin(): ModuleFederationRuntimePlugin {
  return {
    name: 'coldmail-manifests-read-ahead',
    fetch(url) {
      const text = manifestsReadAhead.get(url);
      if (!text) return;
      manifestsReadAhead.delete(url);
      return text.then(
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
  registerPlugins([manifestsReadAheadPlugin()]);
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

/** The release (tools/release) each remote's loaded code came from, for failure reports. */
const loadedReleases = new Map<string, string | null>();

/** Notes which release a remote's running code came from. */
export const markLoaded = (remote: string, release: string | null): void => {
  loadedReleases.set(remote, release);
};

/** The release the remote's running code came from, or null for a build served as it is. */
export const loadedReleaseOf = (remote: string): string | null =>
  loadedReleases.get(remote) ?? null;

/**
 * The remote whose deployment a script's URL is in (the folder of its manifest; the longest
 * wins), the release folder it is under (tools/release: releases/<id>/) and its path there: which
 * remote an error's stack frame belongs to.
 */
export function remoteFileOf(
  url: string,
): { remote: string; release: string | null; path: string } | null {
  let found: { remote: string; base: string } | null = null;
  for (const [remote, manifest] of Object.entries(registered)) {
    const base = manifest.slice(0, manifest.lastIndexOf('/') + 1);
    if (url.startsWith(base) && base.length > (found?.base.length ?? 0)) found = { remote, base };
  }
  if (!found) return null;
  const path = url.slice(found.base.length).split(/[?#]/)[0] ?? '';
  return {
    remote: found.remote,
    release: /^releases\/([0-9a-f]{16})\//.exec(path)?.[1] ?? null,
    path,
  };
}

/** The remote's exposed ./App from the entry it is registered with, within the load timeout. */
export async function loadExposedApp(remote: string): Promise<{ default: ComponentType }> {
  const module = await withTimeout(
    loadRemote<{ default: ComponentType }>(`${remote}/App`),
    CHUNK_LOAD_TIMEOUT_MS,
    remote,
  );
  if (!module?.default) throw new Error('the remote exposes no default component');
  return module;
}

/**
 * Loads a remote's exposed ./App, once its manifest says it can run on the shared modules of
 * this page (see versionSkewOf). A visitor in the share of a canary release the manifest names
 * runs the canary, unless the API stopped it (see remote-releases.ts). After a failure the
 * remote is registered again with `force`, which drops the runtime's cached (failed) entry so a
 * remote that came back loads for real.
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
  let manifest: unknown;
  try {
    manifest = JSON.parse(await readManifest(entry));
  } catch (error) {
    throw new RemoteLoadError(remote, error);
  }
  const release = releaseOf(manifest);
  let reregister = afterFailure;
  if (release?.canary) {
    const canary = await (await releases()).runCanary(remote, manifest, entry);
    if (canary.loaded) return canary.loaded;
    // A canary that was tried left its own entry registered.
    reregister ||= canary.tried;
  }
  // Checked before any of the remote's code runs: built for another major, it never starts.
  const skew = versionSkewOf(remote, manifest);
  if (skew) throw skew;
  if (reregister) registerRemotes([{ name: remote, entry }], { force: true });
  try {
    const module = await loadExposedApp(remote);
    markLoaded(remote, release?.id ?? null);
    return module;
  } catch (error) {
    reportFailure(remote, release?.id ?? null, error);
    throw error instanceof RemoteLoadError
      ? error
      : new RemoteLoadError(remote, error, release?.id ?? null);
  }
}
