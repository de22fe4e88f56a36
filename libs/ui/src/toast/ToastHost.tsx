import { useEffect, useState } from 'react';
import { TOAST_EVENT, toastQueue, type ToastRequest } from './toast';

type Toasts = Pick<typeof import('./SiteToaster'), 'toast' | 'SiteToaster'>;

/**
 * Draws the toasts every app raises through `toast` (see toast.ts); react-hot-toast and the
 * site's toaster (SiteToaster.tsx) load with the first one. Render once, in the shell.
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
      loading = import('./SiteToaster').then(({ toast, SiteToaster }) => {
        if (!mounted) return;
        library = { toast, SiteToaster };
        setToasts(library);
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
  const { SiteToaster } = toasts;
  return <SiteToaster />;
}
