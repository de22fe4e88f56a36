import axios, { type AxiosInstance } from 'axios';
import { toApiError } from './api-error';
import { bearerToken, useSession } from './store';
import { newTraceparent } from '@coldmail/contracts/trace-context';

function createApiClient(): AxiosInstance {
  const client = axios.create({ timeout: 30_000 });
  client.interceptors.request.use(async (config) => {
    config.baseURL ??= useSession.getState().apiBaseUrl;
    const token = await bearerToken();
    if (token) config.headers.set('Authorization', `Bearer ${token}`);
    if (token || config.data !== undefined) config.headers.set('traceparent', newTraceparent());
    return config;
  });
  client.interceptors.response.use(
    (response) => response,
    (error: unknown) => Promise.reject(toApiError(error)),
  );
  return client;
}

/**
 * The axios instance every app uses: base URL from the session, bearer token when signed in, and
 * a W3C traceparent on signed-in calls and writes (see trace-context.ts).
 */
export const apiClient = createApiClient();
