import assert from 'node:assert/strict';
import { mkdir, mkdtemp, readdir, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, describe, test } from 'node:test';
import { startSentryDouble } from '@coldmail/sentry-double';
import { publishRelease, releaseIdOf } from '../index.mjs';
import { shellReleaseOf, trackerSettingsFrom, uploadSourceMaps } from '../source-maps.mjs';

const TOKEN = 'sntrys_release-test-token';
let work;
let tracker;
before(async () => {
  work = await mkdtemp(join(tmpdir(), 'source-maps-test-'));
  tracker = await startSentryDouble({ token: TOKEN });
});
after(async () => {
  await tracker.stop();
  await rm(work, { recursive: true, force: true });
});

const settings = () => ({ url: tracker.url, authToken: TOKEN, org: 'coldmail', project: 'web' });

/** A remote's build with hidden source maps (no sourceMappingURL comment), compressed copies too. */
async function remoteBuild(name) {
  const build = join(work, name);
  await mkdir(join(build, 'assets'), { recursive: true });
  const files = {
    'remoteEntry.js': 'import("./assets/App-Ab12Cd34.js");',
    'remoteEntry.js.map': '{"version":3,"sources":["remoteEntry"],"mappings":""}',
    'assets/App-Ab12Cd34.js': 'export const App = () => null;',
    'assets/App-Ab12Cd34.js.map': '{"version":3,"sources":["App.tsx"],"mappings":"AAAA"}',
    'assets/App-Ab12Cd34.js.map.br': 'compressed',
    'assets/App-Ab12Cd34.css': '.app{}',
    'mf-manifest.json': JSON.stringify({ name, metaData: {}, shared: [], exposes: [] }),
  };
  for (const [path, text] of Object.entries(files)) await writeFile(join(build, path), text);
  return build;
}

describe('source maps for the error tracker', () => {
  test('each script with a map is uploaded under the URL its frames are reported by, with the map', async () => {
    const build = await remoteBuild('checkout');
    const id = await releaseIdOf(build);
    const { files } = await uploadSourceMaps({
      build,
      release: `checkout@${id}`,
      urlPrefix: `~/releases/${id}/`,
      settings: settings(),
    });
    assert.equal(files, 4);
    assert.deepEqual(tracker.releases(), [
      { org: 'coldmail', version: `checkout@${id}`, projects: ['web'] },
    ]);
    const uploaded = Object.fromEntries(tracker.files().map((file) => [file.name, file]));
    assert.deepEqual(Object.keys(uploaded).sort(), [
      `~/releases/${id}/assets/App-Ab12Cd34.js`,
      `~/releases/${id}/assets/App-Ab12Cd34.js.map`,
      `~/releases/${id}/remoteEntry.js`,
      `~/releases/${id}/remoteEntry.js.map`,
    ]);
    const script = uploaded[`~/releases/${id}/assets/App-Ab12Cd34.js`];
    assert.deepEqual(script.headers, { Sourcemap: 'App-Ab12Cd34.js.map' });
    assert.equal(script.project, 'web');
    assert.equal(script.version, `checkout@${id}`);
    assert.match(uploaded[`~/releases/${id}/assets/App-Ab12Cd34.js.map`].text, /App\.tsx/);

    // Released again (the same build): the tracker has it all; nothing fails, nothing doubles.
    await uploadSourceMaps({
      build,
      release: `checkout@${id}`,
      urlPrefix: `~/releases/${id}/`,
      settings: settings(),
    });
    assert.equal(tracker.files().length, 4);
    assert.equal(tracker.releases().length, 1);
  });

  test('the release never publishes a map where it would be served', async () => {
    const build = await remoteBuild('account');
    const site = join(work, 'account-site');
    const { id } = await publishRelease({ build, site });
    const published = await readdir(join(site, 'releases', id), { recursive: true });
    assert.ok(published.includes(join('assets', 'App-Ab12Cd34.js')));
    assert.deepEqual(
      published.filter((file) => file.includes('.map')),
      [],
    );
  });

  test('a tracker that refuses the token stops the upload, naming its answer', async () => {
    const build = await remoteBuild('admin');
    await assert.rejects(
      uploadSourceMaps({
        build,
        release: 'admin@x',
        urlPrefix: '~/',
        settings: { ...settings(), authToken: 'wrong' },
      }),
      /answered 401/,
    );
  });

  test('settings come from SENTRY_AUTH_TOKEN, SENTRY_ORG and SENTRY_PROJECT, all or none', () => {
    assert.equal(trackerSettingsFrom({}), null);
    assert.deepEqual(
      trackerSettingsFrom({
        SENTRY_AUTH_TOKEN: TOKEN,
        SENTRY_ORG: 'coldmail',
        SENTRY_PROJECT: 'web',
        SENTRY_URL: 'https://sentry.example.com/',
      }),
      { url: 'https://sentry.example.com', authToken: TOKEN, org: 'coldmail', project: 'web' },
    );
    assert.equal(
      trackerSettingsFrom({ SENTRY_AUTH_TOKEN: TOKEN, SENTRY_ORG: 'coldmail', SENTRY_PROJECT: 'w' })
        ?.url,
      'https://sentry.io',
    );
    assert.throws(
      () => trackerSettingsFrom({ SENTRY_AUTH_TOKEN: TOKEN }),
      /SENTRY_ORG, SENTRY_PROJECT must be set too/,
    );
  });

  test("the shell's release is named by its bootstrap chunk, as its pages name it", async () => {
    const build = join(work, 'shell');
    await mkdir(join(build, '.vite'), { recursive: true });
    await writeFile(
      join(build, '.vite', 'manifest.json'),
      JSON.stringify({ 'src/bootstrap.tsx': { file: 'assets/bootstrap-jaPdfcQE.js' } }),
    );
    assert.equal(await shellReleaseOf(build), 'shell@jaPdfcQE');
  });
});
