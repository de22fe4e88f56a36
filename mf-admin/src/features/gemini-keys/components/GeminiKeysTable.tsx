import type { GeminiKey } from '@coldmail/contracts';
import {
  Badge,
  Button,
  EmptyState,
  formatDate,
  RowActions,
  Table,
  type TableColumn,
} from '@coldmail/ui';
import styles from './GeminiKeys.module.css';

interface GeminiKeysTableProps {
  keys: readonly GeminiKey[];
  /** The key whose switch is being flipped, to show its button busy. */
  togglingId: string | null;
  /** The key being tested, to show its Test button busy. */
  testingId: string | null;
  /** `control` is the row's Edit button, which gets focus back when the edit ends. */
  onEdit: (key: GeminiKey, control: HTMLElement) => void;
  onToggle: (key: GeminiKey) => void;
  onTest: (key: GeminiKey) => void;
  onDelete: (key: GeminiKey) => void;
}

const timeOf = (iso: string) =>
  new Date(iso).toLocaleTimeString('en-US', { hour: 'numeric', minute: '2-digit' });

/** What the pool makes of the key, and Google's latest complaint about it. */
function KeyState({ apiKey }: { apiKey: GeminiKey }) {
  const badge = {
    active: <Badge tone="success">Active</Badge>,
    cooling: (
      <Badge tone="warning">
        Cooling down{apiKey.coolingUntil ? ` until ${timeOf(apiKey.coolingUntil)}` : ''}
      </Badge>
    ),
    failing: <Badge tone="danger">Failing</Badge>,
    inactive: <Badge tone="neutral">Inactive</Badge>,
  }[apiKey.status];
  return (
    <div className={styles.state}>
      {badge}
      {apiKey.lastError && <p className={styles.lastError}>Last error: {apiKey.lastError}</p>}
    </div>
  );
}

export function GeminiKeysTable({
  keys,
  togglingId,
  testingId,
  onEdit,
  onToggle,
  onTest,
  onDelete,
}: GeminiKeysTableProps) {
  if (keys.length === 0) {
    return (
      <EmptyState title="No API keys found" description="Add your first key using the form above" />
    );
  }
  const columns: TableColumn<GeminiKey>[] = [
    { key: 'name', header: 'Name' },
    { key: 'key', header: 'Key', render: (key) => <code className={styles.mask}>{key.key}</code> },
    { key: 'status', header: 'Status', render: (key) => <KeyState apiKey={key} /> },
    {
      key: 'usage',
      header: 'Usage',
      render: (key) => (
        <div className={styles.usage}>
          <span>
            {key.useCount} {key.useCount === 1 ? 'use' : 'uses'}, {key.failureCount}{' '}
            {key.failureCount === 1 ? 'failure' : 'failures'}
          </span>
          <span className={styles.muted}>
            {key.tokenCount.toLocaleString('en-US')} {key.tokenCount === 1 ? 'token' : 'tokens'}
          </span>
          <span className={styles.muted}>
            {key.lastUsedAt ? `Last used ${formatDate(key.lastUsedAt)}` : 'Never used'}
          </span>
        </div>
      ),
    },
    {
      key: 'actions',
      header: 'Actions',
      align: 'right',
      render: (key) => (
        <RowActions align="end">
          <Button
            size="sm"
            variant="secondary"
            aria-label={`Edit ${key.name}`}
            onClick={(event) => onEdit(key, event.currentTarget)}
          >
            Edit
          </Button>
          <Button
            size="sm"
            variant="secondary"
            loading={togglingId === key._id}
            aria-label={`${key.isActive ? 'Deactivate' : 'Activate'} ${key.name}`}
            onClick={() => onToggle(key)}
          >
            {key.isActive ? 'Deactivate' : 'Activate'}
          </Button>
          <Button
            size="sm"
            variant="secondary"
            loading={testingId === key._id}
            aria-label={`Test ${key.name}`}
            onClick={() => onTest(key)}
          >
            Test
          </Button>
          <Button
            size="sm"
            variant="danger"
            aria-label={`Delete ${key.name}`}
            onClick={() => onDelete(key)}
          >
            Delete
          </Button>
        </RowActions>
      ),
    },
  ];
  return (
    <Table
      caption="Gemini API keys"
      columns={columns}
      rows={keys}
      rowKey={(key) => key._id}
      emptyText="No API keys found"
    />
  );
}
