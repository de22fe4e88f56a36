import type { ErrorReport } from './error-reports';

/** Errors kept until the tracker takes them; past this many, later ones are dropped. */
const MAX_KEPT = 30;

/** Where reported errors go once error-reports.ts has the tracker running. */
let sink: ((report: ErrorReport) => void) | null = null;
/** Errors reported since error tracking was turned on, before the tracker could take them. */
let kept: ErrorReport[] | null = null;

const onError = (event: ErrorEvent) => reportError({ error: event.error, mechanism: 'onerror' });
const onRejection = (event: PromiseRejectionEvent) =>
  reportError({ error: event.reason, mechanism: 'onunhandledrejection' });

/**
 * Reports an error to the tracker (the error boundaries call it); nothing while error tracking is
 * off. The page's start-up code carries only this module: error-reports.ts and the tracker load
 * when the deployment's config.json names a DSN.
 */
export function reportError(report: ErrorReport): void {
  if (sink) sink(report);
  else if (kept && kept.length < MAX_KEPT) kept.push(report);
}

/**
 * Error tracking is on: from now on errors, unhandled ones included, are kept until the tracker
 * takes them (sendErrorsTo).
 */
export function keepErrors(): void {
  if (kept || sink) return;
  kept = [];
  window.addEventListener('error', onError);
  window.addEventListener('unhandledrejection', onRejection);
}

/** The tracker takes the kept errors and every later one; it catches unhandled ones itself. */
export function sendErrorsTo(receive: (report: ErrorReport) => void): void {
  window.removeEventListener('error', onError);
  window.removeEventListener('unhandledrejection', onRejection);
  sink = receive;
  const waiting = kept ?? [];
  kept = null;
  for (const report of waiting) receive(report);
}
