// @ts-check
'use strict';
// CommonJS with JSDoc so that the API's jest setup (CommonJS), tools/dev (ESM) and plain node can
// all load it from a fresh clone without a build step.
const { spawn } = require('node:child_process');
const { mkdirSync, rmSync, writeFileSync } = require('node:fs');
const { createServer } = require('node:net');
const { join, resolve } = require('node:path');

const workspaceRoot = resolve(__dirname, '../..');
const DEFAULT_PORT = 9099;
const DEFAULT_PROJECT_ID = 'demo-coldmail';
const READY_TIMEOUT_MS = 90_000;
// Any string works as the Web API key against the emulator.
const API_KEY = 'emulator-api-key';

/**
 * @typedef {object} EmulatorClient
 * @property {string} host 127.0.0.1:PORT, the value for FIREBASE_AUTH_EMULATOR_HOST
 * @property {string} url http://127.0.0.1:PORT
 * @property {string} projectId
 * @property {(email: string, password: string, displayName?: string, options?: { emailVerified?: boolean }) => Promise<{ uid: string, idToken: string }>} createUser
 * @property {(email: string, password: string) => Promise<string>} signIn resolves to an ID token
 * @property {() => Promise<void>} resetAccounts deletes every account of the project
 * @property {(email: string, newPassword: string) => Promise<string>} setPasswordFromResetLink
 *   opens the newest password-reset link sent to the address (waiting up to 10 s for one), sets
 *   the password and resolves to an ID token
 * @property {() => Promise<Array<{ email: string, requestType: string, oobCode: string, oobLink: string }>>} oobCodes
 *   password-reset and verification links the emulator "sent"
 */

/**
 * Talks to a running Auth emulator through its REST API (the same endpoints the browser SDK uses).
 *
 * @param {{ host?: string, projectId?: string }} [options]
 * @returns {EmulatorClient}
 */
