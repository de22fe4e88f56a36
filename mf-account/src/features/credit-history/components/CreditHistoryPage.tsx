import { routes } from '@coldmail/contracts/routes';
import type { CreditHistoryEntry } from '@coldmail/contracts';
import { api, downloadCsv } from '@coldmail/session';
import {
  Alert,
  ButtonLink,
  Card,
  EmptyState,
  ExportButton,
  PageHeader,
  PageLoader,
  Pagination,
  ResponsiveTable,
  formatDate,
  pageCountOf,
  pageSummary,
  type TableColumn,
} from '@coldmail/ui';
import { keepPreviousData, useQuery } from '@coldmail/query';
import { useState } from 'react';
import styles from './CreditHistory.module.css';
import { creditReasonInWords } from '../../../utils/credit-reasons';

const PAGE_SIZE = 10;

/** '+5' in green, '−1' in red (a true minus sign, which screen readers read as minus). */
function Change({ delta }: { delta: number }) {
  if (delta === 0) return <span>0</span>;
  return delta > 0 ? (
    <span className={styles.gain}>+{delta}</span>
  ) : (
    <span className={styles.loss}>−{Math.abs(delta)}</span>
  );
}

const columns: TableColumn<CreditHistoryEntry>[] = [
  { key: 'date', header: 'Date', render: (entry) => formatDate(entry.date) },
  {
    key: 'delta',
    header: 'Change',
    align: 'right',
    render: (entry) => <Change delta={entry.delta} />,
  },
  {
    key: 'reason',
    header: 'Reason',
    render: (entry) => (
      <span className={styles.reason}>
        {creditReasonInWords[entry.reason]}
        {entry.shortfall ? (
          <span className={styles.muted}>{entry.shortfall} credits had already been spent</span>
        ) : null}
      </span>
    ),
  },
  {
    key: 'balanceAfter',
    header: 'Balance after',
    align: 'right',
    render: (entry) => <span className={styles.balance}>{entry.balanceAfter}</span>,
  },
];

/** /user/credit-history — every change to the user's credit balance, newest first. */
export function CreditHistoryPage() {
  const [page, setPage] = useState(1);
  const history = useQuery({
    ...api.credits.history.query({ query: { page, pageSize: PAGE_SIZE } }),
    // The current page stays on screen while the next one loads.
    placeholderData: keepPreviousData,
  });

  return (
    <section className={styles.page} data-remote="account" data-page="CreditHistoryPage">
      <PageHeader
        title="Credit History"
        subtitle="Every credit you bought, spent or got back"
        actions={<ExportButton onExport={() => downloadCsv(routes.credits.history.path, {})} />}
      />
      {history.isPending ? (
        <PageLoader />
      ) : history.isError ? (
        <Alert tone="error">Could not load your credit history: {history.error.message}</Alert>
      ) : history.data.total === 0 ? (
        <EmptyState
          title="No credit changes yet"
          description="Credits you buy and spend on email templates will show here."
          action={<ButtonLink to="/user/select-package">Buy credits</ButtonLink>}
        />
      ) : (
        <Card title="All Changes" flush>
          <ResponsiveTable
            columns={columns}
            rows={history.data.entries}
            rowKey={(entry) => entry._id}
            caption="Credit History"
            emptyText="No credit changes on this page"
          />
          <div className={styles.pagination}>
            <Pagination
              page={page}
              pageCount={pageCountOf(history.data.total, PAGE_SIZE)}
              onPageChange={setPage}
              // What is on screen, which stays the previous page until the next one arrives.
              summary={pageSummary(history.data.page, history.data.pageSize, history.data.total)}
            />
          </div>
        </Card>
      )}
    </section>
  );
}
