/** One item of an envelope: its header (`type`: 'event', 'client_report'...) and its payload. */
export interface EnvelopeItem {
  header: { type: string; length?: number; [key: string]: unknown };
  /** Parsed when it is JSON, else the text. */
  payload: unknown;
}

export interface Envelope {
  header: { event_id?: string; dsn?: string; sent_at?: string; [key: string]: unknown };
  items: EnvelopeItem[];
}

/** An envelope as the double received it. */
export interface ReceivedEnvelope extends Envelope {
  /** The project id of the DSN it was sent with. */
  project: string;
  /** The query string (the browser SDK's `sentry_key`, `sentry_version`...). */
  query: Record<string, string>;
  /** The HTTP request's headers, lower-cased. */
  headers: Record<string, string | string[] | undefined>;
  receivedAt: string;
}

/** The fields of an error event the tests read (Sentry's event payload has many more). */
export interface SentryEvent {
  event_id: string;
  release?: string;
  environment?: string;
  tags?: Record<string, string>;
  contexts?: { trace?: { trace_id?: string; span_id?: string }; [key: string]: unknown };
  exception?: {
    values?: {
      type?: string;
      value?: string;
      stacktrace?: { frames?: { filename?: string; function?: string }[] };
    }[];
  };
  request?: unknown;
  user?: unknown;
  extra?: Record<string, unknown>;
  [key: string]: unknown;
}

/** A release the release API was asked to create. */
export interface CreatedRelease {
  org: string;
  version: string;
  projects?: string[];
  [key: string]: unknown;
}

/** A file uploaded to a release (the release files API). */
export interface UploadedFile {
  org: string;
  project: string;
  version: string;
  /** The URL it stands for, e.g. `~/releases/<id>/assets/index-abc.js`. */
  name: string;
  /** Its `header` fields, e.g. `{ Sourcemap: 'index-abc.js.map' }`. */
  headers: Record<string, string>;
  text: string;
}

export interface SentryDouble {
  /** e.g. http://127.0.0.1:40123 */
  url: string;
  /** A DSN that reports to this double, as project `project` (default '1'). */
  dsn(project?: string): string;
  envelopes(): ReceivedEnvelope[];
  /** The error events received (of one project, or all), oldest first. */
  events(project?: string): SentryEvent[];
  releases(): CreatedRelease[];
  files(): UploadedFile[];
  stop(): Promise<void>;
}

export interface StartSentryDoubleOptions {
  /** 0 (default) picks a free port. */
  port?: number;
  host?: string;
  /** The release API accepts only this bearer token (default: any). */
  token?: string;
}

export function startSentryDouble(options?: StartSentryDoubleOptions): Promise<SentryDouble>;

export function parseEnvelope(bytes: Uint8Array): Envelope;
