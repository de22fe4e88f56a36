import type { RemoteReleaseReport } from '@coldmail/contracts';
import { registerRemotes } from '@module-federation/runtime';
import type { ComponentType } from 'react';
import { api } from '@coldmail/session';
import { apiConfigured } from '../../app/api-configured';
import {
  loadExposedApp,
  markLoaded,
  readManifest,
  reportFailure,
  versionSkewOf,
} from './remote-registry';

/** A remote's name as the API takes it (it refuses one it does not know). */
const asReported = (remote: string) => remote as RemoteReleaseReport['remote'];

/** Where a visitor's share (0-99) is kept: the same visitor gets the same releases. */
const BUCKET_KEY = 'coldmail.releaseBucket';

/**
 * The visitor's lasting share, 0 to 99: a canary served to p % of visitors runs for those below
 * p. Without storage (private modes that refuse it) the visitor never runs a canary.
 */
export function visitorBucket(storage: Pick<Storage, 'getItem' | 'setItem'> | null): number {
  try {
    if (!storage) return 100;
    const kept = storage.getItem(BUCKET_KEY);
    if (kept !== null && /^\d{1,2}$/.test(kept)) return Number(kept);
    const bucket = (crypto.getRandomValues(new Uint32Array(1))[0] ?? 0) % 100;
    storage.setItem(BUCKET_KEY, String(bucket));
    return bucket;
  } catch {
    return 100;
  }
}

interface ReleaseInfo {
  id?: unknown;
  canary?: { id?: unknown; percent?: unknown };
}

const releaseInfoOf = (manifest: unknown): ReleaseInfo | null => {
  const release = (manifest as { release?: unknown } | null)?.release;
  return release && typeof release === 'object' ? (release as ReleaseInfo) : null;
};

/** A canary release of a remote that this visitor is to run: its id and its own manifest. */
export interface CanaryChoice {
  id: string;
  manifestUrl: string;
}

/**
 * The canary this visitor runs, as the remote's live manifest names it (tools/release), or null:
 * none runs, or the visitor's share is outside it.
 */
export function canaryFor(
  manifest: unknown,
  manifestUrl: string,
  bucket: number,
): CanaryChoice | null {
  const canary = releaseInfoOf(manifest)?.canary;
  const { id, percent } = canary ?? {};
  if (typeof id !== 'string' || !/^[0-9a-f]{16}$/.test(id)) return null;
  if (typeof percent !== 'number' || bucket >= percent) return null;
  return { id, manifestUrl: new URL(`releases/${id}/mf-manifest.json`, manifestUrl).href };
}

/** Whether the API stopped the canary for failing; when it cannot say, the canary is skipped. */
export async function canaryHalted(remote: string, release: string): Promise<boolean> {
  try {
    await apiConfigured;
    const status = await api.remoteReleases.status({
      params: { remote: asReported(remote), release },
    });
    return status.halted;
  } catch {
    return true;
  }
}

/**
 * Tells the API how a release did on this page (a canary's load, any release's failure): what
 * stops a failing canary and what the back office lists. Never fails the page.
 */
export function reportRelease(
  remote: string,
  release: string | null,
  outcome: 'loaded' | 'failed',
  reason?: unknown,
): void {
  if (!release) return;
  const text = reason instanceof Error ? reason.message : reason ? String(reason) : undefined;
  void apiConfigured
    .then(() =>
      api.remoteReleases.report({
        body: {
          remote: asReported(remote),
          release,
          outcome,
          ...(text ? { reason: text.slice(0, 300) } : {}),
        },
      }),
    )
    .catch(() => {
      // A report that cannot be sent changes nothing for the visitor.
    });
}

const storageOrNull = (): Storage | null => {
  try {
    return window.localStorage;
  } catch {
    return null;
  }
};

/**
 * For a visitor in the share of the canary the remote's live manifest names (and the API has
 * not stopped): the canary's App, registered from its own manifest. `loaded` is null when there
 * is none for this visitor or it failed (reported, so the API can stop it); `tried` says the
 * remote's registration changed, so the live release must be registered again.
 */
export async function runCanary(
  remote: string,
  manifest: unknown,
  manifestUrl: string,
): Promise<{ loaded: { default: ComponentType } | null; tried: boolean }> {
  const canary = canaryFor(manifest, manifestUrl, visitorBucket(storageOrNull()));
  if (!canary || (await canaryHalted(remote, canary.id))) return { loaded: null, tried: false };
  try {
    const own: unknown = JSON.parse(await readManifest(canary.manifestUrl));
    const skew = versionSkewOf(remote, own);
    if (skew) throw skew;
    registerRemotes([{ name: remote, entry: canary.manifestUrl }], { force: true });
    const loaded = await loadExposedApp(remote);
    markLoaded(remote, canary.id);
    reportRelease(remote, canary.id, 'loaded');
    return { loaded, tried: true };
  } catch (error) {
    console.warn(`[remote ${remote}] canary ${canary.id} failed; running the live release`, error);
    reportFailure(remote, canary.id, error);
    return { loaded: null, tried: true };
  }
}
