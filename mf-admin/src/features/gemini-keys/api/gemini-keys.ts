import type { ApiContract, InputOf } from '@coldmail/contracts';
import { api, domainKey } from '@coldmail/session';
import { useMutation, useQuery, useQueryClient } from '@coldmail/query';

type Endpoints = ApiContract['geminiKeys'];

/** The stored keys, masked, newest first. */
export function useGeminiKeys() {
  return useQuery(api.geminiKeys.list.query());
}

/** The panel's changes; each one refreshes the list, which carries the keys' new state. */
export function useGeminiKeyChanges() {
  const queryClient = useQueryClient();
  const onSuccess = () => queryClient.invalidateQueries({ queryKey: domainKey('geminiKeys') });
  return {
    create: useMutation({
      mutationFn: (input: InputOf<Endpoints['create']>) => api.geminiKeys.create(input),
      onSuccess,
    }),
    update: useMutation({
      mutationFn: (input: InputOf<Endpoints['update']>) => api.geminiKeys.update(input),
      onSuccess,
    }),
    remove: useMutation({
      mutationFn: (input: InputOf<Endpoints['delete']>) => api.geminiKeys.delete(input),
      onSuccess,
    }),
    toggle: useMutation({
      mutationFn: (input: InputOf<Endpoints['toggle']>) => api.geminiKeys.toggle(input),
      onSuccess,
    }),
  };
}
