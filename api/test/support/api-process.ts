import { type ChildProcess, spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { createServer } from 'node:net';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import type { EmulatorClient } from '@coldmail/auth-emulator';
import { loadConfig, type AppConfig } from '../../src/config/app-config';
import { emulatorOf, unique } from './test-api';

export interface ApiProcess {
  url: string;
  /** The configuration the process read from its environment. */
  config: AppConfig;
  emulator: EmulatorClient;
  /** The JSON lines it has logged so far (with `captureLogs`; set LOG_LEVEL too). */
  logLines: Record<string, unknown>[];
  /** Whether the process is still running. */
  running(): boolean;
  /** SIGKILL: the process stops at once. */
  stop(): Promise<void>;
  /** SIGTERM: the process shuts down as in production, and has exited when this resolves. */
  terminate(): Promise<void>;
}

const ENTRY = join(__dirname, '../../dist/main.js');

async function freePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  await new Promise<void>((resolve) => server.close(() => resolve()));
  if (!address || typeof address === 'string') throw new Error('No free port');
  return address.port;
}

/**
 * The built API (dist/main.js, as production runs it) in its own process, on the test database
 * server and Auth emulator: for what an in-process API cannot show, such as its event loop being
 * blocked while the test goes on measuring it. `nx test api` builds it first.
 */
export async function startApiProcess(
  env: Record<string, string> = {},
  options: { captureLogs?: boolean } = {},
): Promise<ApiProcess> {
  if (!existsSync(ENTRY)) throw new Error(`${ENTRY} is missing: run 'npx nx build api' first`);
  const port = await freePort();
  const url = `http://127.0.0.1:${port}`;
  const processEnv = {
    PATH: process.env.PATH ?? '',
    NODE_ENV: 'test',
    LOG_LEVEL: 'silent',
    HOST: '127.0.0.1',
    PORT: String(port),
    MONGODB_URI: `${process.env.TEST_MONGODB_URI}api_process_${unique()}`,
    FIREBASE_AUTH_EMULATOR_HOST: process.env.TEST_AUTH_EMULATOR_HOST ?? '',
    FIREBASE_PROJECT_ID: process.env.TEST_FIREBASE_PROJECT_ID ?? '',
    THROTTLE_LIMIT: '0',
    THROTTLE_SENSITIVE_LIMIT: '0',
    SEED_DEMO_DATA: 'false',
    ...env,
  };
  const child: ChildProcess = spawn(process.execPath, [ENTRY], {
    env: processEnv,
    stdio: ['ignore', options.captureLogs ? 'pipe' : 'ignore', 'inherit'],
  });
  const logLines: Record<string, unknown>[] = [];
  if (child.stdout) {
    createInterface({ input: child.stdout }).on('line', (line) => {
      try {
        logLines.push(JSON.parse(line) as Record<string, unknown>);
      } catch {
        logLines.push({ msg: line });
      }
    });
  }
  let exited = false;
  const exit = new Promise<void>((resolve) =>
    child.once('exit', () => {
      exited = true;
      resolve();
    }),
  );
  const deadline = Date.now() + 30_000;
  for (;;) {
    if (exited) throw new Error('The API process exited while starting');
    const ready = await fetch(`${url}/api/health/live`).then(
      (response) => response.ok,
      () => false,
    );
    if (ready) break;
    if (Date.now() > deadline) {
      child.kill('SIGKILL');
      throw new Error('The API process did not answer within 30 s');
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  const config = loadConfig(processEnv);
  return {
    url,
    config,
    emulator: emulatorOf(config),
    logLines,
    running: () => !exited,
    async stop() {
      if (!exited) child.kill('SIGKILL');
      await exit;
    },
    async terminate() {
      if (!exited) child.kill('SIGTERM');
      await exit;
    },
  };
}