function emulatorClient(options = {}) {
  const host =
    options.host ?? process.env.FIREBASE_AUTH_EMULATOR_HOST ?? `127.0.0.1:${DEFAULT_PORT}`;
  const projectId = options.projectId ?? DEFAULT_PROJECT_ID;
  const url = `http://${host}`;
  const identityToolkit = `${url}/identitytoolkit.googleapis.com/v1`;
  const emulatorApi = `${url}/emulator/v1/projects/${projectId}`;

  /** @param {string} path @param {Record<string, unknown>} body */
  async function post(path, body) {
    const response = await fetch(`${identityToolkit}/${path}?key=${API_KEY}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(body),
    });
    const json = await response.json();
    if (!response.ok) {
      throw new Error(`Auth emulator ${path}: ${json?.error?.message ?? response.status}`);
    }
    return json;
  }

  return {
    host,
    url,
    projectId,
    async createUser(email, password, displayName, options = {}) {
      const created = await post('accounts:signUp', {
        email,
        password,
        returnSecureToken: true,
      });
      if (!displayName && !options.emailVerified) {
        return { uid: created.localId, idToken: created.idToken };
      }
      // As the register screen does: set the display name, then a fresh token carries `name`.
      if (displayName) await post('accounts:update', { idToken: created.idToken, displayName });
      // As opening the verification link does; the emulator takes `Bearer owner` as an admin.
      if (options.emailVerified) {
        const response = await fetch(`${identityToolkit}/projects/${projectId}/accounts:update`, {
          method: 'POST',
          headers: { 'content-type': 'application/json', authorization: 'Bearer owner' },
          body: JSON.stringify({ localId: created.localId, emailVerified: true }),
        });
        if (!response.ok) throw new Error(`Auth emulator verify: ${response.status}`);
      }
      return { uid: created.localId, idToken: await this.signIn(email, password) };
    },
    async signIn(email, password) {
      const signedIn = await post('accounts:signInWithPassword', {
        email,
        password,
        returnSecureToken: true,
      });
      return signedIn.idToken;
    },
    async resetAccounts() {
      const response = await fetch(`${emulatorApi}/accounts`, { method: 'DELETE' });
      if (!response.ok) throw new Error(`Auth emulator reset: ${response.status}`);
    },
    async setPasswordFromResetLink(email, newPassword) {
      // What the mailbox's owner does: opens the newest reset link mailed to the address.
      const deadline = Date.now() + 10_000;
      for (;;) {
        const codes = (await this.oobCodes()).filter(
          (code) => code.email === email.toLowerCase() && code.requestType === 'PASSWORD_RESET',
        );
        const newest = codes.at(-1);
        if (newest) {
          await post('accounts:resetPassword', { oobCode: newest.oobCode, newPassword });
          return this.signIn(email, newPassword);
        }
        if (Date.now() > deadline) throw new Error(`No password reset link was sent to ${email}`);
        await new Promise((resolve) => setTimeout(resolve, 100));
      }
    },
    async oobCodes() {
      const response = await fetch(`${emulatorApi}/oobCodes`);
      if (!response.ok) throw new Error(`Auth emulator oobCodes: ${response.status}`);
      return (await response.json()).oobCodes ?? [];
    },
  };
}

/** @param {number} port @returns {Promise<number>} the port, or a free one when 0 */
function reservePort(port) {
  return new Promise((resolvePort, reject) => {
    const server = createServer();
    server.once('error', (error) => {
      reject(
        /** @type {NodeJS.ErrnoException} */ (error).code === 'EADDRINUSE'
          ? new Error(`Port ${port} is in use: is an Auth emulator already running?`)
          : error,
      );
    });
    server.listen(port, '127.0.0.1', () => {
      const address = server.address();
      const chosen = typeof address === 'object' && address ? address.port : port;
      server.close(() => resolvePort(chosen));
    });
  });
}

/** @param {string} url */
async function isReady(url) {
  try {
    const response = await fetch(url, { signal: AbortSignal.timeout(2000) });
    const body = await response.json();
    return body?.authEmulator?.ready === true;
  } catch {
    return false;
  }
}

/**
 * Starts `firebase emulators:start --only auth` and resolves once it answers ready.
 * HOME, TMPDIR and XDG_CONFIG_HOME point inside `dataDir` because firebase-tools writes its
 * configstore and hub locator files there, and must not touch the developer's own.
 *
 * @param {{ port?: number, projectId?: string, dataDir?: string, onOutput?: (line: string) => void }} [options]
 *   port 0 picks a free port (tests); the default is 9099 (what the web apps and API expect in dev).
 * @returns {Promise<EmulatorClient & { stop(): Promise<void>, reset(): Promise<void> }>}
 */
async function startAuthEmulator(options = {}) {
  // A free port is only free until firebase binds it: another process on a busy machine may take
  // it in between. Then firebase exits saying the port is taken, and a new free port is tried.
  for (let attempt = 1; ; attempt++) {
    try {
      return await startOnce(options);
    } catch (error) {
      const raced = options.port === 0 && /port taken/i.test(String(error));
      if (!raced || attempt >= 3) throw error;
    }
  }
}

/**
 * @param {{ port?: number, projectId?: string, dataDir?: string, onOutput?: (line: string) => void }} options
 * @returns {Promise<EmulatorClient & { stop(): Promise<void>, reset(): Promise<void> }>}
 */
async function startOnce(options) {
  const projectId = options.projectId ?? DEFAULT_PROJECT_ID;
  if (!projectId.startsWith('demo-')) {
    // A non-demo project id makes firebase-tools try to reach Google for the project's config.
    throw new Error(
      `The Auth emulator runs offline only with a demo-* project id, not ${projectId}`,
    );
  }
  const port = await reservePort(options.port ?? DEFAULT_PORT);
  const dataDir = resolve(options.dataDir ?? join(workspaceRoot, '.data', 'firebase-home'));
  // One run directory per port: firebase writes firebase-debug.log into its cwd and a hub
  // locator file into TMPDIR, and two emulators (dev and tests) may run side by side.
  const runDir = join(dataDir, `run-${port}`);
  mkdirSync(join(runDir, 'tmp'), { recursive: true });
  mkdirSync(join(dataDir, '.config'), { recursive: true });
  const configPath = join(runDir, 'firebase.json');
  writeFileSync(
    configPath,
    JSON.stringify({
      emulators: {
        auth: { host: '127.0.0.1', port },
        // The UI would be downloaded from the network, which is unreachable here.
        ui: { enabled: false },
        singleProjectMode: true,
      },
    }),
  );

  const firebaseBin = require.resolve('firebase-tools/lib/bin/firebase.js');
  const child = spawn(
    process.execPath,
    [
      firebaseBin,
      'emulators:start',
      '--only',
      'auth',
      '--project',
      projectId,
      '--config',
      configPath,
    ],
    {
      cwd: runDir,
      // Own process group, so stop() ends firebase and anything it spawned.
      detached: true,
      stdio: ['ignore', 'pipe', 'pipe'],
      env: {
        ...process.env,
        HOME: dataDir,
        XDG_CONFIG_HOME: join(dataDir, '.config'),
        TMPDIR: join(runDir, 'tmp'),
        NO_UPDATE_NOTIFIER: '1',
        FIREBASE_CLI_DISABLE_UPDATE_CHECK: 'true',
      },
    },
  );

  const recentOutput = /** @type {string[]} */ ([]);
  const onChunk = (/** @type {Buffer} */ chunk) => {
    for (const line of chunk.toString().split('\n')) {
      if (!line.trim()) continue;
      recentOutput.push(line);
      if (recentOutput.length > 40) recentOutput.shift();
      options.onOutput?.(line);
    }
  };
  child.stdout?.on('data', onChunk);
  child.stderr?.on('data', onChunk);

  /** @type {number | null} */
  let exitCode = null;
  let exited = false;
  const exitedPromise = new Promise((resolveExit) => {
    child.once('exit', (code) => {
      exited = true;
      exitCode = code;
      resolveExit(undefined);
    });
  });

  const signalGroup = (/** @type {NodeJS.Signals} */ signal) => {
    try {
      if (child.pid) process.kill(-child.pid, signal);
    } catch {
      // The group is already gone.
    }
  };
  const stop = async () => {
    if (exited) return;
    signalGroup('SIGTERM');
    const forced = setTimeout(() => signalGroup('SIGKILL'), 10_000);
    await exitedPromise;
    clearTimeout(forced);
    // firebase may leave helpers behind in its group after the main process exits.
    signalGroup('SIGKILL');
    // Only a config file and firebase's debug log: one directory per port would pile up.
    rmSync(runDir, { recursive: true, force: true });
  };

  // If this process exits without stop() (a crash, process.exit), take the emulator with it.
  const killOnExit = () => signalGroup('SIGKILL');
  process.once('exit', killOnExit);
  exitedPromise.then(() => process.removeListener('exit', killOnExit));

  const client = emulatorClient({ host: `127.0.0.1:${port}`, projectId });
  const deadline = Date.now() + READY_TIMEOUT_MS;
  while (!(await isReady(`${client.url}/`))) {
    if (exited) {
      throw new Error(
        `The Auth emulator exited (code ${exitCode}) before it was ready:\n${recentOutput.join('\n')}`,
      );
    }
    if (Date.now() > deadline) {
      await stop();
      throw new Error(
        `The Auth emulator was not ready within ${READY_TIMEOUT_MS / 1000} s:\n${recentOutput.join('\n')}`,
      );
    }
    await new Promise((wait) => setTimeout(wait, 250));
  }

  return { ...client, stop, reset: client.resetAccounts };
}

module.exports = { startAuthEmulator, emulatorClient, DEFAULT_PORT, DEFAULT_PROJECT_ID };
