import type { LegalPageName } from '@coldmail/contracts';
import { useQuery } from '@coldmail/query';
import { api } from '@coldmail/session';
import { Alert, LegalPageBlock, PageLoader } from '@coldmail/ui';

/** What each legal page says while its read fails ('Failed to fetch … data', as the blocks do). */
const failedReadOf: Record<LegalPageName, string> = {
  privacy: 'Failed to fetch privacy policy data',
  terms: 'Failed to fetch terms of service data',
  refund: 'Failed to fetch refund policy data',
};

/** /privacy, /terms, /refund-policy: the policy as an admin wrote it (hidden: not found). */
export function LegalPage({ name }: { name: LegalPageName }) {
  const page = useQuery({ ...api.content[name].query(), select: (answer) => answer.data });
  return (
    <section data-remote="marketing" data-page="LegalPage">
      {page.isPending ? (
        <PageLoader />
      ) : page.isError ? (
        <Alert tone="error">{page.error.status ? failedReadOf[name] : page.error.message}</Alert>
      ) : page.data.isActive ? (
        <LegalPageBlock page={page.data} />
      ) : (
        <Alert tone="info" title="Page not found">
          This page is not available.
        </Alert>
      )}
    </section>
  );
}
