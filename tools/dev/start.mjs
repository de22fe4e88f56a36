#!/usr/bin/env node
// `npm start`: builds every app (Nx cache makes the next start quick), starts the Firebase Auth
// emulator (unless a real Firebase project is configured), the PayPal double (unless real PayPal
// credentials are), and the API (with the embedded database unless MONGODB_URI is set), and
// serves the production builds, each on its own port. Ctrl-C stops everything.
import { portOf } from '@coldmail/vite-config/ports';
import { createChildren, nxCommand } from './children.mjs';
import { appDirs, serveStack, workspaceRoot } from './stack.mjs';

const children = createChildren();
const host = process.env.HOST ?? '127.0.0.1';
const projectId = process.env.FIREBASE_PROJECT_ID ?? 'demo-coldmail';
// A real project brings its own web API key; without one we run against the emulator.
const realFirebase = Boolean(process.env.FIREBASE_API_KEY) && !projectId.startsWith('demo-');

function fail(message) {
  console.error(`\n${message}`);
  children.stopAll();
  process.exit(1);
}

/** Resolves when the child prints a line matching `pattern`; fails if it exits first. */
function started(name, command, args, { pattern, env = {}, cwd = workspaceRoot }) {
  return new Promise((resolve, reject) => {
    let ready = false;
    const child = children.spawn(name, command, args, {
      cwd,
      env: { ...process.env, ...env },
      onLine: (line) => {
        const match = !ready && line.match(pattern);
        if (match) {
          ready = true;
          resolve(match);
        }
      },
      onExit: (code) => {
        if (!ready) reject(new Error(`${name} exited (${code}) before it was ready`));
        else fail(`${name} stopped unexpectedly (${code}); stopping everything.`);
      },
    });
    return child;
  });
}

console.log('Building the API, the shell and the five remotes (cached after the first run)...');
try {
  await children.run(
    ...nxCommand(
      'run-many',
      '-t',
      'build',
      '-p',
      ['api', ...Object.values(appDirs)].join(','),
      '--outputStyle=stream',
    ),
    { cwd: workspaceRoot, env: { ...process.env, NX_DAEMON: 'false' } },
  );
} catch (error) {
  fail(`The build failed: ${error.message}`);
}

let emulatorUrl;
if (!realFirebase) {
  console.log('Starting the Firebase Auth emulator (15-45 s on a cold machine)...');
  try {
    const [, url] = await started(
      'auth',
      process.execPath,
      [
        'tools/auth-emulator/cli.mjs',
        '--port',
        process.env.FIREBASE_AUTH_EMULATOR_PORT ?? '9099',
        '--project',
        projectId,
      ],
      { pattern: /^ready (\S+)/ },
    );
    emulatorUrl = url;
  } catch (error) {
    fail(`The Auth emulator did not start: ${error.message}`);
  }
}

// Without real PayPal credentials, payments go to the local PayPal double (REST API and a
// stand-in for the JS SDK), so a purchase works end to end offline. PAYPAL_API_BASE or
// PAYPAL_CLIENT_ID in the env means a real (sandbox or live) PayPal account is configured.
let paypalDoubleUrl;
if (!process.env.PAYPAL_API_BASE && !process.env.PAYPAL_CLIENT_ID) {
  try {
    const [, url] = await started(
      'paypal',
      process.execPath,
      ['tools/paypal-double/cli.mjs', '--port', process.env.PAYPAL_DOUBLE_PORT ?? '4210'],
      { pattern: /^ready (\S+)/ },
    );
    paypalDoubleUrl = url;
  } catch (error) {
    fail(`The PayPal double did not start: ${error.message}`);
  }
}

const apiPort = portOf('api');
const apiUrl = process.env.API_URL ?? `http://localhost:${apiPort}`;
const shellOrigins = ['shell', 'marketing', 'checkout', 'account', 'admin', 'generator'].flatMap(
  (app) => [`http://localhost:${portOf(app)}`, `http://127.0.0.1:${portOf(app)}`],
);
console.log('Starting the API...');
let apiExited = false;
children.spawn('api', process.execPath, ['dist/main.js'], {
  cwd: `${workspaceRoot}/api`,
  onExit: (code) => {
    apiExited = true;
    fail(`The API stopped (${code}); stopping everything.`);
  },
  env: {
    ...process.env,
    NODE_ENV: process.env.NODE_ENV ?? 'development',
    PORT: String(apiPort),
    HOST: host,
    FIREBASE_PROJECT_ID: projectId,
    ...(emulatorUrl ? { FIREBASE_AUTH_EMULATOR_HOST: new URL(emulatorUrl).host } : {}),
    CORS_ORIGINS: process.env.CORS_ORIGINS ?? shellOrigins.join(','),
    ...(paypalDoubleUrl
      ? {
          PAYPAL_API_BASE: paypalDoubleUrl,
          PAYPAL_CLIENT_ID: 'paypal-double-client',
          PAYPAL_CLIENT_SECRET: 'paypal-double-secret',
          PAYPAL_WEBHOOK_ID: 'PAYPALDOUBLEWEBHK',
        }
      : {}),
    PUBLIC_API_URL: process.env.PUBLIC_API_URL ?? apiUrl,
  },
});
for (let attempt = 0; ; attempt += 1) {
  if (apiExited) break;
  const healthy = await fetch(`http://127.0.0.1:${apiPort}/api/health`).then(
    (response) => response.ok,
    () => false,
  );
  if (healthy) break;
  if (attempt > 240) fail('The API did not answer /api/health within 60 s.');
  await new Promise((resolve) => setTimeout(resolve, 250));
}

const stack = await serveStack({
  host,
  apiBaseUrl: apiUrl,
  firebase: realFirebase
    ? {
        apiKey: process.env.FIREBASE_API_KEY,
        projectId,
        ...(process.env.FIREBASE_AUTH_DOMAIN
          ? { authDomain: process.env.FIREBASE_AUTH_DOMAIN }
          : {}),
      }
    : { apiKey: 'demo-api-key', projectId, emulatorUrl },
  ...(paypalDoubleUrl ? { paypalSdkBaseUrl: `${paypalDoubleUrl}/sdk/js` } : {}),
});
process.on('SIGINT', () => void stack.close());
process.on('SIGTERM', () => void stack.close());

console.log('\nServing:');
for (const [name, url] of Object.entries(stack.urls)) console.log(`  ${name.padEnd(10)} ${url}`);
console.log(`  ${'api'.padEnd(10)} ${apiUrl}  (OpenAPI: ${apiUrl}/api/docs)`);
if (emulatorUrl) console.log(`  ${'auth'.padEnd(10)} ${emulatorUrl}  (Firebase Auth emulator)`);
if (paypalDoubleUrl)
  console.log(`  ${'paypal'.padEnd(10)} ${paypalDoubleUrl}  (PayPal double: no real money)`);
console.log(`\nOpen ${stack.urls.shell} — Ctrl-C stops everything.`);
