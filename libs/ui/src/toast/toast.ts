/**
 * The toasts every app raises. Apps do not import react-hot-toast: a toast is a request on a
 * queue in the page (`window`), which the shell's ToastHost drains and draws. So no remote carries
 * or shares the toast library, and the page loads it with its first toast (most visits raise
 * none), while every app's toasts still land in one queue, drawn in one place.
 */
export type ToastRequest =
  | { kind: 'success' | 'error'; message: string; id: string; duration?: number }
  | { kind: 'remove' };

export interface ToastOptions {
  /** A toast with the same id is replaced, not repeated. */
  id?: string;
  /** Milliseconds the toast shows, where a screen's spec differs from the kind's default. */
  duration?: number;
}

/** Dispatched on window after a request is queued. */
export const TOAST_EVENT = 'coldmail:toast';

declare global {
  interface Window {
    __coldmailToasts?: ToastRequest[];
  }
}

/** The page's pending requests (the host takes them; requests made before it mounted wait). */
export function toastQueue(): ToastRequest[] {
  window.__coldmailToasts ??= [];
  return window.__coldmailToasts;
}

function send(request: ToastRequest): void {
  toastQueue().push(request);
  window.dispatchEvent(new Event(TOAST_EVENT));
}

function raise(kind: 'success' | 'error', message: string, options: ToastOptions = {}): string {
  // Apps are built apart, so an id made here must not collide with another app's.
  const id = options.id ?? `toast-${crypto.randomUUID()}`;
  send({ kind, message, id, duration: options.duration });
  return id;
}

export const toast = {
  /** Shows `message` as a success (2 s unless `duration` says otherwise). */
  success: (message: string, options?: ToastOptions): string => raise('success', message, options),
  /** Shows `message` as an error (4 s unless `duration` says otherwise). */
  error: (message: string, options?: ToastOptions): string => raise('error', message, options),
  /** Removes every toast at once, without animation (tests clean up with it). */
  remove: (): void => send({ kind: 'remove' }),
};
