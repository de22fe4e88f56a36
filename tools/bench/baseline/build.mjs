import { join } from 'node:path';
import react from '@vitejs/plugin-react';
import { build } from 'vite';
import { workspaceRoot } from '@coldmail/dev/stack';
import { remoteNames, webAppDirs } from '@coldmail/registry/apps';
import { precompress } from '@coldmail/serve/compress';
import { earlyStartPlugin, sovereignStatesPlugin } from '@coldmail/vite-config';

const here = join(workspaceRoot, 'tools', 'bench', 'baseline');

/**
 * Builds the shell with every remote built in (no federation) into `outDir`: a fair single-page
 * app, each remote's pages loaded when first shown (a chunk of its own), as a team would build
 * the same site without federation; only what every page needs is in the entry.
 */
export async function buildBaseline(outDir) {
  // Every remote of the registry, built in: name → a loader of its exposed App.
  const remoteApps = {
    name: 'baseline-remote-apps',
    resolveId: (id) => (id === '@baseline/apps' ? '\0baseline-apps' : undefined),
    load(id) {
      if (id !== '\0baseline-apps') return undefined;
      const entries = remoteNames.map(
        (name) =>
          `${JSON.stringify(name)}: () => import(${JSON.stringify(join(workspaceRoot, webAppDirs[name], 'src/app/App.tsx'))})`,
      );
      return `export const apps = { ${entries.join(', ')} };\n`;
    },
  };
  await build({
    configFile: false,
    logLevel: 'warn',
    root: join(workspaceRoot, 'shell'),
    // The shell's inline start-up script too (the configuration read and a page's first reads
    // begin while the page is parsed): the baseline differs by federation alone.
    plugins: [react(), remoteApps, earlyStartPlugin(), sovereignStatesPlugin()],
    resolve: {
      alias: [
        { find: /^.*\/features\/remotes\/RemoteApp$/, replacement: join(here, 'RemoteApp.tsx') },
        {
          find: /^.*\/features\/remotes\/remote-registry$/,
          replacement: join(here, 'remote-registry.ts'),
        },
      ],
    },
    css: { modules: { generateScopedName: 'baseline_[local]_[hash:base64:6]' } },
    build: { outDir, emptyOutDir: true, target: 'esnext' },
  });
  await precompress(outDir);
}
