import { createContext, useContext, useEffect } from 'react';

/** Lets a settings panel tell the dashboard it has changes not saved yet. */
export const UnsavedChangesContext = createContext<(dirty: boolean) => void>(() => undefined);

/** A panel reports whether it holds unsaved changes (and clears that when it goes away). */
export function useReportUnsaved(dirty: boolean): void {
  const report = useContext(UnsavedChangesContext);
  useEffect(() => {
    report(dirty);
    return () => report(false);
  }, [dirty, report]);
}

export const LEAVE_UNSAVED = 'You have unsaved changes. Leave this section without saving them?';
