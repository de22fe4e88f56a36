// The compose file is valid Compose (the specification's own schema), and it wires what the
// deploy kit promises: a replica set, a mail catcher, two API instances behind a load balancer,
// the shell and every remote of the registry, each image built from this repository's files.
import assert from 'node:assert/strict';
import { existsSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join, resolve } from 'node:path';
import { test } from 'node:test';
import { fileURLToPath } from 'node:url';
import { remoteNames } from '@coldmail/registry/apps';
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

test('MongoDB runs as a replica set (change streams), two API instances sit behind the balancer', () => {
  const { services } = compose;
  assert.ok(services.mongo.command.includes('--replSet'));
  for (const name of ['api-1', 'api-2']) {
    assert.deepEqual(
      [services[name].build.dockerfile, services[name].build.target],
      ['deploy/Dockerfile', 'api'],
    );
    assert.match(services[name].environment.MONGODB_URI, /replicaSet=rs0/);
    assert.equal(services[name].environment.NODE_ENV, 'production');
    assert.equal(services[name].environment.SMTP_URL, 'smtp://mail:1025');
  }
  const proxy = readFileSync(join(deploy, 'nginx', 'api-proxy.conf'), 'utf8');
  assert.match(proxy, /server api-1:3000/);
  assert.match(proxy, /server api-2:3000/);
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
    assert.equal(service.build.args.APP, name);
    assert.ok(existsSync(join(deploy, '..', service.build.args.APP_DIR, 'package.json')));
    assert.equal(service.environment.APP, name);
  }
});

test("the shell's pages go to its page renderer, whose image runs the shell's server", () => {
  const { shell, renderer } = compose.services;
  assert.deepEqual(
    [renderer.build.dockerfile, renderer.build.target],
    ['deploy/Dockerfile', 'renderer'],
  );
  assert.equal(shell.environment.RENDERER_URL, 'http://renderer:8081');
  assert.match(renderer.environment.API_INTERNAL_URL, /^http:\/\/api:/);
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
  for (const dockerfile of ['Dockerfile']) {
    const lines = readFileSync(join(deploy, dockerfile), 'utf8').split('\n');
    for (const line of lines.filter((entry) => /^COPY (?!--from)/.test(entry))) {
      const sources = line
        .replace(/^COPY\s+/, '')
        .split(/\s+/)
        .slice(0, -1);
      for (const source of sources) {
        if (source === '.') continue;
        assert.ok(existsSync(join(deploy, '..', source)), `${dockerfile}: ${source}`);
      }
    }
  }
});

test("the web image's start script has every module it imports", () => {
  const dockerfile = targetOf('web');
  const line = dockerfile.split('\n').find((entry) => entry.includes('/opt/coldmail/tools/serve/'));
  assert.ok(line, 'the web target copies the start script');
  const copied = line.split(/\s+/).slice(1, -1);
  for (const source of copied) {
    const code = readFileSync(join(deploy, '..', source), 'utf8');
    for (const [, imported] of code.matchAll(/from '(\.\/[\w-]+\.mjs)'/g)) {
      assert.ok(
        copied.includes(join(dirname(source), imported)),
        `${source} imports ${imported}, which the image does not copy`,
      );
    }
  }
});
