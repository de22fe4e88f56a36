import assert from 'node:assert/strict';
import { createHash } from 'node:crypto';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, describe, test } from 'node:test';
import csp from '../csp.mjs';
import { serveAppWithNginx } from '../nginx.mjs';
import { servers } from '../test-support/servers.mjs';

const { contentSecurityPolicy } = csp;

const INLINE = "window.__early = fetch('/config.json');";
const PAGE = `<!doctype html><title>shell</title><script>${INLINE}</script><script type="module" src="/assets/app.js"></script>`;
const site = {
  apiUrl: 'https://api.coldmail.example/',
  remoteUrls: ['https://checkout.coldmail.example', 'https://admin.coldmail.example:443/'],
  firebase: { authDomain: 'coldmail-prod.firebaseapp.com' },
  imageOrigins: ['https://images.coldmail.example/'],
};
/** The same site as the shell's runtime documents give it. */
const settings = {
  config: {
    apiBaseUrl: site.apiUrl,
    firebase: site.firebase,
    imageOrigins: site.imageOrigins,
  },
  remotes: {
    checkout: 'https://checkout.coldmail.example/mf-manifest.json',
    admin: 'https://ADMIN.coldmail.example:443/v3/mf-manifest.json',
  },
};

/** @param {string} policy */
const directives = (policy) =>
  Object.fromEntries(
    policy.split('; ').map((directive) => {
      const [name, ...sources] = directive.split(' ');
      return [name, sources];
    }),
  );

for (const [name, serve] of servers) {
  describe(name, () => {
    let dir;
    let server;
    let plain;

    before(async () => {
      dir = await mkdtemp(join(tmpdir(), 'csp-test-'));
      await writeFile(join(dir, 'index.html'), PAGE);
      await writeFile(join(dir, 'app.js'), 'export {};');
      server = await serve({
        dir,
        port: 0,
        spa: true,
        hsts: true,
        site: settings,
      });
      plain = await serve({ dir, port: 0 });
    });

    after(async () => {
      await Promise.all([server.close(), plain.close()]);
      await rm(dir, { recursive: true, force: true });
    });

    test('pages carry a policy that allows the site, its remotes, the API, Firebase and PayPal, and nothing framing them', async () => {
      for (const path of ['/', '/index.html', '/user/dashboard']) {
        const response = await fetch(`${server.url}${path}`);
        assert.equal(response.status, 200, path);
        const policy = directives(response.headers.get('content-security-policy') ?? '');
        assert.deepEqual(policy['frame-ancestors'], ["'none'"]);
        assert.deepEqual(policy['object-src'], ["'none'"]);
        const hash = `'sha256-${createHash('sha256').update(INLINE).digest('base64')}'`;
        assert.ok(policy['script-src']?.includes(hash), 'the inline early-start script runs');
        assert.ok(
          !policy['script-src']?.includes("'unsafe-inline'"),
          'no other inline script runs',
        );
        assert.ok(policy['script-src']?.includes('https://checkout.coldmail.example'));
        assert.ok(policy['script-src']?.includes('https://admin.coldmail.example'));
        assert.ok(policy['script-src']?.includes('https://www.paypal.com'));
        assert.ok(policy['connect-src']?.includes('https://api.coldmail.example'));
        assert.ok(policy['connect-src']?.includes('https://identitytoolkit.googleapis.com'));
        assert.ok(policy['frame-src']?.includes('https://coldmail-prod.firebaseapp.com'));
        // Google sign-in's popup: its helper script, and its frame on the project's auth domain.
        assert.ok(policy['script-src']?.includes('https://apis.google.com'));
        // PayPal by exact host; images and media only from the site, its API, its remotes,
        // PayPal, YouTube's posters and the image origins the operator names.
        for (const sources of Object.values(policy)) {
          assert.ok(!sources.some((source) => source.includes('*')), `no wildcard: ${sources}`);
          assert.ok(!sources.includes('https:'), `no scheme alone: ${sources}`);
        }
        assert.ok(policy['img-src']?.includes('https://images.coldmail.example'));
        assert.ok(policy['img-src']?.includes('https://api.coldmail.example'));
        assert.deepEqual(policy['media-src'], ["'self'", 'https://api.coldmail.example']);
        assert.ok(policy['frame-src']?.includes('https://www.youtube-nocookie.com'));
        assert.equal(response.headers.get('x-frame-options'), 'DENY');
        assert.equal(
          response.headers.get('strict-transport-security'),
          'max-age=31536000; includeSubDomains',
        );
      }
      // Scripts and data are not pages: no policy of their own.
      const script = await fetch(`${server.url}/app.js`);
      assert.equal(script.headers.get('content-security-policy'), null);
    });

    test('without a policy a page still refuses to be framed, and plain http gets no HSTS', async () => {
      const response = await fetch(`${plain.url}/index.html`);
      assert.equal(response.headers.get('content-security-policy'), "frame-ancestors 'none'");
      assert.equal(response.headers.get('strict-transport-security'), null);
    });
  });
}

