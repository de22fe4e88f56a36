import { QueryClient } from '@tanstack/react-query';

/**
 * Server state's defaults, shared by the host and every remote: answers stay fresh for 30 s
 * (moving between pages does not refetch what was just read); only an unreachable server (an
 * ApiError with status 0) is retried, once, since a 4xx will answer the same again.
 */
export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: {
        staleTime: 30_000,
        refetchOnWindowFocus: false,
        retry: (failures, error) => (error as { status?: unknown }).status === 0 && failures < 1,
      },
      mutations: { retry: false },
    },
  });
}

/**
 * The one QueryClient of the running site; this module is a federation singleton. (It lives
 * here rather than in @coldmail/session so that no other shared module imports this one: the
 * federation plugin would then bundle this module's fallback eagerly into every remote.)
 */
export const queryClient = createQueryClient();
