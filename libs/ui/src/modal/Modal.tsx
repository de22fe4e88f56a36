import {
  useId,
  useRef,
  type KeyboardEvent,
  type MouseEvent,
  type ReactNode,
  type RefObject,
} from 'react';
import { createPortal } from 'react-dom';
import { clsx } from 'clsx';
import { focusableWithin } from './focusable';
import { useBodyScrollLock } from './useBodyScrollLock';
import { useDialogFocus } from './useDialogFocus';
import styles from './Modal.module.css';

export interface ModalProps {
  open: boolean;
  /** Called for the close button, Escape and (unless disabled) an overlay click. */
  onClose: () => void;
  title: ReactNode;
  /** Short text under the title, announced with it via aria-describedby. */
  description?: ReactNode;
  children?: ReactNode;
  /** Action buttons, right-aligned in a footer bar. */
  footer?: ReactNode;
  size?: 'sm' | 'md' | 'lg';
  closeOnOverlayClick?: boolean;
  /** Receives focus on open; defaults to the first focusable element after the close button. */
  initialFocusRef?: RefObject<HTMLElement | null>;
  closeLabel?: string;
}

export function Modal(props: ModalProps) {
  // Mounting only while open lets the hooks below treat mount/unmount as open/close.
  return props.open ? createPortal(<OpenModal {...props} />, document.body) : null;
}

function OpenModal({
  onClose,
  title,
  description,
  children,
  footer,
  size = 'md',
  closeOnOverlayClick = true,
  initialFocusRef,
  closeLabel = 'Close',
}: ModalProps) {
  const titleId = useId();
  const descriptionId = useId();
  const panelRef = useRef<HTMLDivElement>(null);
  const closeRef = useRef<HTMLButtonElement>(null);
  // Only a press that both starts and ends on the overlay closes, so selecting text
  // inside the dialog and releasing outside it does not.
  const pressStartedOnOverlay = useRef(false);

  useBodyScrollLock();
  const trapTab = useDialogFocus(
    panelRef,
    (panel) =>
      initialFocusRef?.current ??
      focusableWithin(panel).find((el) => el !== closeRef.current) ??
      panel,
  );

  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    // React bubbles events through portals, so a dialog opened from this one must not close it too.
    if (!(event.target instanceof Node) || !panelRef.current?.contains(event.target)) return;
    if (event.key === 'Escape') {
      event.stopPropagation();
      onClose();
    } else {
      trapTab(event);
    }
  };

  const onOverlayClick = (event: MouseEvent<HTMLDivElement>) => {
    if (
      closeOnOverlayClick &&
      pressStartedOnOverlay.current &&
      event.target === event.currentTarget
    ) {
      onClose();
    }
  };

  return (
    <div
      className={styles.overlay}
      onMouseDown={(event) => {
        pressStartedOnOverlay.current = event.target === event.currentTarget;
      }}
      onClick={onOverlayClick}
    >
      <div
        ref={panelRef}
        role="dialog"
        aria-modal="true"
        aria-labelledby={titleId}
        aria-describedby={description ? descriptionId : undefined}
        tabIndex={-1}
        className={clsx(styles.panel, styles[size])}
        onKeyDown={onKeyDown}
      >
        <div className={styles.header}>
          <div>
            <h2 id={titleId} className={styles.title}>
              {title}
            </h2>
            {description && (
              <div id={descriptionId} className={styles.description}>
                {description}
              </div>
            )}
          </div>
          <button
            ref={closeRef}
            type="button"
            className={styles.close}
            aria-label={closeLabel}
            onClick={onClose}
          >
            <span aria-hidden="true">×</span>
          </button>
        </div>
        {children && <div className={styles.body}>{children}</div>}
        {footer && <div className={styles.footer}>{footer}</div>}
      </div>
    </div>
  );
}
