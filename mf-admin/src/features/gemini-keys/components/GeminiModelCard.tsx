import { geminiModelNameSchema } from '@coldmail/contracts';
import { useMutation, useQuery } from '@coldmail/query';
import { api } from '@coldmail/session';
import { Button, Card, TextField } from '@coldmail/ui';
import { useState, type FormEvent } from 'react';
import styles from './GeminiKeys.module.css';

/**
 * The model every generation calls: GEMINI_MODEL, or the one an admin chooses here (Google shuts
 * models down; the keys' Test button checks a choice before it is used). `report` shows what
 * happened in the panel's banner.
 */
export function GeminiModelCard({
  report,
}: {
  report: (banner: { tone: 'success' | 'error'; text: string }) => void;
}) {
  const settings = useQuery(api.geminiKeys.model.query());
  const save = useMutation({
    mutationFn: (model: string | null) => api.geminiKeys.setModel({ body: { model } }),
    onSuccess: ({ data }) => report({ tone: 'success', text: `Generations now use ${data.model}` }),
    onError: (error) => report({ tone: 'error', text: `Error: ${error.message}` }),
  });
  const [draft, setDraft] = useState<string | null>(null);
  if (!settings.data) return null;
  const { model, override, default: fallback } = settings.data.data;
  const value = draft ?? override ?? '';
  const invalid = value.trim() !== '' && !geminiModelNameSchema.safeParse(value).success;

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (invalid) return;
    save.mutate(value.trim() || null, { onSuccess: () => setDraft(null) });
  };

  return (
    <Card title="Model">
      <form className={styles.modelForm} onSubmit={submit} noValidate>
        <p className={styles.muted}>
          Generations use <code>{model}</code>
          {override
            ? ` (chosen here; the server's default is ${fallback})`
            : " (the server's default)"}
          .
        </p>
        <TextField
          label="Model for every generation"
          placeholder={fallback}
          value={value}
          onChange={(event) => setDraft(event.target.value)}
          hint="Empty: the server's default (GEMINI_MODEL). Test a key after changing it."
          error={invalid ? 'A Gemini model name, such as gemini-3.5-flash-lite' : undefined}
        />
        <div className={styles.rowActions}>
          <Button type="submit" loading={save.isPending} disabled={invalid}>
            Save Model
          </Button>
          {override && (
            <Button
              type="button"
              variant="secondary"
              disabled={save.isPending}
              onClick={() => save.mutate(null, { onSuccess: () => setDraft(null) })}
            >
              Use Default
            </Button>
          )}
        </div>
      </form>
    </Card>
  );
}
