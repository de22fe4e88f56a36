import { existsSync, readFileSync } from 'node:fs';
import { pathToFileURL } from 'node:url';
import { dirname, join } from 'node:path';
import { federation } from '@module-federation/vite';
import react from '@vitejs/plugin-react';
import { portOf, remoteNames } from '@coldmail/registry/apps';
import { remotePathPatterns } from '@coldmail/registry/pages';
import { earlyStartScript } from './early-start-html.mjs';

/** @typedef {import('vite').UserConfig} UserConfig */
/** @typedef {import('@coldmail/registry/apps').RemoteName} RemoteName */

/**
 * Every module that holds state must be a singleton, or host and remote each get their own copy:
 * React (hooks break with two), the router (one history; shared through @coldmail/router, which
 * re-exports only what the apps use, so the shared chunk is tree-shaken), zustand and
 * @coldmail/session (one signed-in store), TanStack Query (one server-state cache; its context
 * must be the one the shell provides; shared through @coldmail/query, tree-shaken the same way).
 * Toasts share no library: `toast` from @coldmail/ui queues requests in the page for the shell's
 * ToastHost.
 */
const singletonNames = /** @type {const} */ ([
  'react',
  'react-dom',
  '@coldmail/router',
  'zustand',
  '@coldmail/session',
  // One query cache for the whole site (its QueryClient lives in @coldmail/query).
  '@coldmail/query',
]);

/**
 * The singletons as the app in `appDir` shares them. Each carries its real version, and the app
 * asks for the range its package.json names (`^1.0.0`: the major it was built for). The page
 * runs one copy, the first loaded (the shell's, see `shareStrategy`). Before it loads a remote,
 * the shell checks the ranges the remote's manifest asks for against the versions it runs
 * (`sharedVersionsOf`, see shell/src/features/remotes/remote-registry.ts): a remote built for a
 * major the page does not run shows its fallback instead of running on a copy whose exports are
 * not the ones it was built against. A remote built against a newer minor runs on the shell's
 * copy: within a major, a shared module only adds, and a remote that needs an addition names its
 * minor in its range (`^1.2.0`).
 *
 * @param {string} appDir
 */
export function sharedSingletonsOf(appDir) {
  const manifest = JSON.parse(readFileSync(join(appDir, 'package.json'), 'utf8'));
  /** @type {Record<string, string>} */
  const ranges = { ...manifest.devDependencies, ...manifest.dependencies };
  return Object.fromEntries(
    singletonNames.map((name) => {
      const range = ranges[name];
      if (!range) throw new Error(`${appDir}/package.json: no dependency on the shared ${name}`);
      return [name, { singleton: true, requiredVersion: range }];
    }),
  );
}

/**
 * The version of each singleton installed for the app in `appDir` (the nearest node_modules
 * that has it, as Node and Vite resolve it): what the shell runs and remotes must accept.
 *
 * @param {string} appDir
 * @returns {Record<string, string>}
 */
export function sharedVersionsOf(appDir) {
  /** @param {string} name */
  const versionOf = (name) => {
    for (let dir = appDir; ; dir = dirname(dir)) {
      const file = join(dir, 'node_modules', ...name.split('/'), 'package.json');
      if (existsSync(file)) return JSON.parse(readFileSync(file, 'utf8')).version;
      if (dirname(dir) === dir) throw new Error(`${appDir}: ${name} is not installed`);
    }
  };
  return Object.fromEntries(singletonNames.map((name) => [name, versionOf(name)]));
}

/**
 * Which copy of a shared module the page runs: the one already loaded (the shell's), never a
 * remote's newer one, which would give that remote a second session store or query cache.
 */
const shareStrategy = 'loaded-first';

/**
 * @param {string} appName
 * @returns {UserConfig['css']}
 */
function scopedCss(appName) {
  // Remotes are built and deployed apart: prefixing class names with the app keeps two
  // versions of the same component from ever overriding each other's styles.
  return { modules: { generateScopedName: `${appName}_[local]_[hash:base64:6]` } };
}

