import { geminiKeyBodySchema, type GeminiKeyBody } from '@coldmail/contracts';
import { Button, Card, Checkbox, TextField } from '@coldmail/ui';
import { zodResolver } from '@hookform/resolvers/zod';
import { useState } from 'react';
import { useForm, type FieldErrors } from 'react-hook-form';
import type { z } from 'zod';
import styles from './GeminiKeys.module.css';

type KeyFields = z.output<typeof geminiKeyBodySchema>;

const EMPTY: GeminiKeyBody = { name: '', key: '', isActive: true };

interface GeminiKeyFormProps {
  /** Editing: a copy of the key's record, its key being the mask (sent back, it keeps the key). */
  editing?: GeminiKeyBody;
  /** Saves; true when saved, so an added key's form is cleared. */
  onSubmit: (fields: KeyFields) => Promise<boolean>;
  /** The first validation message, for the panel's banner; nothing is sent. */
  onInvalid: (message: string) => void;
  /** Leaves the edit form: Cancel, or Escape anywhere in it. */
  onCancel?: () => void;
}

/**
 * The add form, or the edit form ('Update Key' / 'Cancel') when `editing` is given. The edit form
 * opens with focus in its first field (the browser scrolls it into view), since the row's Edit
 * button that opened it sits further down the panel.
 */
export function GeminiKeyForm({ editing, onSubmit, onInvalid, onCancel }: GeminiKeyFormProps) {
  const form = useForm<GeminiKeyBody, unknown, KeyFields>({
    resolver: zodResolver(geminiKeyBodySchema),
    defaultValues: editing ?? EMPTY,
  });
  const [showKey, setShowKey] = useState(false);
  const { errors, isSubmitting } = form.formState;

  const submit = form.handleSubmit(
    async (fields) => {
      if ((await onSubmit(fields)) && !editing) {
        form.reset(EMPTY);
        setShowKey(false);
      }
    },
    (invalid: FieldErrors<GeminiKeyBody>) => {
      const first = invalid.name?.message ?? invalid.key?.message ?? invalid.isActive?.message;
      if (first) onInvalid(first);
    },
  );

  return (
    <Card title={editing ? 'Edit API Key' : 'Add New API Key'}>
      <form
        onSubmit={submit}
        onKeyDown={(event) => {
          if (editing && event.key === 'Escape' && !isSubmitting) onCancel?.();
        }}
        noValidate
        aria-label={editing ? 'Edit API key' : 'Add API key'}
        className={styles.form}
      >
        <TextField
          label="Key Name"
          placeholder="e.g. Production key"
          autoComplete="off"
          autoFocus={Boolean(editing)}
          aria-invalid={errors.name ? true : undefined}
          {...form.register('name')}
        />
        <div className={styles.keyField}>
          <TextField
            label="API Key"
            type={showKey ? 'text' : 'password'}
            // Not a password: keep browsers from offering to save or fill it.
            autoComplete="new-password"
            spellCheck={false}
            hint={editing ? 'Leave the masked key as it is to keep the current key.' : undefined}
            aria-invalid={errors.key ? true : undefined}
            fieldClassName={styles.keyInput}
            {...form.register('key')}
          />
          <Button
            variant="secondary"
            size="sm"
            className={styles.showKey}
            aria-pressed={showKey}
            aria-label={showKey ? 'Hide key' : 'Show key'}
            onClick={() => setShowKey((shown) => !shown)}
          >
            {showKey ? 'Hide' : 'Show'}
          </Button>
        </div>
        <Checkbox label="Active" {...form.register('isActive')} />
        <div className={styles.formActions}>
          <Button type="submit" loading={isSubmitting}>
            {editing ? 'Update Key' : 'Add Key'}
          </Button>
          {editing && (
            <Button variant="secondary" disabled={isSubmitting} onClick={onCancel}>
              Cancel
            </Button>
          )}
        </div>
      </form>
    </Card>
  );
}
