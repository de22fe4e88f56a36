import { earlyConfig } from './early-start';
import type { FirebaseSettings } from '../features/auth/api/auth-settings';

/** Deployment settings read at start-up, so one build runs in every environment. */
export interface RuntimeConfig {
  apiBaseUrl: string;
  firebase?: FirebaseSettings;
  /** Set for offline demos and tests: the local PayPal double's SDK URL. */
  paypalSdkBaseUrl?: string;
}

export async function loadRuntimeConfig(): Promise<RuntimeConfig> {
  try {
    const config = (await earlyConfig) as Partial<RuntimeConfig>;
    return {
      apiBaseUrl: config.apiBaseUrl ?? '',
      firebase: config.firebase,
      paypalSdkBaseUrl: config.paypalSdkBaseUrl,
    };
  } catch (error) {
    console.error('Failed to load /config.json; using same-origin API without sign-in', error);
    return { apiBaseUrl: '' };
  }
}