/** @type {UserConfig['build']} */
const buildOptions = {
  // Vite's "baseline widely available" floor: Chrome and Edge 111, Firefox 114, Safari and iOS
  // 16.4 (March-June 2023) and later. Each runs top-level await, which federation's remote entry
  // uses, and the rest of the syntax is lowered to what they run.
  target: 'baseline-widely-available',
  outDir: 'dist',
  emptyOutDir: true,
  // Written beside the bundles for error tracking, with no comment pointing browsers at them;
  // the web servers do not serve them.
  sourcemap: 'hidden',
};

/**
 * Publishes the remote's pages as routes.json beside its mf-manifest.json, so a shell built
 * before this remote mounts the pages it does not know yet. The list comes from the copy of the
 * page registry the remote's own code resolves (the one its bundle carries), read when it builds.
 *
 * @param {RemoteName} name
 * @returns {import('vite').Plugin}
 */
function publishRoutesPlugin(name) {
  /** @type {string} */
  let root;
  /** @param {(id: string, importer: string) => Promise<{ id: string } | null>} resolve */
  const routesJson = async (resolve) => {
    const registry = await resolve('@coldmail/registry/pages', join(root, 'src', 'app', 'App.tsx'));
    if (!registry) throw new Error(`${name}: cannot resolve @coldmail/registry/pages`);
    /** @type {typeof import('@coldmail/registry/pages')} */
    const { routesDocumentOf } = await import(pathToFileURL(registry.id).href);
    return JSON.stringify(routesDocumentOf(name), null, 2);
  };
  return {
    name: 'coldmail-publish-routes',
    configResolved(config) {
      root = config.root;
    },
    async generateBundle() {
      const source = await routesJson((id, importer) => this.resolve(id, importer));
      this.emitFile({ type: 'asset', fileName: 'routes.json', source });
    },
    configureServer(server) {
      server.middlewares.use((req, res, next) => {
        if (req.url?.split('?')[0] !== '/routes.json') return next();
        routesJson((id, importer) => server.pluginContainer.resolveId(id, importer)).then(
          (body) => {
            res.setHeader('Content-Type', 'application/json');
            res.setHeader('Cache-Control', 'no-cache');
            res.end(body);
          },
          next,
        );
      });
    },
  };
}

/**
 * React Refresh (HMR for components) across apps in dev. The shell runs a remote's modules from
 * the remote's dev server, and they register with that server's React Refresh runtime, which only
 * the remote's own page connects to React: an edit would arrive and nothing would re-render. So
 * every runtime sets up the DevTools hook (when nothing else has) in a form that remembers React's
 * renderer, as the DevTools extension does, and a remote's runtime connects itself when it runs
 * in another app's page.
 *
 * @returns {import('vite').Plugin}
 */
function federatedRefreshPlugin() {
  const setUp = `
if (!window.__REACT_DEVTOOLS_GLOBAL_HOOK__) {
  window.__REACT_DEVTOOLS_GLOBAL_HOOK__ = {
    renderers: new Map(),
    supportsFiber: true,
    inject(renderer) {
      const id = this.renderers.size;
      this.renderers.set(id, renderer);
      return id;
    },
    onScheduleFiberRoot() {},
    onCommitFiberRoot() {},
    onCommitFiberUnmount() {},
  };
}
if (new URL(import.meta.url).origin !== window.location.origin) injectIntoGlobalHook(window);
`;
  return {
    name: 'coldmail-federated-react-refresh',
    apply: 'serve',
    transform(code, id) {
      return id === '/@react-refresh' ? `${code}\n${setUp}` : undefined;
    },
  };
}

/**
 * `command` is 'serve' for the Vite dev server: there the remote also runs standalone, so it
 * carries its own federation runtime instead of expecting the shell's.
 *
 * @param {RemoteName} name
 * @param {'build' | 'serve'} command
 * @param {string} appDir the remote's folder (its package.json)
 * @returns {UserConfig}
 */
