/** How an editor shows one setting. */
export type Field =
  | { key: string; label: string; kind: 'text' | 'textarea' | 'image' | 'link' }
  | {
      key: string;
      label: string;
      kind: 'list';
      /** What one item is called, naming its Add and Remove buttons: 'Add testimonial'. */
      itemLabel: string;
      /** One item's fields; a list of plain strings has a single field with key ''. */
      item: Field[];
      /** What 'Add' appends. */
      empty: unknown;
      /** A fixed number of slots (no Add or Remove), as the spec gives the client images. */
      slots?: number;
      /** How many empty items the list has when the server sends no list (1 unless given). */
      emptyCount?: number;
    }
  | { key: string; label: string; kind: 'group'; fields: Field[] };

export const text = (key: string, label: string): Field => ({ key, label, kind: 'text' });
export const area = (key: string, label: string): Field => ({ key, label, kind: 'textarea' });
export const image = (key: string, label: string): Field => ({ key, label, kind: 'image' });
export const link = (key: string, label: string): Field => ({ key, label, kind: 'link' });

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/**
 * The settings with a list wherever the editor shows one. The spec: when the server sends
 * something else (null, a string), the list's defaults apply: its slots empty (six client
 * images), else its empty items (one testimonial, three company links). A group that is not an
 * object becomes one, so the lists inside it get their defaults too.
 */
export function withListDefaults<Settings extends Record<string, unknown>>(
  fields: readonly Field[],
  settings: Settings,
): Settings {
  const fixed: Record<string, unknown> = { ...settings };
  for (const field of fields) {
    const value = fixed[field.key];
    if (field.kind === 'list' && !Array.isArray(value)) {
      fixed[field.key] = Array.from({ length: field.slots ?? field.emptyCount ?? 1 }, () =>
        structuredClone(field.empty),
      );
    } else if (field.kind === 'group') {
      fixed[field.key] = withListDefaults(field.fields, isRecord(value) ? value : {});
    }
  }
  return fixed as Settings;
}
