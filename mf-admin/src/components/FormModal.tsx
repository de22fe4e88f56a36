import { toApiError } from '@coldmail/session';
import { Alert, Button, Modal } from '@coldmail/ui';
import type { ReactNode } from 'react';

/** Why a save failed, as the form says it. */
export interface SaveFailure {
  /** The spec's text. */
  text: string;
  /**
   * Why the server refused the record, when the admin can act on it (a limit, a text another
   * record has, a record deleted meanwhile): shown below the text.
   */
  reason: string | null;
}

/**
 * A 4xx other than 401/403 carries a reason the admin can act on; an unreachable server or a
 * 5xx has none worth showing.
 */
export function saveFailureOf(error: unknown, text: string): SaveFailure {
  const { status, message, fieldErrors } = toApiError(error);
  const refused = status >= 400 && status < 500 && status !== 401 && status !== 403;
  return { text, reason: refused ? (Object.values(fieldErrors)[0] ?? message) : null };
}

/** A failed save, below the form's fields; nothing before one. */
export function SaveFailureAlert({ failure }: { failure: SaveFailure | null }) {
  if (!failure) return null;
  return (
    <Alert tone="error" title={failure.text}>
      {failure.reason}
    </Alert>
  );
}

interface FormModalProps {
  open?: boolean;
  title: string;
  /** The id of the form in `children` the footer's button submits. */
  formId: string;
  /** The button's label, e.g. 'Add Package'; 'Saving...' while `saving`. */
  submitLabel: string;
  saving: boolean;
  /** The form cannot be sent yet (what it needs is still loading). */
  disabled?: boolean;
  onClose(): void;
  children: ReactNode;
}

/** The back office's add-or-edit dialog: the form, then Cancel and the save button. */
export function FormModal({
  open = true,
  title,
  formId,
  submitLabel,
  saving,
  disabled = false,
  onClose,
  children,
}: FormModalProps) {
  return (
    <Modal
      open={open}
      onClose={onClose}
      title={title}
      size="lg"
      footer={
        <>
          <Button variant="ghost" onClick={onClose}>
            Cancel
          </Button>
          <Button type="submit" form={formId} disabled={disabled || saving}>
            {saving ? 'Saving...' : submitLabel}
          </Button>
        </>
      }
    >
      {children}
    </Modal>
  );
}
