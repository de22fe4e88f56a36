import { earlyConfig } from './early-start';
import type { FirebaseSettings } from '../features/auth/api/auth-settings';

/** Deployment settings read at start-up, so one build runs in every environment. */
export interface RuntimeConfig {
  apiBaseUrl: string;
  firebase?: FirebaseSettings;
  /** Set for offline demos, tests and the compose kit's trial: the PayPal double's SDK URL. */
  paypalSdkBaseUrl?: string;
  /** Where the page reports its errors (a Sentry DSN); unset, nothing is reported or loaded. */
  sentryDsn?: string;
  /** The environment the reports are filed under, e.g. production or staging. */
  sentryEnvironment?: string;
}

export async function loadRuntimeConfig(): Promise<RuntimeConfig> {
  try {
    const config = (await earlyConfig) as Partial<RuntimeConfig>;
    return {
      apiBaseUrl: config.apiBaseUrl ?? '',
      firebase: config.firebase,
      // Blank is unset, as the compose kit writes it for a live site: PayPal's own SDK.
      paypalSdkBaseUrl: config.paypalSdkBaseUrl || undefined,
      // Blank is unset too: the compose kit writes "" when no DSN is configured.
      sentryDsn: config.sentryDsn || undefined,
      sentryEnvironment: config.sentryEnvironment || undefined,
    };
  } catch (error) {
    console.error('Failed to load /config.json; using same-origin API without sign-in', error);
    return { apiBaseUrl: '' };
  }
}