export function remoteConfig(name, command, appDir) {
  const port = portOf(name);
  return {
    base: './',
    plugins: [
      react(),
      federatedRefreshPlugin(),
      federation({
        name,
        filename: 'remoteEntry.js',
        manifest: true,
        exposes: { './App': './src/app/App.tsx' },
        shared: sharedSingletonsOf(appDir),
        shareStrategy,
        dts: false,
        // In production the shell provides the federation runtime once; remotes read it from there.
        experiments: { externalRuntime: command === 'build' },
      }),
      publishRoutesPlugin(name),
      sovereignStatesPlugin(),
    ],
    css: scopedCss(name),
    build: buildOptions,
    server: { port, strictPort: true, cors: true, origin: `http://localhost:${port}` },
    preview: { port, strictPort: true, cors: true },
  };
}

/**
 * The shell's start-up documents: /remotes.json (every remote of the app registry → its
 * manifest) and /config.json (where the API is and, in the dev stack, the Auth emulator and the
 * PayPal double, passed as SHELL_RUNTIME_CONFIG).
 *
 * @param {NodeJS.ProcessEnv} env port variables, SHELL_RUNTIME_CONFIG, API_URL
 */
function runtimeDocuments(env) {
  return {
    '/remotes.json': Object.fromEntries(
      remoteNames.map((name) => [name, `http://localhost:${portOf(name, env)}/mf-manifest.json`]),
    ),
    '/config.json': env.SHELL_RUNTIME_CONFIG
      ? JSON.parse(env.SHELL_RUNTIME_CONFIG)
      : { apiBaseUrl: env.API_URL ?? `http://localhost:${portOf('api', env)}` },
  };
}

/**
 * In dev and preview the documents follow the port variables, so overriding a port needs no
 * file edit. A build ships them with the registry's default ports, a starting point that a
 * deployment replaces with its own URLs.
 *
 * @returns {import('vite').Plugin}
 */
function runtimeJsonPlugin() {
  /** @param {import('vite').Connect.Server} middlewares */
  const serve = (middlewares) => {
    const documents = runtimeDocuments(process.env);
    middlewares.use((req, res, next) => {
      const body = documents[/** @type {keyof typeof documents} */ (req.url?.split('?')[0] ?? '')];
      if (!body) return next();
      res.setHeader('Content-Type', 'application/json');
      res.setHeader('Cache-Control', 'no-cache');
      res.end(JSON.stringify(body));
    });
  };
  return {
    name: 'coldmail-runtime-json',
    configureServer: (server) => serve(server.middlewares),
    configurePreviewServer: (server) => serve(server.middlewares),
    generateBundle() {
      // These documents read no variable, so a cached build stays right for any environment
      // (VITE_API_URL, which the remotes' standalone pages take, is an input of the Nx build).
      const documents = runtimeDocuments({});
      for (const [path, body] of Object.entries(documents)) {
        this.emitFile({
          type: 'asset',
          fileName: path.slice(1),
          source: `${JSON.stringify(body, null, 2)}\n`,
        });
      }
    },
  };
}

/**
 * Inlines the shell's start-up reads into index.html (see early-start-html.mjs), with the
 * registry's remote paths of this build. (Preloading the shell's own chunks from the HTML as
 * well was measured: no faster here, and slower under Lighthouse's throttled network, where
 * the preloads take bandwidth from the first paint's requests.)
 *
 * @returns {import('vite').Plugin}
 */
export function earlyStartPlugin() {
  return {
    name: 'coldmail-early-start',
    transformIndexHtml: () => [
      { tag: 'script', children: earlyStartScript(remotePathPatterns()), injectTo: 'head' },
    ],
  };
}

/**
 * The federation runtime's package.json as its one reader in the browser uses it: the Vite
 * plugin's runtime-core publisher (injectExternalRuntimeCorePlugin) imports the whole file for
 * its `version`, which put every field of it (exports map, repository...) in the shell's
 * remoteEntry, 0.6 KB gzip of the first load.
 *
 * @returns {import('vite').Plugin}
 */
function runtimeVersionOnlyPlugin() {
  const packageJson = /[\\/]@module-federation[\\/]runtime[\\/]package\.json$/;
  return {
    name: 'coldmail:federation-runtime-version-only',
    enforce: 'pre',
    apply: 'build',
    transform(code, id) {
      if (!packageJson.test(id.split('?')[0] ?? id)) return null;
      const { name, version } = JSON.parse(code);
      return { code: JSON.stringify({ name, version }), map: null };
    },
  };
}

