import type { ApiContract, InputOf } from '@coldmail/contracts';
import { api } from '@coldmail/session';
import { useMutation, useQuery } from '@coldmail/query';

type Endpoints = ApiContract['geminiKeys'];

/** The stored keys, masked, newest first. */
export function useGeminiKeys() {
  return useQuery(api.geminiKeys.list.query());
}

/**
 * The panel's changes; each one resolves once the list, which carries the keys' new state, has
 * been read again (the typed client refreshes what a write makes stale).
 */
export function useGeminiKeyChanges() {
  return {
    create: useMutation({
      mutationFn: (input: InputOf<Endpoints['create']>) => api.geminiKeys.create(input),
    }),
    update: useMutation({
      mutationFn: (input: InputOf<Endpoints['update']>) => api.geminiKeys.update(input),
    }),
    remove: useMutation({
      mutationFn: (input: InputOf<Endpoints['delete']>) => api.geminiKeys.delete(input),
    }),
    toggle: useMutation({
      mutationFn: (input: InputOf<Endpoints['toggle']>) => api.geminiKeys.toggle(input),
    }),
    /** One small call to the model with the key: its answer, or Google's reason. */
    test: useMutation({
      mutationFn: (input: InputOf<Endpoints['test']>) => api.geminiKeys.test(input),
    }),
  };
}
