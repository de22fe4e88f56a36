import { useRef, type ReactNode } from 'react';
import { Button } from '../button/Button';
import { Modal } from '../modal/Modal';

export interface ConfirmDialogProps {
  open: boolean;
  title: ReactNode;
  /** e.g. 'Are you sure you want to delete this user?' */
  message: ReactNode;
  confirmLabel?: ReactNode;
  cancelLabel?: ReactNode;
  /** Shown on the confirm button while `busy`, e.g. 'Deleting...'. */
  busyLabel?: ReactNode;
  tone?: 'danger' | 'primary';
  /** The confirmed action is running: confirm shows a spinner and nothing can be clicked or closed. */
  busy?: boolean;
  onConfirm: () => void;
  onCancel: () => void;
}

export function ConfirmDialog({
  open,
  title,
  message,
  confirmLabel = 'Confirm',
  cancelLabel = 'Cancel',
  busyLabel,
  tone = 'danger',
  busy = false,
  onConfirm,
  onCancel,
}: ConfirmDialogProps) {
  const cancelRef = useRef<HTMLButtonElement>(null);

  return (
    <Modal
      open={open}
      size="sm"
      title={title}
      description={message}
      onClose={busy ? () => undefined : onCancel}
      closeOnOverlayClick={!busy}
      // Start on the harmless choice so a stray Enter cannot delete anything.
      initialFocusRef={tone === 'danger' ? cancelRef : undefined}
      footer={
        <>
          <Button ref={cancelRef} variant="secondary" disabled={busy} onClick={onCancel}>
            {cancelLabel}
          </Button>
          <Button variant={tone} loading={busy} loadingText={busyLabel} onClick={onConfirm}>
            {confirmLabel}
          </Button>
        </>
      }
    />
  );
}
