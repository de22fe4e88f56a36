import { useEffect, type KeyboardEvent, type RefObject } from 'react';
import { focusableWithin } from './focusable';

/**
 * Moves focus into the dialog on open, keeps Tab cycling inside it, and hands focus back to
 * whatever had it (normally the opener) when the dialog unmounts.
 */
export function useDialogFocus(
  panelRef: RefObject<HTMLElement | null>,
  pickInitial: (panel: HTMLElement) => HTMLElement,
) {
  useEffect(() => {
    const opener = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    const panel = panelRef.current;
    if (panel) {
      pickInitial(panel).focus();
      // A disabled pick (e.g. Cancel while busy) refuses focus; keep it in the dialog anyway.
      if (!panel.contains(document.activeElement)) panel.focus();
    }
    return () => {
      if (opener?.isConnected) opener.focus();
    };
    // Runs once per opening; later changes to pickInitial must not steal focus back.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  return function trapTab(event: KeyboardEvent<HTMLElement>) {
    const panel = panelRef.current;
    if (event.key !== 'Tab' || !panel) return;
    const items = focusableWithin(panel);
    const first = items[0];
    const last = items[items.length - 1];
    if (!first || !last) {
      event.preventDefault();
      return;
    }
    const active = document.activeElement;
    if (event.shiftKey && (active === first || active === panel)) {
      event.preventDefault();
      last.focus();
    } else if (!event.shiftKey && active === last) {
      event.preventDefault();
      first.focus();
    }
  };
}
