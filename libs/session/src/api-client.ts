import axios, { AxiosError, type AxiosInstance } from 'axios';
import { useSession } from './store';

/** The one error shape every caller sees, whatever failed underneath. */
export class ApiError extends Error {
  constructor(
    message: string,
    /** HTTP status, or 0 when the server could not be reached. */
    readonly status: number,
    /** Field messages from a 400 validation answer, keyed by field path. */
    readonly fieldErrors: Record<string, string> = {},
  ) {
    super(message);
    this.name = 'ApiError';
  }
}

interface ErrorBody {
  message?: unknown;
  error?: unknown;
  fieldErrors?: unknown;
}

function messageOf(body: ErrorBody | undefined, fallback: string): string {
  if (typeof body?.message === 'string' && body.message) return body.message;
  if (typeof body?.error === 'string' && body.error) return body.error;
  return fallback;
}

export function toApiError(error: unknown): ApiError {
  if (error instanceof ApiError) return error;
  if (error instanceof AxiosError) {
    const status = error.response?.status ?? 0;
    const body = error.response?.data as ErrorBody | undefined;
    const fieldErrors =
      body?.fieldErrors && typeof body.fieldErrors === 'object'
        ? (body.fieldErrors as Record<string, string>)
        : {};
    const fallback = status ? `HTTP error! Status: ${status}` : error.message;
    return new ApiError(messageOf(body, fallback), status, fieldErrors);
  }
  return new ApiError(error instanceof Error ? error.message : String(error), 0);
}

function createApiClient(): AxiosInstance {
  const client = axios.create({ timeout: 30_000 });
  client.interceptors.request.use(async (config) => {
    const { apiBaseUrl, adapter, status } = useSession.getState();
    config.baseURL ??= apiBaseUrl;
    if (adapter && status === 'signed-in') {
      const token = await adapter.getIdToken();
      if (token) config.headers.set('Authorization', `Bearer ${token}`);
    }
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
