// The compose file is valid Compose (the specification's own schema), and it wires what the
// deploy kit promises: a replica set, a mail catcher, two API instances behind a load balancer,
// the shell and every remote of the registry, each image built from this repository's files.
import assert from 'node:assert/strict';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join, resolve } from 'node:path';
import { test } from 'node:test';
import { fileURLToPath } from 'node:url';
import { remoteNames } from '@coldmail/registry/apps';
import { pageList } from '@coldmail/registry/pages';
import Ajv from 'ajv';
import { parse } from 'yaml';

const deploy = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const text = readFileSync(join(deploy, 'compose.yaml'), 'utf8');
/** As Compose reads it: YAML merge keys (<<) applied. */
const compose = parse(text, { merge: true });

/** One target's stage of deploy/Dockerfile: from its FROM line to the next. */
function targetOf(name) {
  const dockerfile = readFileSync(join(deploy, 'Dockerfile'), 'utf8');
  const start = dockerfile.search(new RegExp(`^FROM .* AS ${name}$`, 'm'));
  assert.ok(start >= 0, `deploy/Dockerfile has a ${name} target`);
  const next = dockerfile.slice(start + 1).search(/^FROM /m);
  return next < 0 ? dockerfile.slice(start) : dockerfile.slice(start, start + 1 + next);
}

/** The specification's schema, compiled; it names draft-07 by its https address. */
function composeSchema() {
  const draft07 = createRequire(import.meta.url)('ajv/dist/refs/json-schema-draft-07.json');
  const ajv = new Ajv({ allErrors: true, strict: false });
  ajv.addMetaSchema({ ...draft07, $id: 'https://json-schema.org/draft-07/schema' });
  return ajv.compile(JSON.parse(readFileSync(join(deploy, 'schema', 'compose-spec.json'), 'utf8')));
}

test('compose.yaml follows the Compose Specification', () => {
  const validate = composeSchema();
  const valid = validate(compose);
  assert.ok(valid, JSON.stringify(validate.errors, null, 2));
});

test('a malformed service is refused by the same check (the schema is not a formality)', () => {
  const validate = composeSchema();
  const broken = structuredClone(compose);
  broken.services.api.ports = 'three thousand';
  broken.services.mongo.restart_policy = 'always';
  assert.equal(validate(broken), false);
});

