import { useEffect, useLayoutEffect, useRef, useState } from 'react';
import { toApiError, type ApiError } from './api-client';

export type RequestState<T> =
  { status: 'loading' } | { status: 'error'; error: ApiError } | { status: 'loaded'; data: T };

type Settled<T> = Exclude<RequestState<T>, { status: 'loading' }>;

/**
 * Runs `load` whenever `key` changes (or `reload` is called) and reports its state; answers
 * of a superseded request are dropped. A null key waits (e.g. for the signed-in e-mail).
 */
export function useApiRequest<T>(
  key: string | null,
  load: () => Promise<T>,
): RequestState<T> & { reload: () => void } {
  const [attempt, setAttempt] = useState(0);
  const [result, setResult] = useState<{ key: string; state: Settled<T> } | null>(null);
  const latestLoad = useRef(load);
  useLayoutEffect(() => {
    latestLoad.current = load;
  });
  const requestKey = key === null ? null : `${key}#${attempt}`;

  useEffect(() => {
    if (requestKey === null) return;
    let current = true;
    latestLoad.current().then(
      (data) => current && setResult({ key: requestKey, state: { status: 'loaded', data } }),
      (error: unknown) =>
        current &&
        setResult({ key: requestKey, state: { status: 'error', error: toApiError(error) } }),
    );
    return () => {
      current = false;
    };
  }, [requestKey]);

  const state: RequestState<T> =
    result && result.key === requestKey ? result.state : { status: 'loading' };
  return { ...state, reload: () => setAttempt((count) => count + 1) };
}
