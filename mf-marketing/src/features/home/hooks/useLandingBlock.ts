import type { LandingBlockName, LandingBlockSettings } from '@coldmail/contracts';
import { landingBlockPaths } from '@coldmail/contracts/landing-blocks';
import { useQuery } from '@coldmail/query';
import { api, type ApiError, type ApiQueryKey } from '@coldmail/session';

/** Where one landing block stands, as the page draws it. */
export type LandingBlockState<Name extends LandingBlockName> =
  | { status: 'loading' }
  /** `text`: what the block shows instead ('Failed to fetch banner data' and the like). */
  | { status: 'error'; text: string }
  /** `block`: null when an admin has hidden it. */
  | { status: 'loaded'; block: LandingBlockSettings<Name> | null };

/**
 * The page's one read of every block. A failed one is not read again as each block mounts (each
 * block then reads itself), and a retry does not take the page back to its first screen.
 */
export const useLandingRead = () =>
  useQuery({ ...api.content.landing.query(), retryOnMount: false });

/** The one read has failed and has nothing to show (a retry may be under way). */
export const landingFailed = (landing: ReturnType<typeof useLandingRead>): boolean =>
  landing.data === undefined && landing.errorUpdateCount > 0;

/** A block's own read (GET /api/banner-section and the like), from its contract entry. */
function ownReadOf<Name extends LandingBlockName>(name: Name) {
  const reads = api.content as unknown as Record<
    LandingBlockName,
    {
      query(): {
        queryKey: ApiQueryKey;
        queryFn: () => Promise<{ data: LandingBlockSettings<Name> }>;
      };
    }
  >;
  return reads[name].query();
}

/**
 * One landing block: from the page's one read (GET /api/landing-content) when it answers;
 * when it fails, from the block's own read, so each block loads and fails on its own (the
 * spec's states) and one block's failure never blanks the page.
 */
export function useLandingBlock<Name extends LandingBlockName>(
  name: Name,
): LandingBlockState<Name> {
  const landing = useLandingRead();
  const failed = landingFailed(landing);
  const own = useQuery({ ...ownReadOf(name), enabled: failed });
  if (landing.data) {
    return { status: 'loaded', block: landing.data[name] as LandingBlockSettings<Name> | null };
  }
  if (!failed) return { status: 'loading' };
  if (own.data) {
    const block = own.data.data;
    return { status: 'loaded', block: block.isActive ? block : null };
  }
  if (own.isError) return { status: 'error', text: failureTextOf(name, own.error) };
  return { status: 'loading' };
}

/** The server answered: the spec's text for this block; it did not: what went wrong. */
function failureTextOf(name: LandingBlockName, error: ApiError): string {
  return error.status ? landingBlockPaths[name].failedRead : error.message;
}
