import type { EditedBlockName, NavLogo } from '@coldmail/contracts';
import { api, toApiError, type ApiError } from '@coldmail/session';
import { Alert, Button, Checkbox, ConfirmDialog, PageLoader } from '@coldmail/ui';
import { useMutation, useQuery } from '@coldmail/query';
import { Fragment, useEffect, useState, type ReactNode } from 'react';
import { useReportUnsaved } from '../../../hooks/unsavedChanges';
import { FieldEditor } from './FieldEditor';
import {
  blockEditors,
  type Action,
  type BlockEditor,
  type EditableBlock,
  type SettingsOf,
} from './blockEditors';
import { withListDefaults, type Field } from './fields';
import styles from './ContentEditor.module.css';

type Settings = Record<string, unknown> & { isActive: boolean };
type Answer = { message: string; data: unknown };

/** A block's calls: its read, save, and where it has them, toggle and reset. */
interface BlockCalls {
  load(): Promise<Settings>;
  save(body: Settings): Promise<Answer>;
  toggle?: () => Promise<Answer>;
  reset?: () => Promise<Answer>;
}

type BlockEditing = BlockCalls & BlockEditor<Settings>;

/**
 * A landing block's read, save, toggle and reset: its contract entries (`banner`, `bannerUpdate`,
 * `bannerToggle`, `bannerReset`), derived from its name as the contract derives them.
 */
function landingBlockCalls(name: EditedBlockName): BlockCalls {
  // The form holds every block as a record; the API checks the body against the block's schema.
  const calls = api.content as unknown as Record<
    string,
    (input?: { body: Settings }) => Promise<Answer & { data: Settings }>
  >;
  const call = (key: string) => calls[key] as NonNullable<(typeof calls)[string]>;
  return {
    load: async () => (await call(name)()).data,
    save: (body) => call(`${name}Update`)({ body }),
    toggle: () => call(`${name}Toggle`)(),
    reset: () => call(`${name}Reset`)(),
  };
}

/** The logo has a read and a save only (no toggle, no reset). */
const logoCalls: BlockCalls = {
  load: async () => (await api.content.navLogo()).data.data as unknown as Settings,
  save: (body) => api.content.navLogoUpdate({ body: body as unknown as NavLogo }),
};

/** How a block is edited: its calls and its entry in blockEditors. */
function editingOf(block: EditableBlock): BlockEditing {
  const calls = block === 'navLogo' ? logoCalls : landingBlockCalls(block);
  return { ...calls, ...(blockEditors[block] as unknown as BlockEditor<Settings>) };
}

/** The error banner's text: the no-answer text when the server was not reached, if any. */
const failureText = (editing: BlockEditing, action: Action, error: ApiError) =>
  (error.status === 0 ? editing.unanswered?.[action] : undefined) ?? editing.texts[action];

type Banner = { tone: 'success' | 'error'; text: string } | null;

/** Groups an editor's fields under headings; fields no section names follow at the end. */
interface EditorSection {
  title: string;
  keys: readonly string[];
}

/**
 * An admin editor for one content block: the form, a live preview drawn by `preview` (the landing
 * page's own component), Save, reset with confirmation and activate/deactivate.
 */
interface EditorProps<Block extends EditableBlock> {
  block: Block;
  /** The live preview; the block's own (see blockEditors) unless given. */
  preview?(settings: SettingsOf<Block>): ReactNode;
  /** Field groups with headings (the banner's management variant); a flat form without. */
  sections?: readonly EditorSection[];
  /** Shown above the form, such as the block's stats. */
  summary?: ReactNode;
}

export function ContentEditor<Block extends EditableBlock>(props: EditorProps<Block>) {
  const editing = editingOf(props.block);
  const loaded = useQuery({
    queryKey: ['content', 'editor', props.block],
    queryFn: async () => withListDefaults(editing.fields, await editing.load()),
  });
  if (loaded.isPending) return <PageLoader />;
  if (loaded.isError) {
    return <Alert tone="error">{failureText(editing, 'fetch', toApiError(loaded.error))}</Alert>;
  }
  return <EditorForm {...props} initial={loaded.data} />;
}

