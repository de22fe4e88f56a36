import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { createServer } from 'node:net';
import { isAbsolute, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { emulatorClient } from '@coldmail/auth-emulator';
import { DEFAULT_WEBHOOK_ID } from '@coldmail/paypal-double';
import { apps, appOf, portOf, webAppDirs } from '@coldmail/registry/apps';
import { describeExit, nxCommand, startProcess } from './processes.mjs';
import { serveBuiltApps } from './static-web.mjs';

/** @typedef {import('@coldmail/registry/apps').RemoteName} RemoteName */
/** @typedef {import('./static-web.mjs').WebAppName} WebAppName */
/** @typedef {import('./processes.mjs').ManagedProcess} ManagedProcess */
/** @typedef {import('@coldmail/auth-emulator').EmulatorClient} EmulatorClient */
/** @typedef {'database' | 'auth' | 'paypal' | 'gemini' | 'api' | 'web'} Service */

export const workspaceRoot = fileURLToPath(new URL('../..', import.meta.url));

const apiDir = join(workspaceRoot, appOf('api').dir);
const require = createRequire(import.meta.url);
const embeddedMongoCli = require.resolve('@coldmail/embedded-mongo/bin/embedded-mongo.js');
const authEmulatorCli = require.resolve('@coldmail/auth-emulator/cli.mjs');
const paypalDoubleCli = fileURLToPath(
  new URL('./cli.mjs', import.meta.resolve('@coldmail/paypal-double')),
);
const geminiDoubleCli = fileURLToPath(
  new URL('./cli.mjs', import.meta.resolve('@coldmail/gemini-double')),
);
const webApps = /** @type {Array<import('@coldmail/registry/apps').App & { name: WebAppName }>} */ (
  apps.filter((app) => app.kind !== 'api')
);
/** Where the local stand-ins listen by default; the web apps' and the API's ports are in the registry. */
const servicePorts = {
  auth: { env: 'FIREBASE_AUTH_EMULATOR_PORT', port: 9099 },
  paypal: { env: 'PAYPAL_DOUBLE_PORT', port: 4210 },
  gemini: { env: 'GEMINI_DOUBLE_PORT', port: 4211 },
};
/** What the API is given to talk to the PayPal double, which accepts any client. */
const paypalDoubleEnv = {
  PAYPAL_CLIENT_ID: 'paypal-double-client',
  PAYPAL_CLIENT_SECRET: 'paypal-double-secret',
  PAYPAL_WEBHOOK_ID: DEFAULT_WEBHOOK_ID,
};
// Generous: on a cold two-core machine a Vite dev server or the API in watch mode compiles first.
const READY_TIMEOUT_MS = 180_000;

/**
 * @typedef {object} StackOptions
 * @property {'built' | 'dev'} [mode] 'built' (default): the API from api/dist and the web apps'
 *   production builds on static servers. 'dev': the API rebuilt and restarted on every change
 *   (api/dev.mjs) and one Vite dev server with HMR per web app.
 * @property {Service[]} [services] what to run; default everything
 * @property {boolean} [freePorts] free ports for everything (tests, benchmarks); default the
 *   registry's ports and the services' usual ones, each overridable by its variable
 * @property {boolean} [build] build what runs first (Nx, cached): the API and, in built mode,
 *   the web apps
 * @property {string} [host] the interface the servers listen on; default 127.0.0.1
 * @property {string} [mongoUri] an existing MongoDB (database name included): none is started
 * @property {string} [dbPath] where the embedded database keeps its files; default in memory
 * @property {string} [dbName] the API's database on the embedded server; default coldmail
 * @property {{ apiKey: string, projectId: string, authDomain?: string }} [firebase] a real
 *   Firebase project: the emulator is not started
 * @property {string} [projectId] the emulator's demo-* project; default demo-coldmail
 * @property {boolean} [realPaypal] PayPal is configured in the environment: no double
 * @property {string} [publicApiUrl] the API's URL as browsers reach it; default its local URL
 * @property {Record<string, string>} [apiEnv] added last to the API's environment
 * @property {Record<string, unknown>} [shellConfig] added last to the shell's /config.json (e.g.
 *   sentryDsn)
 * @property {string[]} [extraWebOrigins] more pages that call the API and the PayPal double (a
 *   benchmark's baseline build), besides the stack's own web apps
 * @property {'pipe' | 'ignore'} [apiStdout] 'ignore' discards the API's request log unread
 * @property {string[]} [apiNodeArgs] Node options for the API's process, such as `--cpu-prof`
 *   (which NODE_OPTIONS may not carry)
 * @property {'node' | 'nginx'} [webServer] built mode: what serves the web apps. 'node'
 *   (default, or WEB_SERVER): the Node server of tools/serve; 'nginx': Debian's nginx with the deploy kit's
 *   configuration (deploy/nginx), as production serves them (the browser tests)
 * @property {string} [sitesDir] built mode: serve each remote from its hosting folder under
 *   this one, where `npm run release` publishes (tools/release); its build is published there
 *   first. Without it, each remote's build is served as it is
 * @property {Partial<Record<WebAppName, string>>} [appDirs] run an app from another folder
 *   (absolute, or relative to the workspace), e.g. an edited copy
 * @property {(service: string, line: string) => void} [onOutput] every line a process prints
 * @property {(service: string, message: string) => void} [onExit] a process stopped on its own
 *   after start-up; default: printed to stderr
 * @property {AbortSignal} [signal] aborting stops whatever has started and rejects
 *
 * @typedef {object} Stack
 * @property {Partial<Record<WebAppName | 'api' | 'auth' | 'paypal' | 'gemini', string>>} urls
 * @property {string | null} mongoUri the API's database, when the stack wires one
 * @property {string | null} databaseServerUri the embedded server (no database name), when started
 * @property {EmulatorClient | null} emulator the Auth emulator, when started
 * @property {{ url: string, webhookId: string } | null} paypal the PayPal double, when started
 * @property {(name: RemoteName) => Promise<void>} stopRemote built mode: a remote goes down
 * @property {(name: RemoteName, options?: { dir?: string }) => Promise<void>} restartRemote
 *   built mode: the remote is served again, optionally another build of it
 * @property {(service: string) => string} recentOutput a process's last lines of output
 * @property {(service: string) => number | undefined} pidOf a process's id (benchmarks read its
 *   CPU time)
 * @property {() => Promise<void>} close stops everything the stack started
 */

/**
 * Starts any part of the product on this machine, waits until each part answers, and returns
 * where they are. On failure it stops what it started and rejects with what went wrong and the
 * failing process's last output.
 *
 * @param {StackOptions} [options]
 * @returns {Promise<Stack>}
 */
export async function startStack(options = {}) {
  const mode = options.mode ?? 'built';
  const wanted = new Set(
    options.services ?? ['database', 'auth', 'paypal', 'gemini', 'api', 'web'],
  );
  const runs = {
    database: wanted.has('database') && !options.mongoUri,
    auth: wanted.has('auth') && !options.firebase,
    paypal: wanted.has('paypal') && !options.realPaypal,
    // Real Gemini when GEMINI_API_BASE is given or GEMINI_DOUBLE=off; the local double otherwise.
    gemini:
      wanted.has('gemini') && !process.env.GEMINI_API_BASE && process.env.GEMINI_DOUBLE !== 'off',
    api: wanted.has('api'),
    web: wanted.has('web'),
  };
  const host = options.host ?? '127.0.0.1';
  const loopback = host === '0.0.0.0' || host === '127.0.0.1';
  // Browsers get localhost, as in the registry's CORS defaults; the stack itself probes the
  // address the servers listen on.
  const publicHost = loopback ? 'localhost' : host;
  const probeHost = host === '0.0.0.0' ? '127.0.0.1' : host;
  const projectId = options.projectId ?? 'demo-coldmail';
  const dirs = /** @type {Record<WebAppName, string>} */ (
    Object.fromEntries(
      Object.entries({ ...webAppDirs, ...options.appDirs }).map(([name, dir]) => [
        name,
        isAbsolute(dir) ? dir : join(workspaceRoot, dir),
      ]),
    )
  );
  const onOutput = options.onOutput ?? (() => {});
  const onExit =
    options.onExit ??
    ((service, message) =>
      console.error(`\n[stack] ${message}; its last output:\n${recent.get(service)?.() ?? ''}`));

  /** @type {Array<{ name: string, stop(): Promise<void> }>} */
  const running = [];
  /** @type {Map<string, () => string>} */
  const recent = new Map();
  /** @type {Map<string, number | undefined>} */
  const pids = new Map();
  let startedUp = false;
  /** @type {Promise<void> | null} */
  let closing = null;
  const close = () =>
    (closing ??= (async () => {
      // The API first: it holds connections to the others.
      const api = running.filter((part) => part.name === 'api');
      await Promise.all(api.map((part) => part.stop()));
      await Promise.all(running.filter((part) => part.name !== 'api').map((part) => part.stop()));
    })());
  options.signal?.addEventListener('abort', () => void close(), { once: true });

  /** Keeps a started part for close(); one that starts after close() began is stopped at once. */
  const keep = (/** @type {{ name: string, stop(): Promise<void> }} */ part) => {
    running.push(part);
    if (closing) void part.stop();
  };
  /**
   * @param {string} name
   * @param {string[]} args node arguments
   * @param {{ cwd?: string, env?: NodeJS.ProcessEnv, stdout?: 'pipe' | 'ignore' }} [spawnOptions]
   */
  const startNode = (name, args, { cwd = workspaceRoot, env = process.env, stdout } = {}) => {
    const managed = startProcess(name, process.execPath, args, {
      cwd,
      env,
      stdout,
      onLine: (line) => onOutput(name, line),
    });
    recent.set(name, managed.recentOutput);
    pids.set(name, managed.pid);
    keep(managed);
    void managed.exited.then((exit) => {
      if (startedUp && !closing) onExit(name, `${name} ${describeExit(exit)}`);
    });
    return managed;
  };
  /**
   * Polls `url` until it answers 2xx; fails when the process exits or time runs out.
   *
   * @param {ManagedProcess} managed
   * @param {string} url
   */
  const answering = async (managed, url) => {
    const deadline = Date.now() + READY_TIMEOUT_MS;
    for (;;) {
      if (!managed.running()) {
        throw new Error(
          `${managed.name} ${describeExit(await managed.exited)} before it was ready`,
        );
      }
      const ok = await fetch(url, { signal: AbortSignal.timeout(5000) }).then(
        (response) => response.ok,
        () => false,
      );
      if (ok) return;
      if (Date.now() > deadline) {
        throw new Error(
          `${managed.name} did not answer ${url} within ${READY_TIMEOUT_MS / 1000} s`,
        );
      }
      await new Promise((resolve) => setTimeout(resolve, 250));
    }
  };
  /** Adds which part failed and its last output to the error. */
  const failed = (/** @type {string} */ name) => (/** @type {unknown} */ error) => {
    const reason = error instanceof Error ? error.message : String(error);
    const output = recent.get(name)?.();
    throw new Error(
      `${name} did not start: ${reason}${output ? `\n--- last output of ${name} ---\n${output}` : ''}`,
    );
  };

  try {
    const projects = options.build
      ? [
          ...(runs.api ? [apiDir] : []),
          ...(runs.web && mode === 'built' ? webApps.map((app) => dirs[app.name]) : []),
        ].map((dir) => JSON.parse(readFileSync(join(dir, 'package.json'), 'utf8')).name)
      : [];
    if (projects.length > 0) {
      const [, nxArgs] = nxCommand(
        'run-many',
        '-t',
        'build',
        '-p',
        projects.join(','),
        '--outputStyle=stream',
      );
      const build = startNode('build', nxArgs, { env: { ...process.env, NX_DAEMON: 'false' } });
      const exit = await build.exited;
      if (exit.code !== 0)
        throw new Error(`The build ${describeExit(exit)}:\n${build.recentOutput()}`);
    }

    const ports = await choosePorts({
      names: [
        ...(runs.web ? webApps.map((app) => app.name) : []),
        ...(runs.api ? /** @type {const} */ (['api']) : []),
        ...(runs.auth ? /** @type {const} */ (['auth']) : []),
        ...(runs.paypal ? /** @type {const} */ (['paypal']) : []),
        ...(runs.gemini ? /** @type {const} */ (['gemini']) : []),
      ],
      free: options.freePorts ?? false,
      host: probeHost,
    });
    /** @type {Stack['urls']} */
    const urls = Object.fromEntries(
      Object.entries(ports).map(([name, port]) => [
        name,
        // The emulator and the double listen on 127.0.0.1 only.
        `http://${name === 'auth' || name === 'paypal' || name === 'gemini' ? '127.0.0.1' : publicHost}:${port}`,
      ]),
    );
    const apiUrl = options.publicApiUrl ?? urls.api ?? `http://${publicHost}:${portOf('api')}`;
    // The page renderer's credential at the API: its reads have a limit of their own.
    const rendererToken = process.env.RENDERER_TOKEN || randomBytes(32).toString('hex');
    const shellConfig = {
      apiBaseUrl: apiUrl,
      ...(options.firebase ? { firebase: options.firebase } : {}),
      ...(runs.auth
        ? { firebase: { apiKey: 'demo-api-key', projectId, emulatorUrl: urls.auth } }
        : {}),
      ...(runs.paypal ? { paypalSdkBaseUrl: `${urls.paypal}/sdk/js` } : {}),
      ...options.shellConfig,
    };

    const database = runs.database
      ? (async () => {
          const mongo = startNode('database', [
            embeddedMongoCli,
            '--port',
            '0',
            ...(options.dbPath ? ['--dbpath', options.dbPath] : []),
          ]);
          const [, uri] = await mongo.waitForLine(/^ready (\S+)/, READY_TIMEOUT_MS);
          return /** @type {string} */ (uri);
        })().catch(failed('database'))
      : Promise.resolve(null);

    const emulator = runs.auth
      ? (async () => {
          // In its own process like the others, so that its exit is noticed and its output kept.
          const auth = startNode('auth', [
            authEmulatorCli,
            '--port',
            String(ports.auth),
            '--project',
            projectId,
            '--verbose',
          ]);
          const [, url] = await auth.waitForLine(/^ready (\S+)/, READY_TIMEOUT_MS);
          return emulatorClient({ host: new URL(/** @type {string} */ (url)).host, projectId });
        })().catch(failed('auth'))
      : Promise.resolve(null);

    const webOrigins = (runs.web ? webApps : [])
      .flatMap((app) =>
        loopback
          ? [`http://localhost:${ports[app.name]}`, `http://127.0.0.1:${ports[app.name]}`]
          : [`http://${host}:${ports[app.name]}`],
      )
      .concat(options.extraWebOrigins ?? []);

    const paypal = runs.paypal
      ? (async () => {
          const double = startNode('paypal', [
            paypalDoubleCli,
            '--port',
            String(ports.paypal),
            // The shop's pages, where the SDK stand-in approves payments; no other site may.
            ...webOrigins.flatMap((origin) => ['--allow-origin', origin]),
          ]);
          const [, url] = await double.waitForLine(/^ready (\S+)/, READY_TIMEOUT_MS);
          return { url: /** @type {string} */ (url), webhookId: DEFAULT_WEBHOOK_ID };
        })().catch(failed('paypal'))
      : Promise.resolve(null);

    const gemini = runs.gemini
      ? (async () => {
          const double = startNode('gemini', [geminiDoubleCli, '--port', String(ports.gemini)]);
          const [, url] = await double.waitForLine(/^ready (\S+)/, READY_TIMEOUT_MS);
          return /** @type {string} */ (url);
        })().catch(failed('gemini'))
      : Promise.resolve(null);

    const api = runs.api
      ? Promise.all([database, emulator, paypal, gemini]).then(
          ([serverUri, started, double, geminiUrl]) =>
            (async () => {
              const env = {
                NODE_ENV: 'development',
                ...(runs.web ? { CORS_ORIGINS: webOrigins.join(',') } : {}),
                PUBLIC_API_URL: apiUrl,
                RENDERER_TOKEN: rendererToken,
                ...process.env,
                PORT: String(ports.api),
                HOST: host,
                FIREBASE_PROJECT_ID: options.firebase?.projectId ?? projectId,
                ...(options.mongoUri ? { MONGODB_URI: options.mongoUri } : {}),
                ...(serverUri
                  ? { MONGODB_URI: `${serverUri}${options.dbName ?? 'coldmail'}` }
                  : {}),
                ...(started ? { FIREBASE_AUTH_EMULATOR_HOST: started.host } : {}),
                ...(double ? { PAYPAL_API_BASE: double.url, ...paypalDoubleEnv } : {}),
                ...(geminiUrl ? { GEMINI_API_BASE: geminiUrl } : {}),
                ...options.apiEnv,
              };
              const entry = mode === 'dev' ? join(apiDir, 'dev.mjs') : join(apiDir, 'dist/main.js');
              const server = startNode('api', [...(options.apiNodeArgs ?? []), entry], {
                cwd: apiDir,
                env,
                stdout: options.apiStdout,
              });
              await answering(server, `http://${probeHost}:${ports.api}/api/health`);
              return env.MONGODB_URI ?? null;
            })().catch(failed('api')),
        )
      : Promise.resolve(null);

    const web = !runs.web
      ? Promise.resolve(null)
      : mode === 'dev'
        ? startDevServers()
        : serveBuiltApps({
            server: options.webServer ?? (process.env.WEB_SERVER === 'nginx' ? 'nginx' : 'node'),
            host,
            ports: /** @type {Record<WebAppName, number>} */ (ports),
            urls: /** @type {Record<WebAppName, string>} */ (urls),
            dirs,
            shellConfig,
            rendererToken,
            sitesDir: options.sitesDir,
          })
            .then((served) => {
              keep({ name: 'web', stop: served.close });
              return served;
            })
            .catch(failed('web'));

    /**
     * One Vite dev server per web app. Each gets every app's port in its environment, so the
     * shell's /remotes.json and each remote's origin follow the chosen ports, and the shell's
     * /config.json as SHELL_RUNTIME_CONFIG (tools/vite-config serves it).
     */
    async function startDevServers() {
      const vite = join(workspaceRoot, 'node_modules/vite/bin/vite.js');
      const env = {
        ...process.env,
        ...Object.fromEntries(
          apps.flatMap((app) => {
            const port = ports[app.name];
            return port === undefined ? [] : [[app.portEnv, String(port)]];
          }),
        ),
        SHELL_RUNTIME_CONFIG: JSON.stringify(shellConfig),
      };
      await Promise.all(
        webApps.map((app) => {
          const server = startNode(app.name, [vite, '--host', host], { cwd: dirs[app.name], env });
          return answering(server, `http://${probeHost}:${ports[app.name]}/`).catch(
            failed(app.name),
          );
        }),
      );
      return null;
    }

    const settled = await Promise.allSettled([database, emulator, paypal, gemini, api, web]);
    const reasons = new Set(
      settled.flatMap((result) =>
        result.status === 'rejected' ? [/** @type {Error} */ (result.reason).message] : [],
      ),
    );
    if (reasons.size > 0) throw new Error([...reasons].join('\n\n'));
    if (options.signal?.aborted) throw new Error('Stopped before everything had started');
    const [serverUri, started, double, mongoUri, served] = await Promise.all([
      database,
      emulator,
      paypal,
      api,
      web,
    ]);
    startedUp = true;

    const builtWeb = () => {
      if (!served)
        throw new Error('Only the built web apps can be stopped and restarted one by one');
      return served;
    };
    return {
      urls: { ...urls, ...(runs.api ? { api: apiUrl } : {}) },
      mongoUri: mongoUri ?? options.mongoUri ?? null,
      databaseServerUri: serverUri,
      emulator: started,
      paypal: double,
      stopRemote: (name) => builtWeb().stopRemote(name),
      restartRemote: (name, restartOptions) => builtWeb().restartRemote(name, restartOptions),
      recentOutput: (service) => recent.get(service)?.() ?? '',
      pidOf: (service) => pids.get(service),
      close,
    };
  } catch (error) {
    await close();
    throw error;
  }
}

/**
 * Free ports are picked below every common ephemeral range (Linux 32768–60999, macOS and Windows
 * 49152–65535): the system never gives one of these to an outgoing connection, which could
 * otherwise take a port between its choice here and its server's start (a dev server then fails
 * with EADDRINUSE).
 */
const FREE_PORTS = { from: 20_000, to: 32_000 };

/**
 * A server listening on a free port of FREE_PORTS, tried at random.
 *
 * @param {string} host
 * @returns {Promise<import('node:net').Server>}
 */
async function holdFreePort(host) {
  for (let attempt = 0; attempt < 100; attempt += 1) {
    const port = FREE_PORTS.from + Math.floor(Math.random() * (FREE_PORTS.to - FREE_PORTS.from));
    const server = createServer();
    const held = await new Promise((resolve) => {
      server.once('error', () => resolve(false));
      server.listen(port, host, () => resolve(true));
    });
    if (held) return server;
  }
  throw new Error(`No free port between ${FREE_PORTS.from} and ${FREE_PORTS.to} on ${host}`);
}

/**
 * Ports for the parts that run: free ones, all held at once so no two are the same (then
 * released for their servers), or the usual ones.
 *
 * @param {{ names: Array<WebAppName | 'api' | 'auth' | 'paypal' | 'gemini'>, free: boolean, host: string }} options
 * @returns {Promise<Partial<Record<WebAppName | 'api' | 'auth' | 'paypal' | 'gemini', number>>>}
 */
async function choosePorts({ names, free, host }) {
  if (!free) {
    return Object.fromEntries(
      names.map((name) => {
        if (name !== 'auth' && name !== 'paypal' && name !== 'gemini') return [name, portOf(name)];
        const service = servicePorts[name];
        return [name, Number(process.env[service.env] ?? service.port)];
      }),
    );
  }
  const servers = await Promise.all(names.map(() => holdFreePort(host)));
  const ports = servers.map(
    (server) => /** @type {import('node:net').AddressInfo} */ (server.address()).port,
  );
  await Promise.all(servers.map((server) => new Promise((resolve) => server.close(resolve))));
  return Object.fromEntries(names.map((name, index) => [name, ports[index]]));
}
