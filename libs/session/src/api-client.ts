import axios, { type AxiosInstance } from 'axios';
import { toApiError } from './api-error';
import { bearerToken, useSession } from './store';

function createApiClient(): AxiosInstance {
  const client = axios.create({ timeout: 30_000 });
  client.interceptors.request.use(async (config) => {
    config.baseURL ??= useSession.getState().apiBaseUrl;
    const token = await bearerToken();
    if (token) config.headers.set('Authorization', `Bearer ${token}`);
    return config;
  });
  client.interceptors.response.use(
    (response) => response,
    (error: unknown) => Promise.reject(toApiError(error)),
  );
  return client;
}

/** The axios instance every app uses: base URL from the session, bearer token when signed in. */
export const apiClient = createApiClient();