/**
 * shared-versions.json in the shell's build: the versions of the shared singletons it provides,
 * which a remote's release is checked against before it goes live (tools/release).
 *
 * @param {Record<string, string>} versions
 * @returns {import('vite').Plugin}
 */
function sharedVersionsFilePlugin(versions) {
  return {
    name: 'coldmail:shared-versions-file',
    apply: 'build',
    generateBundle() {
      this.emitFile({
        type: 'asset',
        fileName: 'shared-versions.json',
        source: `${JSON.stringify(versions, null, 2)}\n`,
      });
    },
  };
}

/**
 * @param {string} appDir the shell's folder (its package.json)
 * @returns {UserConfig}
 */
export function hostConfig(appDir) {
  const port = portOf('shell');
  return {
    plugins: [
      react(),
      federatedRefreshPlugin(),
      runtimeVersionOnlyPlugin(),
      runtimeJsonPlugin(),
      earlyStartPlugin(),
      sharedVersionsFilePlugin(sharedVersionsOf(appDir)),
      federation({
        name: 'shell',
        remotes: {},
        shared: sharedSingletonsOf(appDir),
        shareStrategy,
        dts: false,
        experiments: { provideExternalRuntime: true },
      }),
    ],
    // What the shell checks each remote's manifest against before it loads the remote.
    define: { __COLDMAIL_SHARED_VERSIONS__: JSON.stringify(sharedVersionsOf(appDir)) },
    css: scopedCss('shell'),
    // .vite/manifest.json: which stylesheets the shell's code needs, for the page renderer to
    // link in a server-rendered page's head (styled as it first shows, not when the code loads).
    build: { ...buildOptions, manifest: true },
    server: { port, strictPort: true },
    preview: { port, strictPort: true },
  };
}

/**
 * An app's server entry (`vite build --ssr src/server.tsx`), built after its browser build into
 * dist/server/entry.mjs: one self-contained ES module (React, the router, the query cache and the
 * app's components all inside, nothing resolved from a node_modules at run time), so the shell's
 * page renderer can load a remote's from the remote's deployment and run it whatever the shell
 * itself was built with. CSS modules get the browser build's class names (same naming); no CSS
 * is written (the browser build's stylesheets style the page).
 *
 * @param {string} appName
 * @param {Record<string, string>} [define] the browser build's compile-time constants
 * @returns {UserConfig}
 */
export function serverEntryConfig(appName, define = {}) {
  return {
    plugins: [react(), sovereignStatesPlugin()],
    define,
    css: scopedCss(appName),
    ssr: { noExternal: true, target: 'node' },
    build: {
      outDir: 'dist/server',
      emptyOutDir: true,
      target: 'node20',
      // Smaller to fetch and quicker to load for the renderer, which loads each new version.
      minify: true,
      sourcemap: 'hidden',
      copyPublicDir: false,
      rolldownOptions: { output: { entryFileNames: 'entry.mjs', codeSplitting: false } },
    },
  };
}

/**
 * `virtual:sovereign-states`: the ISO 3166-1 alpha-2 codes of the world's sovereign states (the
 * independent countries of world-countries, the UN's members and observers), worked out when
 * the app builds: the library's 1.4 MB of country data never reaches a browser, only the codes.
 *
 * @returns {import('vite').Plugin}
 */
export function sovereignStatesPlugin() {
  const id = 'virtual:sovereign-states';
  const resolved = `\0${id}`;
  return {
    name: 'coldmail-sovereign-states',
    resolveId: (source) => (source === id ? resolved : undefined),
    async load(source) {
      if (source !== resolved) return undefined;
      const { default: countries } = await import('world-countries');
      const codes = countries
        .filter((country) => country.independent)
        .map((country) => country.cca2)
        .sort();
      return `export const sovereignStateCodes = ${JSON.stringify(codes)};\n`;
    },
  };
}
