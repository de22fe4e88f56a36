import assert from 'node:assert/strict';
import { createHash } from 'node:crypto';
import { existsSync } from 'node:fs';
import { mkdir, mkdtemp, readFile, readdir, rm, stat, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, describe, test } from 'node:test';
import { incompatibilities, shellVersionsFrom } from '../compatibility.mjs';
import { historyOf, promoteCanary, publishRelease, releaseIdOf, rollBack } from '../index.mjs';

let work;
before(async () => {
  work = await mkdtemp(join(tmpdir(), 'release-test-'));
});
after(() => rm(work, { recursive: true, force: true }));

/** A remote's build as Vite writes it, its App chunk named after `version`. */
async function buildOf(name, version, { serverEntry = true } = {}) {
  const build = join(work, name);
  await mkdir(join(build, 'assets'), { recursive: true });
  const chunk = `assets/App-${version}.js`;
  await writeFile(join(build, chunk), `export const version = ${JSON.stringify(version)};`);
  await writeFile(join(build, 'remoteEntry.js'), `import('./${chunk}');`);
  await writeFile(join(build, 'index.html'), '<!doctype html>');
  await writeFile(join(build, 'routes.json'), JSON.stringify({ version }));
  if (serverEntry) {
    await mkdir(join(build, 'server'), { recursive: true });
    await writeFile(join(build, 'server', 'entry.mjs'), `export const version = '${version}';`);
  }
  await writeFile(
    join(build, 'mf-manifest.json'),
    JSON.stringify({
      name: 'marketing',
      metaData: {
        publicPath: 'auto',
        remoteEntry: { name: 'remoteEntry.js', path: '', type: 'module' },
        ssrRemoteEntry: { name: 'remoteEntry.ssr.js', path: '', type: 'module' },
      },
      shared: [
        { name: 'react', assets: { js: { sync: [], async: ['assets/react-a1b2c3d4.js'] } } },
      ],
      exposes: [
        {
          name: 'App',
          path: './App',
          assets: {
            js: { sync: [chunk], async: [] },
            css: { sync: ['assets/App.css'], async: [] },
          },
        },
      ],
    }),
  );
  return build;
}

const json = async (path) => JSON.parse(await readFile(path, 'utf8'));

