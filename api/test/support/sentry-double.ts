import type { ReceivedEnvelope, SentryEvent } from '@coldmail/sentry-double';

/**
 * The error tracker's double (a local Sentry) started by globalSetup, read over its /__double
 * control routes. Shared by every test file: each reports as a project of its own (its DSN).
 */
export interface SentryDoubleControl {
  /** A DSN that reports to the double as `project` (Sentry's project ids are numbers). */
  dsn(project: string): string;
  /** Every envelope the project's reports arrived in, oldest first. */
  envelopes(project: string): Promise<ReceivedEnvelope[]>;
  /** The project's error events, oldest first. */
  events(project: string): Promise<SentryEvent[]>;
}

export function sentryDouble(): SentryDoubleControl {
  const url = process.env.TEST_SENTRY_URL;
  if (!url) throw new Error('The Sentry double is not running: use jest (globalSetup)');
  const envelopes = async (project: string) => {
    const response = await fetch(`${url}/__double/envelopes`);
    if (!response.ok) throw new Error(`Sentry double GET /envelopes: ${response.status}`);
    return ((await response.json()) as ReceivedEnvelope[]).filter((e) => e.project === project);
  };
  return {
    dsn: (project) => `http://public@${new URL(url).host}/${project}`,
    envelopes,
    events: async (project) =>
      (await envelopes(project))
        .flatMap((envelope) => envelope.items)
        .filter((item) => item.header.type === 'event')
        .map((item) => item.payload as SentryEvent),
  };
}
