import type { GeminiKey } from '@coldmail/contracts';
import { Alert, Card, ConfirmDialog, PageLoader } from '@coldmail/ui';
import { useRef, useState } from 'react';
import { useGeminiKeyChanges, useGeminiKeys } from '../api/gemini-keys';
import { GeminiModelCard } from './GeminiModelCard';
import { messageOf } from '../utils/messages';
import { GeminiKeyForm } from './GeminiKeyForm';
import { GeminiKeysTable } from './GeminiKeysTable';
import styles from './GeminiKeys.module.css';

interface Banner {
  tone: 'success' | 'error';
  text: string;
}

/**
 * Settings › Gemini Keys: the AI-provider keys the generator uses. Keys are shown masked; the
 * state column says what the key pool makes of each key (cooling down, failing and why).
 */
export function GeminiKeysPanel() {
  const keys = useGeminiKeys();
  const changes = useGeminiKeyChanges();
  const [banner, setBanner] = useState<Banner | null>(null);
  const [editing, setEditing] = useState<GeminiKey | null>(null);
  const [deleting, setDeleting] = useState<GeminiKey | null>(null);
  /** The Edit button of the key being edited: focus goes back to it when the edit ends. */
  const editButton = useRef<HTMLElement | null>(null);
  const stopEditing = () => {
    setEditing(null);
    editButton.current?.focus();
    editButton.current = null;
  };

  /** Runs one change and reports it in the banner; true when it succeeded. */
  const report = async (change: () => Promise<{ message: string }>, fallback: string) => {
    setBanner(null);
    try {
      setBanner({ tone: 'success', text: (await change()).message });
      return true;
    } catch (error) {
      setBanner({ tone: 'error', text: `Error: ${messageOf(error, fallback)}` });
      return false;
    }
  };

  if (keys.isPending) return <PageLoader label="Loading API keys..." />;
  if (keys.isError) {
    return <Alert tone="error">{messageOf(keys.error, 'Failed to fetch keys')}</Alert>;
  }

  /** One small call to the model with the key; its answer or Google's reason goes in the banner. */
  const testKey = async (key: GeminiKey) => {
    setBanner(null);
    try {
      const result = await changes.test.mutateAsync({ params: { id: key._id } });
      setBanner(
        result.success
          ? { tone: 'success', text: `${key.name} works with ${result.model}: "${result.answer}"` }
          : { tone: 'error', text: `${key.name} failed with ${result.model}: ${result.error}` },
      );
    } catch (error) {
      setBanner({ tone: 'error', text: `Error: ${messageOf(error, 'Failed to test key')}` });
    }
  };

  const confirmDelete = async (key: GeminiKey) => {
    await report(
      () => changes.remove.mutateAsync({ params: { id: key._id } }),
      'Failed to delete key',
    );
    // The call settles once the lists are fresh, by when another deletion may be asking.
    setDeleting((current) => (current?._id === key._id ? null : current));
    if (editing?._id === key._id) setEditing(null);
  };

  return (
    <section className={styles.panel} aria-label="Gemini Keys">
      {banner && (
        <Alert tone={banner.tone} onDismiss={() => setBanner(null)}>
          {banner.text}
        </Alert>
      )}
      {editing ? (
        <GeminiKeyForm
          key={editing._id}
          editing={{ name: editing.name, key: editing.key, isActive: editing.isActive }}
          onSubmit={async (body) => {
            const saved = await report(
              () => changes.update.mutateAsync({ params: { id: editing._id }, body }),
              'Failed to update key',
            );
            if (saved) stopEditing();
            return saved;
          }}
          onInvalid={(message) => setBanner({ tone: 'error', text: `Error: ${message}` })}
          onCancel={stopEditing}
        />
      ) : (
        <GeminiKeyForm
          onSubmit={(body) =>
            report(() => changes.create.mutateAsync({ body }), 'Failed to add key')
          }
          onInvalid={(message) => setBanner({ tone: 'error', text: `Error: ${message}` })}
        />
      )}
      <GeminiModelCard report={setBanner} />
      <Card title="API Keys" flush>
        <GeminiKeysTable
          keys={keys.data.data}
          togglingId={changes.toggle.isPending ? changes.toggle.variables.params.id : null}
          testingId={changes.test.isPending ? changes.test.variables.params.id : null}
          onEdit={(key, control) => {
            setBanner(null);
            setEditing(key);
            editButton.current = control;
          }}
          onToggle={(key) =>
            void report(
              () => changes.toggle.mutateAsync({ params: { id: key._id } }),
              'Failed to toggle key status',
            )
          }
          onTest={(key) => void testKey(key)}
          onDelete={setDeleting}
        />
      </Card>
      <ConfirmDialog
        open={deleting !== null}
        title="Delete API key"
        message="Are you sure you want to delete this API key?"
        confirmLabel="Delete"
        busyLabel="Deleting..."
        busy={changes.remove.isPending}
        onConfirm={() => deleting && void confirmDelete(deleting)}
        onCancel={() => setDeleting(null)}
      />
    </section>
  );
}