test('nginx follows a change of the site settings at once: a remote moved to another host', async () => {
  const dir = await mkdtemp(join(tmpdir(), 'csp-test-'));
  await writeFile(join(dir, 'index.html'), PAGE);
  const server = await serveAppWithNginx({ dir, port: 0, spa: true, site: settings });
  try {
    const policyNow = async () =>
      directives((await fetch(`${server.url}/`)).headers.get('content-security-policy') ?? '');
    assert.ok(!(await policyNow())['script-src']?.includes('https://cdn.coldmail.example'));
    const moved = {
      ...settings.remotes,
      checkout: 'https://cdn.coldmail.example/checkout/mf-manifest.json',
    };
    await writeFile(join(server.settingsDir, 'remotes.json'), JSON.stringify(moved));
    const after = await policyNow();
    assert.ok(after['script-src']?.includes('https://cdn.coldmail.example'));
    assert.ok(!after['script-src']?.includes('https://checkout.coldmail.example'));
    // The shell's own document follows too: browsers load the remote from its new place.
    assert.deepEqual(await (await fetch(`${server.url}/remotes.json`)).json(), moved);
  } finally {
    await server.close();
    await rm(dir, { recursive: true, force: true });
  }
});

test('an origin is written as browsers compare it; what is not an http(s) URL is left out', () => {
  const policy = directives(
    contentSecurityPolicy({
      apiUrl: 'HTTPS://API.coldmail.example:443/v1',
      remoteUrls: [
        'http://localhost:80/x',
        'http://localhost:8081/mf-manifest.json',
        'javascript:alert(1)',
        '',
      ],
    }),
  );
  assert.ok(policy['connect-src']?.includes('https://api.coldmail.example'));
  assert.ok(policy['script-src']?.includes('http://localhost'));
  assert.ok(policy['script-src']?.includes('http://localhost:8081'));
  assert.ok(!policy['script-src']?.some((source) => source.startsWith('javascript')));
});

test('the local doubles are allowed only when they are what the site uses', () => {
  const local = directives(
    contentSecurityPolicy({
      ...site,
      firebase: { emulatorUrl: 'http://127.0.0.1:9099' },
      paypalSdkBaseUrl: 'http://127.0.0.1:4210/sdk/js',
    }),
  );
  assert.ok(local['connect-src']?.includes('http://127.0.0.1:9099'));
  assert.ok(local['script-src']?.includes('http://127.0.0.1:4210'));
  assert.ok(
    !directives(contentSecurityPolicy(site))['script-src']?.includes('http://127.0.0.1:4210'),
  );
});

test("the pages may send their error reports to the tracker's host, and only when one is set", () => {
  const tracked = directives(
    contentSecurityPolicy({
      ...site,
      sentryDsn: 'https://0123abcd@o450.ingest.sentry.io/4500000000000001',
    }),
  );
  assert.ok(tracked['connect-src']?.includes('https://o450.ingest.sentry.io'));
  // The DSN's public key is not part of the origin.
  assert.ok(!tracked['connect-src']?.some((source) => source.includes('0123abcd')));
  assert.ok(!tracked['script-src']?.includes('https://o450.ingest.sentry.io'));
  const untracked = directives(contentSecurityPolicy(site));
  assert.ok(!untracked['connect-src']?.some((source) => source.includes('sentry')));
});