/** deploy/.env.example's settings, with its commented trial block when `trial`. */
function envExample({ trial = false } = {}) {
  const text = readFileSync(join(deploy, '.env.example'), 'utf8');
  const lines = text
    .split('\n')
    .map((line) => (trial ? line.replace(/^# ([A-Z_]+=)/, '$1') : line))
    .filter((line) => /^[A-Z_]+=/.test(line));
  return Object.fromEntries(
    lines.map((line) => [line.split('=')[0], line.slice(line.indexOf('=') + 1)]),
  );
}

/**
 * Compose's interpolation of `${NAME}`, `${NAME:-default}` and `${NAME:?error}` ($$ is a $).
 *
 * @param {string} text
 * @param {Record<string, string>} env
 */
function interpolate(text, env) {
  return text
    .replace(/\$\{([A-Z_]+)(?::([-?])([^}]*))?\}/g, (whole, name, kind, rest) => {
      const value = env[name];
      if (value) return value;
      if (kind === '?') throw new Error(`${name}: ${rest}`);
      return kind === '-' ? rest : '';
    })
    .replaceAll('$$', '$');
}

test('every setting is a variable of .env: the site settings made from it are valid JSON', () => {
  const operator = {
    SITE_HOST: 'shop.example.com',
    FIREBASE_PROJECT_ID: 'coldmail-prod',
    FIREBASE_WEB_API_KEY: 'web-key',
    FIREBASE_AUTH_DOMAIN: 'coldmail-prod.firebaseapp.com',
  };
  const env = { ...envExample(), ...operator };
  const config = JSON.parse(interpolate(compose.configs['site-config'].content, env));
  assert.equal(config.apiBaseUrl, 'https://shop.example.com');
  assert.deepEqual(config.firebase, {
    apiKey: 'web-key',
    projectId: 'coldmail-prod',
    authDomain: 'coldmail-prod.firebaseapp.com',
  });
  assert.deepEqual(config.imageOrigins, []);
  assert.equal(config.paypalSdkBaseUrl, '', "blank: PayPal's own SDK");
  assert.equal(config.sentryDsn, '', 'blank: the pages report no errors, nor load the SDK');
  const tracked = { ...env, SENTRY_BROWSER_DSN: 'https://key@o1.ingest.sentry.io/42' };
  assert.equal(
    JSON.parse(interpolate(compose.configs['site-config'].content, tracked)).sentryDsn,
    'https://key@o1.ingest.sentry.io/42',
  );
  const remotes = JSON.parse(interpolate(compose.configs.remotes.content, env));
  assert.deepEqual(Object.keys(remotes).sort(), [...remoteNames].sort());
  for (const name of remoteNames) {
    assert.equal(remotes[name], `https://shop.example.com/remotes/${name}/mf-manifest.json`);
  }
  // The trial block turns on the profile and the double.
  const trial = envExample({ trial: true });
  assert.equal(trial.COMPOSE_PROFILES, 'trial');
  assert.equal(trial.TRIAL, 'true');
  const trialConfig = JSON.parse(
    interpolate(compose.configs['site-config'].content, { ...trial, ...operator }),
  );
  assert.equal(trialConfig.paypalSdkBaseUrl, 'http://127.0.0.1:4210/sdk/js');
  // What the operator must give is refused when missing, by name.
  assert.throws(
    () => interpolate(compose.configs['site-config'].content, { ...env, FIREBASE_WEB_API_KEY: '' }),
    /FIREBASE_WEB_API_KEY/,
  );
  // Every variable the kit reads is documented in .env.example.
  const documented = new Set(Object.keys(envExample({ trial: true })));
  for (const [, name] of text.matchAll(/\$\{([A-Z_]+)/g)) {
    assert.ok(documented.has(name), `${name} is in .env.example`);
  }
});

test('only the front is published; the trial services only on loopback, in their profile', () => {
  const { services } = compose;
  for (const [name, service] of Object.entries(services)) {
    if (name === 'front') {
      assert.deepEqual(service.ports, ['80:80', '443:443']);
    } else if (service.profiles) {
      assert.deepEqual(service.profiles, ['trial'], name);
      for (const port of service.ports ?? []) assert.match(port, /^127\.0\.0\.1:/, name);
    } else {
      assert.equal(service.ports, undefined, `${name} is reached through the front only`);
    }
  }
  assert.deepEqual(
    Object.keys(services).filter((name) => services[name].profiles),
    ['mail', 'paypal-double'],
  );
});

test('MongoDB has authentication and a key file; the API reaches it as its own user', () => {
  const { mongo, api } = compose.services;
  assert.ok(mongo.command.includes('--replSet'));
  assert.ok(mongo.command.includes('--keyFile'));
  assert.equal(
    mongo.environment.MONGO_INITDB_ROOT_PASSWORD_FILE,
    '/run/secrets/mongo_root_password',
  );
  assert.match(compose.configs['mongo-app-user'].content, /role: 'readWrite', db: 'coldmail'/);
  assert.equal(api.environment.MONGODB_URI_FILE, '/run/secrets/mongodb_uri');
  const script = readFileSync(join(deploy, 'init-secrets.sh'), 'utf8');
  assert.match(
    script,
    /mongodb:\/\/coldmail:%s@mongo:27017\/coldmail\?replicaSet=rs0&authSource=coldmail/,
  );
});

test('secrets are files, never values in the environment or the images', () => {
  const { api, renderer } = compose.services;
  for (const [service, names] of [
    [
      api,
      [
        'MONGODB_URI',
        'SMTP_URL',
        'GEMINI_KEYS_SECRET',
        'RENDERER_TOKEN',
        'FIREBASE_SERVICE_ACCOUNT',
      ],
    ],
    [renderer, ['RENDERER_TOKEN']],
  ]) {
    for (const name of names) {
      assert.equal(service.environment[name], undefined, name);
      assert.match(service.environment[`${name}_FILE`], /^\/run\/secrets\//, name);
      const secret = service.environment[`${name}_FILE`].slice('/run/secrets/'.length);
      assert.ok(service.secrets.includes(secret), `${name}: the secret is mounted`);
      assert.match(compose.secrets[secret].file, /^\.\/secrets\//);
    }
  }
  const ignored = readFileSync(join(deploy, '..', '.dockerignore'), 'utf8');
  assert.match(ignored, /^deploy\/secrets$/m);
});

test('the API scales behind the front, which finds its instances by name; every remote has a route', () => {
  const { api, front } = compose.services;
  assert.deepEqual([api.build.dockerfile, api.build.target], ['deploy/Dockerfile', 'api']);
  assert.equal(api.environment.NODE_ENV, 'production');
  assert.equal(api.environment.TRUST_PROXY, '1');
  assert.equal(api.container_name, undefined, 'a fixed name would stop --scale');
  assert.deepEqual([front.build.dockerfile, front.build.target], ['deploy/Dockerfile', 'front']);
  const caddyfile = readFileSync(join(deploy, 'caddy', 'Caddyfile'), 'utf8');
  assert.match(caddyfile, /dynamic a \{\$API_HOST:api\} \{\$API_PORT:3000\} \{\s*refresh 1s/);
  for (const name of remoteNames) {
    assert.match(caddyfile, new RegExp(`handle_path /remotes/${name}/\\*`), name);
    assert.ok(compose.services[name], `a service for ${name}`);
  }
});

/** The front's @api matcher: Caddy's path patterns (`/x/*` a prefix, else the exact path). */
function apiMatcher() {
  const caddyfile = readFileSync(join(deploy, 'caddy', 'Caddyfile'), 'utf8');
  const patterns = /^\s*@api path (.+)$/m.exec(caddyfile)?.[1].trim().split(/\s+/) ?? [];
  assert.ok(patterns.length > 0, 'the Caddyfile names the API paths');
  return (/** @type {string} */ path) =>
    patterns.some((pattern) =>
      pattern.endsWith('*') ? path.startsWith(pattern.slice(0, -1)) : path === pattern,
    );
}

/** Every path of the API's contract (libs/contracts/src), its parameters filled in. */
function contractPaths() {
  const dir = join(deploy, '..', 'libs', 'contracts', 'src');
  const paths = new Set();
  for (const file of readdirSync(dir, { recursive: true })) {
    if (!String(file).endsWith('.ts')) continue;
    const code = readFileSync(join(dir, String(file)), 'utf8');
    for (const [, path] of code.matchAll(/\bpath: '(\/[^']*)'/g)) {
      paths.add(path.replace(/:\w+/g, 'x1'));
    }
  }
  return [...paths];
}

test('the front sends every path of the API contract to the API, and no page of the site', () => {
  const isApi = apiMatcher();
  const paths = contractPaths();
  assert.ok(paths.length > 40, `the contract's paths are read (${paths.length})`);
  for (const path of paths) assert.ok(isApi(path), `${path} goes to the API`);
  for (const page of pageList) {
    const path = page.path.replace(/:\w+/g, 'x1');
    assert.ok(!isApi(path), `the page ${path} goes to the shell`);
  }
});

test('the shell and every remote of the registry are served, each from its own image', () => {
  const remotes = JSON.parse(readFileSync(join(deploy, 'remotes.example.json'), 'utf8'));
  assert.deepEqual(Object.keys(remotes).sort(), [...remoteNames].sort());
  for (const name of ['shell', ...remoteNames]) {
    const service = compose.services[name];
    assert.ok(service, `a service for ${name}`);
    assert.deepEqual(
      [service.build.dockerfile, service.build.target],
      ['deploy/Dockerfile', 'web'],
    );
    assert.ok(existsSync(join(deploy, '..', service.build.args.APP_DIR, 'package.json')));
    assert.deepEqual(service.configs.map((config) => config.target).sort(), [
      '/etc/coldmail/config.json',
      '/etc/coldmail/remotes.json',
    ]);
  }
});

test("the shell's pages go to its page renderer, whose image runs the shell's server", () => {
  const { shell, renderer } = compose.services;
  assert.deepEqual(
    [renderer.build.dockerfile, renderer.build.target],
    ['deploy/Dockerfile', 'renderer'],
  );
  assert.equal(shell.environment.RENDERER_URL, 'http://renderer:8081');
  assert.equal(renderer.environment.SITE_INTERNAL_URL, 'http://front:8080');
  const dockerfile = targetOf('renderer');
  assert.match(dockerfile, /HEALTHCHECK[\s\S]*\/healthz/);
  assert.match(dockerfile, /CMD \["node", "server\/main.mjs"\]/);
  // Every module the renderer's start imports is in the image.
  const copied = dockerfile
    .split('\n')
    .find((line) => line.includes('shell/server/main.mjs'))
    .split(/\s+/)
    .filter((part) => part.startsWith('/workspace/shell/server/'))
    .map((part) => part.slice('/workspace/shell/server/'.length));
  const serverDir = join(deploy, '..', 'shell', 'server');
  for (const file of copied) {
    const code = readFileSync(join(serverDir, file), 'utf8');
    for (const [, imported] of code.matchAll(/from '\.\/([\w-]+\.mjs)'/g)) {
      assert.ok(copied.includes(imported), `${file} imports ${imported}, which the image lacks`);
    }
  }
});

test('the files the images copy exist', () => {
  const lines = readFileSync(join(deploy, 'Dockerfile'), 'utf8').split('\n');
  for (const line of lines.filter((entry) => /^COPY (?!--from)/.test(entry))) {
    const sources = line
      .replace(/^COPY\s+/, '')
      .split(/\s+/)
      .slice(0, -1);
    for (const source of sources) {
      if (source === '.') continue;
      assert.ok(existsSync(join(deploy, '..', source)), source);
    }
  }
});

test("the web image's nginx has every module its script imports, and no Node", () => {
  const dockerfile = targetOf('web');
  assert.doesNotMatch(dockerfile, /node/i);
  const line = dockerfile.split('\n').find((entry) => entry.includes('/opt/coldmail/nginx/'));
  assert.ok(line, 'the web target copies site.js');
  const copied = line.split(/\s+/).slice(1, -1);
  for (const source of copied.filter((file) => /\.(m?js)$/.test(file))) {
    const code = readFileSync(join(deploy, '..', source), 'utf8');
    for (const [, imported] of code.matchAll(/from '([\w-]+\.mjs)'/g)) {
      assert.ok(
        copied.some((file) => file.endsWith(`/${imported}`)),
        `${source} imports ${imported}, which the image does not copy`,
      );
    }
  }
});
