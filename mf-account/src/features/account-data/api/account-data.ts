import { routes } from '@coldmail/contracts/routes';
import { useMutation } from '@coldmail/query';
import { api, downloadJson } from '@coldmail/session';

/**
 * "Download my data": the API's JSON file saved as it sent it, under its name
 * (`coldmail-data-<date>.json`); the typed client would parse it and drop that name.
 */
export function useDownloadMyData() {
  return useMutation({ mutationFn: () => downloadJson(routes.account.export.path) });
}

/** "Delete my account", confirmed with the account's address typed again. */
export function useDeleteAccount() {
  return useMutation({
    mutationFn: (userEmail: string) => api.account.delete({ body: { userEmail } }),
  });
}
