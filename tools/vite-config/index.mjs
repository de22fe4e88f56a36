import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { federation } from '@module-federation/vite';
import react from '@vitejs/plugin-react';
import { portOf, remoteNames } from './ports.mjs';

export * from './ports.mjs';

/** @typedef {import('vite').UserConfig} UserConfig */
/** @typedef {import('@coldmail/registry/apps').RemoteName} RemoteName */

/**
 * Every module that holds state must be a singleton, or host and remote each get their own copy:
 * React (hooks break with two), the router (one history; shared through @coldmail/router, which
 * re-exports only what the apps use, so the shared chunk is tree-shaken), zustand and
 * @coldmail/session (one signed-in store), react-hot-toast (one toast queue, drawn by the shell),
 * TanStack Query (one server-state cache; its context must be the one the shell provides).
 */
export const sharedSingletons = {
  react: { singleton: true, requiredVersion: '^19.2.0' },
  'react-dom': { singleton: true, requiredVersion: '^19.2.0' },
  '@coldmail/router': { singleton: true, requiredVersion: '0.0.0' },
  zustand: { singleton: true, requiredVersion: '^5.0.8' },
  'react-hot-toast': { singleton: true, requiredVersion: '^2.6.0' },
  '@coldmail/session': { singleton: true, requiredVersion: '0.0.0' },
  // One query cache for the whole site (its QueryClient lives in @coldmail/session).
  '@tanstack/react-query': { singleton: true, requiredVersion: '^5.108.0' },
};

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
  // Federation's remote entry uses top-level await.
  target: 'esnext',
  outDir: 'dist',
  emptyOutDir: true,
  sourcemap: true,
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
 * `command` is 'serve' for the Vite dev server: there the remote also runs standalone, so it
 * carries its own federation runtime instead of expecting the shell's.
 *
 * @param {RemoteName} name
 * @param {'build' | 'serve'} command
 * @returns {UserConfig}
 */
export function remoteConfig(name, command) {
  const port = portOf(name);
  return {
    base: './',
    plugins: [
      react(),
      federation({
        name,
        filename: 'remoteEntry.js',
        manifest: true,
        exposes: { './App': './src/app/App.tsx' },
        shared: sharedSingletons,
        dts: false,
        // In production the shell provides the federation runtime once; remotes read it from there.
        experiments: { externalRuntime: command === 'build' },
      }),
      publishRoutesPlugin(name),
    ],
    css: scopedCss(name),
    build: buildOptions,
    server: { port, strictPort: true, cors: true, origin: `http://localhost:${port}` },
    preview: { port, strictPort: true, cors: true },
  };
}

/**
 * In dev and preview the shell's /remotes.json and /config.json follow the ports in the env, so
 * overriding a port needs no file edit. (A static deployment ships its own files in public/.)
 *
 * @returns {import('vite').Plugin}
 */
function runtimeJsonPlugin() {
  /** @param {import('vite').Connect.Server} middlewares */
  const serve = (middlewares) => {
    const documents = {
      '/remotes.json': Object.fromEntries(
        remoteNames.map((name) => [name, `http://localhost:${portOf(name)}/mf-manifest.json`]),
      ),
      '/config.json': { apiBaseUrl: process.env.API_URL ?? `http://localhost:${portOf('api')}` },
    };
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
  };
}

/** @returns {UserConfig} */
export function hostConfig() {
  const port = portOf('shell');
  return {
    plugins: [
      react(),
      runtimeJsonPlugin(),
      federation({
        name: 'shell',
        remotes: {},
        shared: sharedSingletons,
        dts: false,
        experiments: { provideExternalRuntime: true },
      }),
    ],
    css: scopedCss('shell'),
    build: buildOptions,
    server: { port, strictPort: true },
    preview: { port, strictPort: true },
  };
}
