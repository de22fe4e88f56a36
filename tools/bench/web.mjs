#!/usr/bin/env node
// `npm run bench:web`: first-load cost of the federated shell against a plain single-bundle
// build of the same pages, measured in one run on this machine. Prints figures; asserts nothing.
// It measures what `npm start` serves: the whole stack (API, embedded database, Auth emulator,
// doubles) with the same runtime configuration, so the landing page loads its real content and
// sign-in is configured; the single-bundle build gets the same /config.json.
import { join } from 'node:path';
import { startStack, workspaceRoot } from '@coldmail/dev/stack';
import { serveApp } from '@coldmail/serve';
import { freePort } from '@coldmail/serve/ports';
import { chromium } from 'playwright-core';
import { buildBaseline } from './baseline/build.mjs';

const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
const CHROMIUM_ARGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];
const RUNS = Number(process.env.BENCH_RUNS ?? 7);
/** Lighthouse runs per build; one run moves by several points here, so the median is reported. */
const LIGHTHOUSE_RUNS = Math.max(1, Number(process.env.BENCH_LIGHTHOUSE_RUNS ?? 3));

const pages = [
  { path: '/', selector: '[data-remote="marketing"]', signedIn: false },
  { path: '/admin/dashboard', selector: '[data-remote="admin"]', signedIn: true },
];

const adminProfile = {
  _id: 'bench-admin',
  userName: 'Bench Admin',
  userEmail: 'admin@bench.test',
  userRole: 'Admin',
  currentBalance: 10,
};

/**
 * Runs in the page before any script: records when the page's content first appears and, for
 * signed-in pages, keeps the session store signed in as an admin from the moment it exists.
 */
function pageProbe({ selector, profile }) {
  const observer = new MutationObserver(() => {
    if (!window.__contentVisibleAt && document.querySelector(selector)) {
      window.__contentVisibleAt = performance.now();
      observer.disconnect();
    }
  });
  observer.observe(document, { childList: true, subtree: true });
  if (!profile) return;
  let stores;
  Object.defineProperty(globalThis, '__coldmailSessionStores', {
    configurable: true,
    get: () => stores,
    set(value) {
      stores = value;
      const push = value.push.bind(value);
      value.push = (store) => {
        const signIn = () =>
          store.setState({
            status: 'signed-in',
            user: {
              uid: profile._id,
              email: profile.userEmail,
              displayName: profile.userName,
              photoURL: null,
            },
            profile,
          });
        signIn();
        store.subscribe((state) => state.status !== 'signed-in' && signIn());
        return push(store);
      };
    },
  });
}

async function coldLoad(browser, url, page, { gzipOnly = false } = {}) {
  const context = await browser.newContext({
    viewport: { width: 1280, height: 800 },
    // The target is stated in gzip bytes; Chromium would otherwise be served brotli.
    ...(gzipOnly ? { extraHTTPHeaders: { 'Accept-Encoding': 'gzip' } } : {}),
  });
  const tab = await context.newPage();
  await tab.addInitScript(pageProbe, {
    selector: page.selector,
    profile: page.signedIn ? adminProfile : null,
  });
  const responses = [];
  tab.on('requestfinished', (request) => responses.push(request));
  await tab.goto(url + page.path, { waitUntil: 'load' });
  await tab.waitForFunction(() => window.__contentVisibleAt !== undefined, null, {
    timeout: 60_000,
  });
  await tab.waitForLoadState('networkidle');
  const visibleMs = await tab.evaluate(() => window.__contentVisibleAt);
  let jsBytes = 0;
  /** @type {Map<string, number>} JS bytes by the origin that served them */
  const jsByOrigin = new Map();
  const encodings = new Set();
  for (const request of responses) {
    if (request.resourceType() !== 'script') continue;
    const response = await request.response();
    encodings.add(response?.headers()['content-encoding'] ?? 'identity');
    const bytes = (await request.sizes()).responseBodySize;
    jsBytes += bytes;
    const { origin } = new URL(request.url());
    jsByOrigin.set(origin, (jsByOrigin.get(origin) ?? 0) + bytes);
  }
  await context.close();
  return {
    visibleMs,
    requests: responses.length,
    jsBytes,
    jsByOrigin,
    encodings: [...encodings].join('+'),
  };
}

