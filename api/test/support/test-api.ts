import { randomBytes } from 'node:crypto';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { emulatorClient, type EmulatorClient } from '@coldmail/auth-emulator';
import {
  buildPath,
  contract,
  type ApiErrorBody,
  type Endpoint,
  type InputOf,
  type ResponseOf,
} from '@coldmail/contracts';
import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import { mongo } from 'mongoose';
import type { Logger } from 'pino';
import { createApp } from '../../src/app';
import { loadConfig, type AppConfig } from '../../src/config/app-config';

export interface TestApi {
  url: string;
  app: NestFastifyApplication;
  config: AppConfig;
  /** Direct access to the API's database, to check what a request did or did not change. */
  db: mongo.Db;
  emulator: EmulatorClient;
  close(): Promise<void>;
}

function required(name: string): string {
  const value = process.env[name];
  if (!value) throw new Error(`${name} is not set: run the tests through jest (globalSetup)`);
  return value;
}

/** The Auth emulator an API with `config` verifies its tokens against. */
export function emulatorOf(config: AppConfig): EmulatorClient {
  return emulatorClient({
    host: config.firebase.emulatorHost ?? undefined,
    projectId: config.firebase.projectId ?? undefined,
  });
}

/** A unique suffix, so test files sharing the emulator never share an account. */
export const unique = () => randomBytes(4).toString('hex');

/** One data key per test file, so an API restarted on the same database reads its keys. */
const GEMINI_KEYS_SECRET = randomBytes(32).toString('base64');

/**
 * The real API (createApp, as main.ts runs it) on a free port with its own fresh database (or,
 * to test a restart, another instance's). Rate limits, the cap on a buyer's unpaid orders and the
 * trial credits (so every balance starts at 0) are off unless a test sets them; mail goes
 * to a temporary directory. With `logger`, the API logs there (at that logger's level).
 */
export async function startTestApi(
  env: Record<string, string> = {},
  options: { sameDatabaseAs?: TestApi; logger?: Logger } = {},
): Promise<TestApi> {
  const mongoUri =
    options.sameDatabaseAs?.config.database.uri ??
    `${required('TEST_MONGODB_URI')}api_test_${unique()}`;
  const config = loadConfig({
    NODE_ENV: 'test',
    LOG_LEVEL: 'silent',
    MONGODB_URI: mongoUri,
    FIREBASE_AUTH_EMULATOR_HOST: required('TEST_AUTH_EMULATOR_HOST'),
    FIREBASE_PROJECT_ID: required('TEST_FIREBASE_PROJECT_ID'),
    THROTTLE_LIMIT: '0',
    THROTTLE_SENSITIVE_LIMIT: '0',
    OPEN_ORDERS_LIMIT: '0',
    TRIAL_CREDITS: '0',
    MAIL_DIR: mkdtempSync(join(tmpdir(), 'api-test-mail-')),
    GEMINI_KEYS_SECRET,
    ...env,
  });
  const app = await createApp(config, mongoUri, options.logger);
  await app.listen(0, '127.0.0.1');
  const client = new mongo.MongoClient(mongoUri);
  await client.connect();
  return {
    url: await app.getUrl(),
    app,
    config,
    db: client.db(),
    emulator: emulatorOf(config),
    async close() {
      await client.close();
      await app.close();
    },
  };
}

export interface ApiResponse<Body = unknown> {
  status: number;
  headers: Headers;
  body: Body;
  text: string;
}

/** One HTTP call; the body is parsed when it is JSON. */
export async function call<Body = unknown>(
  api: Pick<TestApi, 'url'>,
  method: string,
  path: string,
  options: {
    token?: string;
    json?: unknown;
    body?: RequestInit['body'];
    headers?: Record<string, string>;
  } = {},
): Promise<ApiResponse<Body>> {
  const headers: Record<string, string> = { ...options.headers };
  if (options.token) headers.authorization = `Bearer ${options.token}`;
  if (options.json !== undefined) headers['content-type'] = 'application/json';
  const response = await fetch(`${api.url}${path}`, {
    method,
    headers,
    body: options.json !== undefined ? JSON.stringify(options.json) : options.body,
  });
  const text = await response.text();
  let body: unknown = text;
  if (text && response.headers.get('content-type')?.includes('application/json')) {
    body = JSON.parse(text);
  }
  return { status: response.status, headers: response.headers, body: body as Body, text };
}

/** A typed call's answer: `body` as the contract's response says, `error` for a 4xx or 5xx. */
export interface EndpointResponse<Body> extends ApiResponse<Body> {
  error: ApiErrorBody | undefined;
}

/**
 * A call of one of the contract's endpoints (`contract.packages.create`), as the browser's typed
 * client makes it: the path built from `params`, `query` as the search (undefined values left
 * out), `body` as JSON, and the answer typed by the endpoint's response. What the API does with
 * input the contract does not allow (a malformed body, an operator in the query) is tested with
 * `call` and raw input instead.
 */
export async function callEndpoint<E extends Endpoint>(
  api: Pick<TestApi, 'url'>,
  endpoint: E,
  input: InputOf<E> & { token?: string; headers?: Record<string, string> },
): Promise<EndpointResponse<ResponseOf<E>>> {
  const { params, query, body, token, headers } = input as {
    params?: Record<string, string | number>;
    query?: Record<string, unknown>;
    body?: unknown;
    token?: string;
    headers?: Record<string, string>;
  };
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries(query ?? {})) {
    if (value !== undefined) search.set(key, String(value));
  }
  const path = `${buildPath(endpoint.path, params)}${search.size > 0 ? `?${search}` : ''}`;
  const response = await call<ResponseOf<E>>(api, endpoint.method, path, {
    token,
    headers,
    ...(body instanceof FormData ? { body } : { json: body }),
  });
  return {
    ...response,
    error: response.status >= 400 ? (response.body as unknown as ApiErrorBody) : undefined,
  };
}

export interface Persona {
  email: string;
  password: string;
  token: string;
  /** The user record's id, once create-user has run. */
  id: string;
}

/**
 * A new account on the emulator, signed in. With `sync`, its user record is created through
 * POST /api/create-user, as the UI does right after sign-in. The address is verified (as an
 * established user's is) unless `verified: false`; only a verified ADMIN_EMAILS address is Admin.
 */
export async function signUp(
  api: Pick<TestApi, 'url' | 'config' | 'emulator'>,
  label: string,
  options: { sync?: boolean; displayName?: string; email?: string; verified?: boolean } = {},
): Promise<Persona> {
  const email = options.email ?? `${label}-${unique()}@coldmail.test`;
  const password = `pw-${unique()}`;
  // An ADMIN_EMAILS address's account is the API's own, made at start-up: its owner sets the
  // password from the reset link the API mailed them.
  const idToken = api.config.adminEmails.has(email.toLowerCase())
    ? await api.emulator.setPasswordFromResetLink(email, password)
    : (
        await api.emulator.createUser(email, password, options.displayName, {
          emailVerified: options.verified !== false,
        })
      ).idToken;
  const persona: Persona = { email, password, token: idToken, id: '' };
  if (options.sync !== false) {
    const created = await callEndpoint(api, contract.users.createOrSync, {
      token: idToken,
      body: { userName: label },
    });
    if (created.status !== 200) throw new Error(`create-user failed: ${created.text}`);
    persona.id = created.body._id;
  }
  return persona;
}
