import { useEffect, useState } from 'react';
import { TOAST_EVENT, toastQueue, type ToastRequest } from './toast';

type Toasts = typeof import('react-hot-toast');

/**
 * Draws the toasts every app raises through `toast` (see toast.ts); react-hot-toast loads with
 * the first one. Product spec: "success 2 s, error 4 s, neutral 4 s, at most 20 toasts, maximum
 * width 350 px, placed top centre". These equal react-hot-toast's defaults (its 20-toast limit is
 * built in and not configurable); they are spelled out so a library upgrade cannot silently change
 * them. A toast raised with its own duration (a screen whose messages the spec times otherwise)
 * keeps it. Render once, in the shell.
 */
export function ToastHost() {
  const [toasts, setToasts] = useState<Toasts | null>(null);

  useEffect(() => {
    let mounted = true;
    let library: Toasts | null = null;
    let loading: Promise<void> | null = null;
    const show = (request: ToastRequest, { toast }: Toasts) => {
      if (request.kind === 'remove') toast.remove();
      else toast[request.kind](request.message, { id: request.id, duration: request.duration });
    };
    const drain = () => {
      const queue = toastQueue();
      if (library) {
        for (const request of queue.splice(0)) show(request, library);
        return;
      }
      if (queue.length === 0 || loading) return;
      loading = import('react-hot-toast').then((module) => {
        if (!mounted) return;
        library = module;
        setToasts(module);
        drain();
      });
    };
    drain();
    window.addEventListener(TOAST_EVENT, drain);
    return () => {
      mounted = false;
      window.removeEventListener(TOAST_EVENT, drain);
    };
  }, []);

  if (!toasts) return null;
  const { Toaster } = toasts;
  return (
    <Toaster
      position="top-center"
      toastOptions={{
        blank: { duration: 4000 },
        success: { duration: 2000 },
        error: { duration: 4000 },
        style: {
          maxWidth: 350,
          fontFamily: 'var(--cm-font-sans, system-ui, sans-serif)',
          fontSize: 'var(--cm-font-size-sm, 0.875rem)',
          color: 'var(--cm-color-text, #111827)',
          borderRadius: 'var(--cm-radius, 8px)',
          boxShadow: 'var(--cm-shadow-md, 0 4px 12px rgba(16, 24, 40, 0.08))',
        },
      }}
    />
  );
}
