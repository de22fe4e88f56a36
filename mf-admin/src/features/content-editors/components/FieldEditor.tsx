import { MAX_UPLOAD_BYTES, UPLOAD_TOO_LARGE_MESSAGE } from '@coldmail/contracts';
import { api } from '@coldmail/session';
import { Button, TextArea, TextField, toast } from '@coldmail/ui';
import { useRef, useState } from 'react';
import type { Field } from './fields';
import styles from './ContentEditor.module.css';

type Value = unknown;

interface FieldEditorProps {
  field: Field;
  value: Value;
  onChange(value: Value): void;
  /** Server messages by dotted path, e.g. 'youtubeUrl' or 'steps.0.title'. */
  errors: Record<string, string>;
  path: string;
}

const at = (value: Value, key: string): Value =>
  key === '' ? value : (value as Record<string, Value> | undefined)?.[key];
const join = (path: string, key: string | number) =>
  key === '' ? path : path ? `${path}.${key}` : String(key);

/** An image URL that can also be uploaded (POST /image-server/upload). */
function ImageField({
  label,
  value,
  onChange,
  error,
}: {
  label: string;
  value: string;
  onChange(value: string): void;
  error?: string;
}) {
  const input = useRef<HTMLInputElement>(null);
  const [uploading, setUploading] = useState(false);
  const upload = async (file: File | undefined) => {
    if (!file) return;
    if (file.size > MAX_UPLOAD_BYTES) {
      toast.error(UPLOAD_TOO_LARGE_MESSAGE);
      return;
    }
    setUploading(true);
    try {
      const body = new FormData();
      body.append('image', file);
      onChange((await api.uploads.upload({ body })).file.url);
    } catch (caught) {
      toast.error(caught instanceof Error ? caught.message : 'Failed to upload image.');
    } finally {
      setUploading(false);
      if (input.current) input.current.value = '';
    }
  };
  return (
    <div className={styles.image}>
      <TextField
        label={label}
        type="url"
        value={value}
        error={error}
        onChange={(event) => onChange(event.target.value)}
      />
      <input
        ref={input}
        className={styles.file}
        type="file"
        accept="image/*"
        aria-label={`${label} file`}
        onChange={(event) => void upload(event.target.files?.[0])}
      />
      <Button
        type="button"
        size="sm"
        variant="secondary"
        // Named after its field ('Upload Logo'): an editor has several. While uploading it keeps
        // focus and refuses a second file.
        aria-label={`${uploading ? 'Uploading...' : 'Upload'} ${label}`}
        aria-disabled={uploading || undefined}
        onClick={() => {
          if (!uploading) input.current?.click();
        }}
      >
        {uploading ? 'Uploading...' : 'Upload'}
      </Button>
    </div>
  );
}

/** One field of a content form; lists and groups hold more fields. */
export function FieldEditor({ field, value, onChange, errors, path }: FieldEditorProps) {
  const here = join(path, field.key);
  const own = at(value, field.key);
  const set = (next: Value) =>
    field.key === '' ? onChange(next) : onChange({ ...(value as object), [field.key]: next });

  switch (field.kind) {
    case 'text':
    case 'link':
      return (
        <TextField
          label={field.label}
          value={String(own ?? '')}
          error={errors[here]}
          onChange={(event) => set(event.target.value)}
        />
      );
    case 'textarea':
      return (
        <TextArea
          label={field.label}
          rows={3}
          value={String(own ?? '')}
          error={errors[here]}
          onChange={(event) => set(event.target.value)}
        />
      );
    case 'image':
      return (
        <ImageField
          label={field.label}
          value={String(own ?? '')}
          error={errors[here]}
          onChange={set}
        />
      );
    case 'group':
      return (
        <fieldset className={styles.group}>
          <legend>{field.label}</legend>
          {field.fields.map((inner) => (
            <FieldEditor
              key={inner.key}
              field={inner}
              value={own}
              onChange={set}
              errors={errors}
              path={here}
            />
          ))}
        </fieldset>
      );
    case 'list': {
      const { slots } = field;
      const stored = Array.isArray(own) ? own : [];
      // Fixed slots: always that many, the missing ones empty.
      const items =
        slots === undefined
          ? stored
          : Array.from(
              { length: slots },
              (_, index) => stored[index] ?? structuredClone(field.empty),
            );
      return (
        <fieldset className={styles.group}>
          <legend>{field.label}</legend>
          {items.map((item, index) => (
            <div key={index} className={styles.item}>
              {field.item.map((inner) => (
                <FieldEditor
                  key={inner.key}
                  field={{ ...inner, label: `${inner.label} ${index + 1}` }}
                  value={item}
                  onChange={(next) =>
                    set(items.map((old, position) => (position === index ? next : old)))
                  }
                  errors={errors}
                  path={join(here, index)}
                />
              ))}
              {slots === undefined && (
                <Button
                  type="button"
                  size="sm"
                  variant="ghost"
                  // The spec: an item can be removed only while more than one remains.
                  disabled={items.length <= 1}
                  aria-label={`Remove ${field.itemLabel} ${index + 1}`}
                  onClick={() => set(items.filter((_, position) => position !== index))}
                >
                  Remove
                </Button>
              )}
            </div>
          ))}
          {slots === undefined && (
            <Button
              type="button"
              size="sm"
              variant="secondary"
              aria-label={`Add ${field.itemLabel}`}
              onClick={() => set([...items, structuredClone(field.empty)])}
            >
              Add
            </Button>
          )}
        </fieldset>
      );
    }
  }
}
