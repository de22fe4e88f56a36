import { toast, Toaster } from 'react-hot-toast';

export { toast };

/**
 * The site's toaster, loaded with the first toast (see ToastHost). Product spec: "success 2 s,
 * error 4 s, neutral 4 s, at most 20 toasts, maximum width 350 px, placed top centre". These
 * equal react-hot-toast's defaults (its 20-toast limit is built in and not configurable); they
 * are spelled out so a library upgrade cannot silently change them. A toast raised with its own
 * duration (a screen whose messages the spec times otherwise) keeps it.
 */
export function SiteToaster() {
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