function EditorForm<Block extends EditableBlock>({
  block,
  initial,
  preview,
  sections,
  summary,
}: EditorProps<Block> & { initial: Settings }) {
  const editing = editingOf(block);
  const [form, setForm] = useState<Settings>(initial);
  const [saved, setSaved] = useState<Settings>(initial);
  const [banner, setBanner] = useState<Banner>(null);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [confirmReset, setConfirmReset] = useState(false);
  const dirty = JSON.stringify(form) !== JSON.stringify(saved);
  useReportUnsaved(dirty);

  // Unsaved changes: the browser asks before the page is left or reloaded.
  useEffect(() => {
    if (!dirty) return;
    const warn = (event: BeforeUnloadEvent) => event.preventDefault();
    window.addEventListener('beforeunload', warn);
    return () => window.removeEventListener('beforeunload', warn);
  }, [dirty]);

  useEffect(() => {
    if (!banner || !editing.clearAfter) return;
    const timer = setTimeout(() => setBanner(null), editing.clearAfter);
    return () => clearTimeout(timer);
  }, [banner, editing.clearAfter]);

  const act = useMutation({
    mutationFn: (action: Exclude<Action, 'fetch'>) =>
      action === 'save'
        ? editing.save(form)
        : action === 'toggle'
          ? (editing.toggle?.() ?? Promise.reject(new Error('No toggle')))
          : (editing.reset?.() ?? Promise.reject(new Error('No reset'))),
    onMutate: () => {
      // Banners clear when a new action starts.
      setBanner(null);
      setErrors({});
    },
    onSuccess: (answer) => {
      // The form is replaced by what the server stored.
      const data = withListDefaults(editing.fields, answer.data as Settings);
      setForm(data);
      setSaved(data);
      setBanner({ tone: 'success', text: answer.message });
      setConfirmReset(false);
    },
    onError: (error, action) => {
      const apiError = toApiError(error);
      setErrors(apiError.fieldErrors ?? {});
      setBanner({ tone: 'error', text: failureText(editing, action, apiError) });
      setConfirmReset(false);
    },
  });
  const busy = act.isPending;
  const requiredEmpty = editing.required
    ? String(form[editing.required] ?? '').trim() === ''
    : false;

  return (
    <div className={styles.editor}>
      <form
        className={styles.form}
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          act.mutate('save');
        }}
      >
        {banner && <Alert tone={banner.tone}>{banner.text}</Alert>}
        {summary}
        {groupFields(editing.fields, sections).map(({ title, fields }) => {
          const inputs = fields.map((field) => (
            <FieldEditor
              key={field.key}
              field={field}
              value={form}
              onChange={(next) => setForm(next as Settings)}
              errors={errors}
              path=""
            />
          ));
          return title ? (
            <fieldset key={title} className={styles.section}>
              <legend>{title}</legend>
              {inputs}
            </fieldset>
          ) : (
            <Fragment key="other">{inputs}</Fragment>
          );
        })}
        <Checkbox
          label="Active"
          checked={form.isActive}
          onChange={(event) => setForm({ ...form, isActive: event.target.checked })}
        />
        <div className={styles.actions}>
          <Button type="submit" disabled={busy || requiredEmpty}>
            {busy && act.variables === 'save' ? 'Saving...' : 'Save Changes'}
          </Button>
          {editing.reset && (
            <Button
              type="button"
              variant="secondary"
              disabled={busy}
              onClick={() => setConfirmReset(true)}
            >
              Reset to Default
            </Button>
          )}
          {editing.toggle && editing.toggleLabels && (
            <Button
              type="button"
              variant="ghost"
              disabled={busy}
              onClick={() => act.mutate('toggle')}
            >
              {saved.isActive ? editing.toggleLabels[0] : editing.toggleLabels[1]}
            </Button>
          )}
        </div>
      </form>
      {/* Scrolls on its own: focusable, so keyboard users can scroll it too. */}
      <div className={styles.preview} aria-label="Live preview" role="region" tabIndex={0}>
        <p className={styles.previewLabel}>
          Live preview{form.isActive ? '' : ' (hidden on the site while inactive)'}
        </p>
        {/*
          A picture of the block, not the block: its links and buttons must not work here (inert),
          and screen readers skip it (the form above says the same), so its h1 is not a second
          h1 of this page. aria-hidden too for browsers that expose inert content.
        */}
        <div inert aria-hidden="true">
          {/* The form holds the block as the API answered it, with the admin's edits. */}
          {(preview ?? editing.preview)(form as unknown as SettingsOf<Block>)}
        </div>
      </div>
      <ConfirmDialog
        open={confirmReset}
        title="Reset to default"
        message="Are you sure you want to reset to default values? This cannot be undone."
        confirmLabel="Reset"
        busyLabel="Resetting..."
        tone="danger"
        busy={busy}
        onConfirm={() => act.mutate('reset')}
        onCancel={() => setConfirmReset(false)}
      />
    </div>
  );
}

/** The block's fields in the sections' order, each under its heading; the rest without one. */
function groupFields(fields: readonly Field[], sections: readonly EditorSection[] = []) {
  const named = new Set(sections.flatMap((section) => section.keys));
  const groups = sections.map((section) => ({
    title: section.title,
    fields: section.keys.flatMap((key) => fields.filter((field) => field.key === key)),
  }));
  const rest = fields.filter((field) => !named.has(field.key));
  return rest.length ? [...groups, { title: '', fields: rest }] : groups;
}