const median = (values) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)];
};

async function measure(browser, url, page) {
  const gzip = await coldLoad(browser, url, page, { gzipOnly: true });
  const runs = [];
  for (let i = 0; i < RUNS; i += 1) runs.push(await coldLoad(browser, url, page));
  return {
    gzipKB: gzip.jsBytes / 1024,
    brKB: runs[0].jsBytes / 1024,
    requests: runs[0].requests,
    visibleMs: median(runs.map((run) => run.visibleMs)),
  };
}

/**
 * The median of LIGHTHOUSE_RUNS Lighthouse performance runs (each in a fresh Chromium): its
 * score and metrics, and every run's score.
 */
async function lighthouseScore(url) {
  try {
    const [{ default: lighthouse }, chromeLauncher] = await Promise.all([
      import('lighthouse'),
      import('chrome-launcher'),
    ]);
    const runs = [];
    for (let i = 0; i < LIGHTHOUSE_RUNS; i += 1) {
      const chrome = await chromeLauncher.launch({
        chromePath: CHROMIUM,
        chromeFlags: CHROMIUM_ARGS,
      });
      try {
        const result = await lighthouse(url, {
          port: chrome.port,
          onlyCategories: ['performance'],
          logLevel: 'error',
          output: 'json',
        });
        const lhr = result.lhr;
        const metric = (id) => lhr.audits[id]?.displayValue ?? 'n/a';
        runs.push({
          score: Math.round((lhr.categories.performance.score ?? 0) * 100),
          cls: lhr.audits['cumulative-layout-shift']?.numericValue ?? null,
          detail: `FCP ${metric('first-contentful-paint')}, LCP ${metric('largest-contentful-paint')}, TBT ${metric('total-blocking-time')}, CLS ${metric('cumulative-layout-shift')}`,
        });
      } finally {
        await chrome.kill();
      }
    }
    const sorted = [...runs].sort((a, b) => a.score - b.score);
    const middle = sorted[Math.floor(sorted.length / 2)];
    return { ...middle, scores: runs.map((run) => run.score) };
  } catch (error) {
    return {
      score: null,
      cls: null,
      scores: [],
      detail: `lighthouse did not run: ${error.message.split('\n')[0]}`,
    };
  }
}

console.log('Building the API, the federated apps (cached) and the single-bundle baseline...');
const baselinePort = await freePort();
const stack = await startStack({
  freePorts: true,
  build: true,
  apiStdout: 'ignore',
  extraWebOrigins: [`http://127.0.0.1:${baselinePort}`],
});
const baselineDir = join(workspaceRoot, 'tools', 'bench', '.baseline');
await buildBaseline(baselineDir);
// The same runtime configuration as the federated shell's: the same API, the same sign-in.
const shellConfig = await (await fetch(`${stack.urls.shell}/config.json`)).json();
const baseline = await serveApp({
  dir: baselineDir,
  port: baselinePort,
  spa: true,
  // No remotes: the start-up script finds none to warm.
  json: { '/config.json': shellConfig, '/remotes.json': {} },
});
const browser = await chromium.launch({ executablePath: CHROMIUM, args: CHROMIUM_ARGS });

