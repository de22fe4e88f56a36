// Every app reads and writes server state through TanStack Query imported from here, never from
// @tanstack/react-query directly (lint enforces it): host and remotes then share exactly one
// query cache, and the shared bundle carries only these exports (not infinite or suspense
// queries, which nobody uses; `hydrate` takes a server-rendered page's reads in, and its
// counterpart is in ./server.ts). Add an export here when a screen needs one.
export {
  hydrate,
  keepPreviousData,
  QueryClient,
  QueryClientProvider,
  QueryObserver,
  useMutation,
  useQuery,
  useQueryClient,
} from '@tanstack/react-query';
export type {
  DehydratedState,
  Query,
  QueryObserverResult,
  UseQueryResult,
} from '@tanstack/react-query';
export { createQueryClient, queryClient } from './client';
