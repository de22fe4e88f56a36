import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { createServer } from 'node:net';
import { join } from 'node:path';
import { startAuthEmulator } from '@coldmail/auth-emulator';
import { workspaceRoot } from '@coldmail/dev/stack';
import { startEmbeddedMongo } from '@coldmail/embedded-mongo';
import { startPaypalDouble } from '@coldmail/paypal-double';
import { startWebStack } from './stack.mjs';

export const E2E_PROJECT_ID = 'demo-coldmail-e2e';
export const E2E_ADMIN_EMAIL = 'admin@e2e.test';

async function freePort() {
  const server = createServer();
  server.listen(0, '127.0.0.1');
  await once(server, 'listening');
  const { port } = server.address();
  await new Promise((resolve) => server.close(resolve));
  return port;
}

async function waitForHealth(url, api, timeoutMs = 60_000) {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (api.exitCode !== null) throw new Error(`the API exited (${api.exitCode})`);
    try {
      const response = await fetch(`${url}/api/health`);
      if (response.ok) return;
    } catch {
      // Not listening yet.
    }
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  throw new Error(`the API did not become healthy within ${timeoutMs} ms`);
}

/**
 * The whole product on this machine: the Auth emulator, an in-memory embedded MongoDB, the PayPal
 * double, the built API and the built shell and remotes, each on a free port.
 */
export async function startFullStack({ apiEnv = {} } = {}) {
  const emulator = await startAuthEmulator({ port: 0, projectId: E2E_PROJECT_ID });
  const mongo = await startEmbeddedMongo({});
  const paypal = await startPaypalDouble({
    port: 0,
    clientId: 'e2e-paypal-client',
    clientSecret: 'e2e-paypal-secret',
  });
  const apiPort = await freePort();
  const apiUrl = `http://127.0.0.1:${apiPort}`;
  const web = await startWebStack({
    apiBaseUrl: apiUrl,
    firebase: { apiKey: 'demo-api-key', projectId: E2E_PROJECT_ID, emulatorUrl: emulator.url },
    paypalSdkBaseUrl: `${paypal.url}/sdk/js`,
  });

  const apiLog = [];
  const api = spawn(process.execPath, [join(workspaceRoot, 'api', 'dist', 'main.js')], {
    cwd: join(workspaceRoot, 'api'),
    env: {
      ...process.env,
      NODE_ENV: 'test',
      PORT: String(apiPort),
      HOST: '127.0.0.1',
      MONGODB_URI: `${mongo.uri}coldmail-e2e`,
      FIREBASE_PROJECT_ID: E2E_PROJECT_ID,
      FIREBASE_AUTH_EMULATOR_HOST: emulator.host,
      CORS_ORIGINS: Object.values(web.urls).join(','),
      PUBLIC_API_URL: apiUrl,
      ADMIN_EMAILS: E2E_ADMIN_EMAIL,
      SEED_DEMO_DATA: 'false',
      PAYPAL_API_BASE: paypal.url,
      PAYPAL_CLIENT_ID: 'e2e-paypal-client',
      PAYPAL_CLIENT_SECRET: 'e2e-paypal-secret',
      PAYPAL_WEBHOOK_ID: paypal.webhookId,
      PAYPAL_MODE: 'sandbox',
      PAYPAL_CURRENCY: 'USD',
      LOG_LEVEL: 'warn',
      ...apiEnv,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  api.stdout.on('data', (chunk) => apiLog.push(String(chunk)));
  api.stderr.on('data', (chunk) => apiLog.push(String(chunk)));
  try {
    await waitForHealth(apiUrl, api);
  } catch (error) {
    api.kill('SIGKILL');
    throw new Error(`${error.message}\n${apiLog.join('').slice(-4000)}`);
  }

  return {
    urls: { ...web.urls, api: apiUrl },
    emulator,
    paypal,
    web,
    apiLog,
    async close() {
      api.kill('SIGTERM');
      await Promise.race([once(api, 'exit'), new Promise((resolve) => setTimeout(resolve, 5000))]);
      if (api.exitCode === null) api.kill('SIGKILL');
      await web.close();
      await mongo.stop();
      await paypal.stop();
      await emulator.stop();
    },
  };
}
