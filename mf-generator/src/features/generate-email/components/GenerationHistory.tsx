import type { Generation } from '@coldmail/contracts';
import { Alert, Button, Card, formatDate } from '@coldmail/ui';
import { useEffect, useRef } from 'react';
import { useDeleteGeneration, useGenerationHistory } from '../api/generator';
import { copyToClipboard, downloadEmail, emailText } from '../utils/emailFile';
import styles from './GenerateEmail.module.css';

/** The buyer's generated emails: open one in the card above, copy, download or delete it. */
export function GenerationHistory({ onOpen }: { onOpen(generation: Generation): void }) {
  const history = useGenerationHistory();
  const heading = useRef<HTMLSpanElement>(null);
  const openButtons = useRef(new Map<string, HTMLButtonElement>());
  /** The email being deleted, and the one whose Open button takes focus once it has gone. */
  const afterDelete = useRef<{ deleted: string; next: string | null } | null>(null);
  const remove = useDeleteGeneration(() => {
    afterDelete.current = null;
  });
  // Once the deleted email is no longer listed, focus goes to the next email's Open button (the
  // previous one's for the last), or to the list's heading when none is left, instead of falling
  // to the page with the deleted row.
  useEffect(() => {
    const pending = afterDelete.current;
    const list = history.data;
    if (!pending || !list || list.some((generation) => generation._id === pending.deleted)) return;
    afterDelete.current = null;
    const next = pending.next ? openButtons.current.get(pending.next) : undefined;
    (next ?? heading.current)?.focus();
  }, [history.data]);

  const deleteEmail = (generation: Generation, index: number, list: Generation[]) => {
    if (remove.isPending) return;
    afterDelete.current = {
      deleted: generation._id,
      next: (list[index + 1] ?? list[index - 1])?._id ?? null,
    };
    remove.mutate(generation._id);
  };

  return (
    <Card
      title={
        <span ref={heading} tabIndex={-1}>
          Your Generated Emails
        </span>
      }
    >
      {history.isPending ? null : history.isError ? (
        <Alert tone="error">Failed to load data</Alert>
      ) : history.data.length === 0 ? (
        <p className={styles.muted}>Emails you generate are kept here.</p>
      ) : (
        <ul className={styles.history} aria-label="Generated emails">
          {history.data.map((generation, index, list) => (
            <li key={generation._id} className={styles.entry}>
              <span>
                <strong>{generation.subject}</strong>
                <span className={styles.muted}>
                  {' '}
                  · to {generation.recipientName} · {formatDate(generation.createdAt)}
                </span>
              </span>
              {/* Each named after its email: the list repeats them once per email. */}
              <span className={styles.actions}>
                <Button
                  size="sm"
                  variant="ghost"
                  aria-label={`Open ${generation.subject}`}
                  ref={(button) => {
                    if (!button) return;
                    openButtons.current.set(generation._id, button);
                    return () => {
                      openButtons.current.delete(generation._id);
                    };
                  }}
                  onClick={() => onOpen(generation)}
                >
                  Open
                </Button>
                <Button
                  size="sm"
                  variant="ghost"
                  aria-label={`Copy ${generation.subject}`}
                  onClick={() => void copyToClipboard(emailText(generation), 'Email')}
                >
                  Copy
                </Button>
                <Button
                  size="sm"
                  variant="ghost"
                  aria-label={`Download ${generation.subject}`}
                  onClick={() => downloadEmail(generation)}
                >
                  Download
                </Button>
                <Button
                  size="sm"
                  variant="ghost"
                  aria-label={`Delete ${generation.subject}`}
                  // While one is deleted the others wait; this one keeps focus until it goes.
                  aria-disabled={remove.isPending || undefined}
                  onClick={() => deleteEmail(generation, index, list)}
                >
                  Delete
                </Button>
              </span>
            </li>
          ))}
        </ul>
      )}
    </Card>
  );
}
