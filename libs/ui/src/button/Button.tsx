import type { ComponentPropsWithRef, ReactNode } from 'react';
import { clsx } from 'clsx';
import { SpinnerIcon } from '../spinner/SpinnerIcon';
import styles from './Button.module.css';

export type ButtonVariant = 'primary' | 'secondary' | 'danger' | 'ghost' | 'link';
export type ButtonSize = 'sm' | 'md' | 'lg';

export interface ButtonLook {
  variant?: ButtonVariant;
  size?: ButtonSize;
  fullWidth?: boolean;
}

/** Shared with ButtonLink so a link that acts like a button looks exactly like one. */
export function buttonClassName(
  { variant = 'primary', size = 'md', fullWidth = false }: ButtonLook,
  className?: string,
): string {
  return clsx(
    styles.button,
    styles[variant],
    styles[size],
    fullWidth && styles.fullWidth,
    className,
  );
}

export interface ButtonProps extends ComponentPropsWithRef<'button'>, ButtonLook {
  /**
   * Shows a spinner and ignores activation while an action is in flight. The button stays
   * focusable (aria-disabled, not disabled), so the focus does not drop to the page when a
   * keyboard user starts the action.
   */
  loading?: boolean;
  /** Replaces the label while loading, e.g. 'Processing...'; without it the width is kept. */
  loadingText?: ReactNode;
}

/**
 * `type` defaults to "button" so a button inside a form never submits by accident;
 * pass `type="submit"` for submit buttons.
 */
export function Button({
  variant,
  size,
  fullWidth,
  loading = false,
  loadingText,
  disabled,
  className,
  children,
  type = 'button',
  onClick,
  ...props
}: ButtonProps) {
  return (
    <button
      {...props}
      type={type}
      disabled={disabled}
      aria-disabled={loading || props['aria-disabled']}
      aria-busy={loading || undefined}
      // A click on a busy submit button, or Enter in one of its form's fields, submits nothing.
      onClick={loading ? (event) => event.preventDefault() : onClick}
      className={buttonClassName({ variant, size, fullWidth }, className)}
    >
      {loading ? <LoadingContent loadingText={loadingText}>{children}</LoadingContent> : children}
    </button>
  );
}

function LoadingContent({
  loadingText,
  children,
}: {
  loadingText?: ReactNode;
  children: ReactNode;
}) {
  if (loadingText) {
    return (
      <>
        <SpinnerIcon size="sm" />
        {loadingText}
      </>
    );
  }
  return (
    <>
      <span className={styles.hiddenContent}>{children}</span>
      <span className={styles.overlaySpinner}>
        <SpinnerIcon size="sm" />
      </span>
    </>
  );
}
