import type { ApiContract, InputOf } from '@coldmail/contracts';
import { useMutation, useQuery } from '@coldmail/query';
import { api } from '@coldmail/session';

type Endpoints = ApiContract['promoCodes'];

/** Every promo code, newest first. */
export function usePromoCodes() {
  return useQuery(api.promoCodes.list.query());
}

/** The packages and items a code may be limited to: the table names them, the form lists them. */
export function useProducts() {
  const packages = useQuery(api.packages.list.query());
  const items = useQuery(api.items.list.query());
  return { packages, items };
}

/** The store's currency (PayPal settings): a fixed amount off is in it, and only in it. */
export function useStoreCurrency() {
  return useQuery({ ...api.paypalSettings.get.query(), select: (answer) => answer.data.currency });
}

/**
 * The page's changes; each resolves once the list, which shows the code's new state, has been
 * read again (the typed client refreshes what a write makes stale).
 */
export function usePromoCodeChanges() {
  return {
    create: useMutation({
      mutationFn: (input: InputOf<Endpoints['create']>) => api.promoCodes.create(input),
    }),
    update: useMutation({
      mutationFn: (input: InputOf<Endpoints['update']>) => api.promoCodes.update(input),
    }),
    remove: useMutation({
      mutationFn: (input: InputOf<Endpoints['delete']>) => api.promoCodes.delete(input),
    }),
    pause: useMutation({
      mutationFn: (input: InputOf<Endpoints['pause']>) => api.promoCodes.pause(input),
    }),
    resume: useMutation({
      mutationFn: (input: InputOf<Endpoints['resume']>) => api.promoCodes.resume(input),
    }),
  };
}