try {
  const rows = [];
  for (const page of pages) {
    const federated = await measure(browser, stack.urls.shell, page);
    const plain = await measure(browser, baseline.url, page);
    rows.push({ page: page.path, federated, plain });
  }
  const fmt = (n, digits = 1) => n.toFixed(digits);
  console.log(
    `\nFirst load, cold cache, median of ${RUNS} loads for the time (Chromium ${browser.version()}):\n`,
  );
  console.log('page              build          JS gzip   JS brotli   requests   content visible');
  const cells = (m) => [
    `${fmt(m.gzipKB)} KB`.padStart(10),
    `${fmt(m.brKB)} KB`.padStart(11),
    String(m.requests).padStart(10),
    `${fmt(m.visibleMs, 0)} ms`.padStart(17),
  ];
  const ratio = (federated, plain, key) => `${fmt(federated[key] / plain[key], 2)}x`;
  for (const { page, federated, plain } of rows) {
    console.log(`${page.padEnd(17)} ${'federated'.padEnd(13)}${cells(federated).join(' ')}`);
    console.log(`${''.padEnd(17)} ${'single-bundle'.padEnd(13)}${cells(plain).join(' ')}`);
    const ratios = [
      ratio(federated, plain, 'gzipKB').padStart(10),
      ratio(federated, plain, 'brKB').padStart(11),
      ratio(federated, plain, 'requests').padStart(10),
      ratio(federated, plain, 'visibleMs').padStart(17),
    ];
    console.log(`${''.padEnd(17)} ${'ratio'.padEnd(13)}${ratios.join(' ')}`);
  }

  // Each remote's own JavaScript (served from its origin) on the first route it renders, once
  // the network is quiet (what the route shows does not matter here).
  // A package that exists, so the checkout shows its billing form as a buyer sees it.
  const packages = await (await fetch(`${stack.urls.api}/packages`)).json();
  const packageId = packages[0]?._id ?? '0123456789abcdef01234567';
  const firstRoutes = [
    { remote: 'marketing', path: '/', selector: 'body', signedIn: false },
    { remote: 'checkout', path: `/buy/${packageId}`, selector: 'body', signedIn: true },
    { remote: 'account', path: '/user/dashboard', selector: 'body', signedIn: true },
    { remote: 'generator', path: '/user/generate-email', selector: 'body', signedIn: true },
    { remote: 'admin', path: '/admin/dashboard', selector: 'body', signedIn: true },
  ];
  console.log(`\nEach remote's own JS (gzip) on its first route, target <= 60 KB:`);
  for (const route of firstRoutes) {
    const load = await coldLoad(browser, stack.urls.shell, route, { gzipOnly: true });
    const remoteUrl = stack.urls[/** @type {keyof typeof stack.urls} */ (route.remote)];
    const own = remoteUrl ? (load.jsByOrigin.get(new URL(remoteUrl).origin) ?? 0) / 1024 : 0;
    console.log(
      `  ${route.remote.padEnd(10)} ${route.path.padEnd(36)} ${`${fmt(own)} KB`.padStart(9)}  ${own <= 60 ? 'met' : 'MISSED'}`,
    );
  }

  const lhFederated = await lighthouseScore(`${stack.urls.shell}/`);
  const lhPlain = await lighthouseScore(`${baseline.url}/`);
  console.log(
    `\nLighthouse performance of / (mobile, simulated throttling; median of ${LIGHTHOUSE_RUNS} runs, its metrics, then every run's score):`,
  );
  for (const [label, result] of [
    ['federated', lhFederated],
    ['single-bundle', lhPlain],
  ]) {
    console.log(
      `  ${label.padEnd(14)} ${result.score ?? 'n/a'}   (${result.detail}; runs ${result.scores.join(', ')})`,
    );
  }
  const landing = rows[0];
  const verdict = (met) => (met ? 'met' : 'MISSED');
  const visibleRatio = landing.federated.visibleMs / landing.plain.visibleMs;
  console.log(`\nTargets for / (issues 11 and 13):`);
  console.log(
    `  gzipped JS <= 150 KB: ${verdict(landing.federated.gzipKB <= 150)} (${fmt(landing.federated.gzipKB)} KB)`,
  );
  console.log(
    `  content visible <= 1.3x the single bundle: ${verdict(visibleRatio <= 1.3)} (${fmt(visibleRatio, 2)}x)`,
  );
  console.log(
    `  Lighthouse >= 95: ${lhFederated.score === null ? 'n/a' : verdict(lhFederated.score >= 95)} (${lhFederated.score ?? 'n/a'})`,
  );
  console.log(
    `  CLS <= 0.05: ${lhFederated.cls === null ? 'n/a' : verdict(lhFederated.cls <= 0.05)} (${lhFederated.cls === null ? 'n/a' : fmt(lhFederated.cls, 3)})`,
  );
} finally {
  await browser.close();
  await stack.close();
  await baseline.close();
}
