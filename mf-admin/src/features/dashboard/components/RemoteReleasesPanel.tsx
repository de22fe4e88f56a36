import type { RemoteReleaseRow } from '@coldmail/contracts';
import { useQuery } from '@coldmail/query';
import { api } from '@coldmail/session';
import {
  Alert,
  Badge,
  Card,
  formatDate,
  PageLoader,
  ResponsiveTable,
  type TableColumn,
} from '@coldmail/ui';

/** A release's failures among its reported loads, as a percentage (loads are a canary's). */
const failureRate = ({ loaded, failed }: RemoteReleaseRow) =>
  loaded + failed === 0 ? '—' : `${Math.round((failed / (loaded + failed)) * 100)} %`;

const columns: TableColumn<RemoteReleaseRow>[] = [
  { key: 'remote', header: 'Remote', render: (row) => row.remote },
  { key: 'release', header: 'Release', render: (row) => <code>{row.release}</code> },
  { key: 'loaded', header: 'Canary loads', align: 'right', render: (row) => row.loaded },
  { key: 'failed', header: 'Failures', align: 'right', render: (row) => row.failed },
  { key: 'rate', header: 'Failure rate', align: 'right', render: failureRate },
  {
    key: 'halted',
    header: 'Canary',
    render: (row) =>
      row.halted ? (
        <Badge tone="danger">Stopped {row.haltedAt ? formatDate(row.haltedAt) : ''}</Badge>
      ) : (
        <Badge tone="success">Running</Badge>
      ),
  },
  {
    key: 'lastFailure',
    header: 'Last failure',
    render: (row) => row.lastFailure ?? '—',
  },
  { key: 'lastReportAt', header: 'Last report', render: (row) => formatDate(row.lastReportAt) },
];

/**
 * The remotes' releases as visitors' browsers reported them: a canary's loads, any release's
 * failures to load or render, and the canaries the API stopped for failing (tools/release).
 */
export function RemoteReleasesPanel() {
  const releases = useQuery(api.remoteReleases.list.query());
  return (
    <Card title="Remote releases" flush>
      {releases.isPending ? (
        <PageLoader />
      ) : releases.isError ? (
        <Alert tone="error">Could not load the remote releases: {releases.error.message}</Alert>
      ) : (
        <ResponsiveTable
          columns={columns}
          rows={releases.data}
          rowKey={(row) => `${row.remote}:${row.release}`}
          caption="Remote releases"
          emptyText="No release has reported a canary load or a failure"
        />
      )}
    </Card>
  );
}