describe('releases of a remote in its hosting folder', () => {
  test('each build is published under its own folder, and the site’s manifest points into it', async () => {
    const site = join(work, 'site-a');
    const first = await publishRelease({ build: await buildOf('a1', 'one'), site });
    assert.equal(first.previous, null);
    assert.equal(first.id, await releaseIdOf(join(work, 'a1')));
    const manifest = await json(join(site, 'mf-manifest.json'));
    const prefix = `releases/${first.id}/`;
    assert.equal(manifest.metaData.publicPath, 'auto');
    assert.equal(manifest.metaData.remoteEntry.path, prefix);
    assert.equal(manifest.metaData.ssrRemoteEntry.path, prefix);
    assert.deepEqual(manifest.exposes[0].assets.js.sync, [`${prefix}assets/App-one.js`]);
    assert.deepEqual(manifest.exposes[0].assets.css.sync, [`${prefix}assets/App.css`]);
    assert.deepEqual(manifest.shared[0].assets.js.async, [`${prefix}assets/react-a1b2c3d4.js`]);
    // Every path the manifest names is a file of the release (bar the CSS this fake lacks).
    assert.ok(existsSync(join(site, manifest.metaData.remoteEntry.path, 'remoteEntry.js')));
    assert.ok(existsSync(join(site, manifest.exposes[0].assets.js.sync[0])));
    // The renderer's pin: the server entry's path and SHA-384.
    const entry = await readFile(join(site, prefix, 'server', 'entry.mjs'));
    assert.equal(manifest.release.serverEntry, `${prefix}server/entry.mjs`);
    assert.equal(
      manifest.release.serverEntryIntegrity,
      `sha384-${createHash('sha384').update(entry).digest('base64')}`,
    );
    assert.deepEqual(await json(join(site, 'routes.json')), { version: 'one' });
    // A standalone page of the remote is not part of a release.
    assert.equal(existsSync(join(site, prefix, 'index.html')), false);
  });

  test('a second release keeps the first one’s files, and a rollback makes it live again', async () => {
    const site = join(work, 'site-b');
    const one = await publishRelease({ build: await buildOf('b1', 'one'), site });
    const two = await publishRelease({ build: await buildOf('b2', 'two'), site });
    assert.notEqual(one.id, two.id);
    assert.equal(two.previous, one.id);
    assert.equal((await json(join(site, 'mf-manifest.json'))).release.id, two.id);
    assert.deepEqual(await json(join(site, 'routes.json')), { version: 'two' });
    // An open page of release one still finds its lazy chunk.
    assert.ok(existsSync(join(site, 'releases', one.id, 'assets', 'App-one.js')));
    assert.deepEqual(
      (await historyOf(site)).releases.map((release) => release.id),
      [two.id, one.id],
    );

    const back = await rollBack({ site });
    assert.deepEqual(back, { id: one.id, from: two.id });
    assert.equal((await json(join(site, 'mf-manifest.json'))).release.id, one.id);
    assert.deepEqual(await json(join(site, 'routes.json')), { version: 'one' });
    assert.equal((await historyOf(site)).current, one.id);
    await assert.rejects(rollBack({ site }), /no release before the live one/);
  });

  test('each switch gives the manifest a newer modification time, however quick', async () => {
    // Web servers derive a file's ETag from its size and modification time in seconds.
    const site = join(work, 'site-mtime');
    const one = await buildOf('m1', 'one');
    const two = await buildOf('m2', 'two');
    const times = [];
    for (const build of [one, two, one, two]) {
      await publishRelease({ build, site });
      times.push(Math.floor((await stat(join(site, 'mf-manifest.json'))).mtimeMs / 1000));
    }
    await rollBack({ site });
    times.push(Math.floor((await stat(join(site, 'mf-manifest.json'))).mtimeMs / 1000));
    for (let index = 1; index < times.length; index += 1) {
      assert.ok(times[index] > times[index - 1], `switch ${index}: ${times.join(', ')}`);
    }
  });

  test('publishing the same build again changes nothing but the history’s order', async () => {
    const site = join(work, 'site-c');
    const build = await buildOf('c1', 'same');
    const first = await publishRelease({ build, site });
    const again = await publishRelease({ build, site });
    assert.equal(again.id, first.id);
    assert.deepEqual(await readdir(join(site, 'releases')), [first.id]);
  });

  test('releases older than the last `keep` are removed, never the live one', async () => {
    const site = join(work, 'site-d');
    const ids = [];
    for (const version of ['v1', 'v2', 'v3', 'v4']) {
      ids.push(
        (await publishRelease({ build: await buildOf(`d-${version}`, version), site, keep: 2 })).id,
      );
    }
    assert.deepEqual((await readdir(join(site, 'releases'))).sort(), ids.slice(2).sort());
    assert.deepEqual(
      (await historyOf(site)).releases.map((release) => release.id),
      [ids[3], ids[2]],
    );
  });

  test('a folder without a manifest is refused, and nothing is published', async () => {
    const site = join(work, 'site-e');
    const empty = join(work, 'not-a-build');
    await mkdir(empty, { recursive: true });
    await assert.rejects(publishRelease({ build: empty, site }), /not a remote's build/);
    assert.equal(existsSync(site), false);
  });

  test('a build without a server entry is published without a pin', async () => {
    const site = join(work, 'site-f');
    await publishRelease({ build: await buildOf('f1', 'plain', { serverEntry: false }), site });
    const { release } = await json(join(site, 'mf-manifest.json'));
    assert.equal(release.serverEntry, undefined);
  });
});

describe('a canary release', () => {
  test('is named beside the live release, for a share of visitors, until it is promoted', async () => {
    const site = join(work, 'site-canary');
    const live = await publishRelease({ build: await buildOf('g1', 'live'), site });
    const canary = await publishRelease({ build: await buildOf('g2', 'canary'), site, canary: 20 });
    assert.equal(canary.previous, live.id);
    const manifest = await json(join(site, 'mf-manifest.json'));
    // Every visitor outside the share still runs the live release.
    assert.equal(manifest.release.id, live.id);
    assert.deepEqual(manifest.release.canary, { id: canary.id, percent: 20 });
    assert.deepEqual(await json(join(site, 'routes.json')), { version: 'live' });
    // The canary's own manifest is the build's, its paths relative to its folder.
    const own = await json(join(site, 'releases', canary.id, 'mf-manifest.json'));
    assert.deepEqual(own.exposes[0].assets.js.sync, ['assets/App-canary.js']);
    assert.equal((await historyOf(site)).canary?.percent, 20);

    const promoted = await promoteCanary({ site });
    assert.deepEqual(promoted, { id: canary.id, previous: live.id });
    const after = await json(join(site, 'mf-manifest.json'));
    assert.equal(after.release.id, canary.id);
    assert.equal(after.release.canary, undefined);
    assert.equal((await historyOf(site)).canary, undefined);
    await assert.rejects(promoteCanary({ site }), /runs no canary/);
  });

  test('a rollback stops the canary and leaves the live release as it was', async () => {
    const site = join(work, 'site-canary-back');
    const live = await publishRelease({ build: await buildOf('h1', 'live'), site });
    const canary = await publishRelease({ build: await buildOf('h2', 'canary'), site, canary: 50 });
    assert.deepEqual(await rollBack({ site }), { id: live.id, from: canary.id });
    const manifest = await json(join(site, 'mf-manifest.json'));
    assert.equal(manifest.release.id, live.id);
    assert.equal(manifest.release.canary, undefined);
    assert.deepEqual(
      (await historyOf(site)).releases.map((release) => release.id),
      [live.id],
    );
  });

  test('a stopped canary’s folder stays while a release published before it is kept', async () => {
    const site = join(work, 'site-canary-stale');
    await publishRelease({ build: await buildOf('j1', 'one'), site, now: new Date(1000) });
    const canary = await publishRelease({ build: await buildOf('j2', 'canary'), site, canary: 5 });
    await rollBack({ site });
    const canaryFolder = join(site, 'releases', canary.id);
    const copiedAt = (await stat(canaryFolder)).mtimeMs;
    const publish = (name, at) =>
      buildOf(name, name).then((build) => publishRelease({ build, site, keep: 2, now: at }));
    // A kept release is older than the canary: a page may have run the canary since.
    await publish('j3', new Date(2000));
    await publish('j4', new Date(copiedAt + 1000));
    assert.ok(existsSync(canaryFolder));
    // Every kept release was published after it: it goes.
    await publish('j5', new Date(copiedAt + 2000));
    assert.equal(existsSync(canaryFolder), false);
    assert.equal((await readdir(join(site, 'releases'))).length, 2);
  });

  test('needs a live release, another build and a share of 1 to 99 %', async () => {
    const site = join(work, 'site-canary-refused');
    const build = await buildOf('i1', 'first');
    await assert.rejects(publishRelease({ build, site, canary: 10 }), /no live release/);
    await publishRelease({ build, site });
    await assert.rejects(publishRelease({ build, site, canary: 10 }), /the live one already/);
    for (const share of [0, 100, 12.5]) {
      await assert.rejects(
        publishRelease({ build: await buildOf('i2', 'second'), site, canary: share }),
        /1 to 99 %/,
      );
    }
  });
});

describe('a release checked against the live shell', () => {
  const manifest = {
    shared: [
      { name: 'react', requiredVersion: '^19.2.0' },
      { name: 'zustand', requiredVersion: '^5.0.0' },
      { name: 'left-pad', requiredVersion: '^9.0.0' },
    ],
  };

  test('runs where the shell provides every shared module in range', () => {
    assert.deepEqual(incompatibilities(manifest, { react: '19.3.1', zustand: '5.0.8' }), []);
  });

  test('names each module the shell provides out of range, with both versions', () => {
    assert.deepEqual(incompatibilities(manifest, { react: '18.3.1', zustand: '5.0.8' }), [
      { module: 'react', required: '^19.2.0', provided: '18.3.1' },
    ]);
  });

  test('reads the shell’s versions from its site or a file', async () => {
    const file = join(work, 'shared-versions.json');
    await writeFile(file, JSON.stringify({ react: '19.3.1' }));
    assert.deepEqual(
      await shellVersionsFrom(file, { readFile: (path) => readFile(path, 'utf8') }),
      { react: '19.3.1' },
    );
    const { createServer } = await import('node:http');
    const server = createServer((req, res) => {
      if (req.url === '/shared-versions.json') res.end('{"react":"19.3.1"}');
      else res.writeHead(404).end();
    });
    await new Promise((done) => server.listen(0, '127.0.0.1', done));
    try {
      const url = `http://127.0.0.1:${server.address().port}`;
      assert.deepEqual(await shellVersionsFrom(url, { readFile }), { react: '19.3.1' });
    } finally {
      server.close();
    }
  });
});
