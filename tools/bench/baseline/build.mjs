import { join } from 'node:path';
import react from '@vitejs/plugin-react';
import { build } from 'vite';
import { workspaceRoot } from '@coldmail/dev/stack';
import { remoteNames, webAppDirs } from '@coldmail/registry/apps';
import { precompress } from '@coldmail/serve/compress';
import { earlyStartPlugin } from '@coldmail/vite-config';

const here = join(workspaceRoot, 'tools', 'bench', 'baseline');

/** Builds the shell with every remote bundled in (no federation) into `outDir`. */
export async function buildBaseline(outDir) {
  // Every remote of the registry, bundled in: name → its exposed App.
  const remoteApps = {
    name: 'baseline-remote-apps',
    resolveId: (id) => (id === '@baseline/apps' ? '\0baseline-apps' : undefined),
    load(id) {
      if (id !== '\0baseline-apps') return undefined;
      const imports = remoteNames.map(
        (name, index) =>
          `import app${index} from ${JSON.stringify(join(workspaceRoot, webAppDirs[name], 'src/app/App.tsx'))};`,
      );
      const entries = remoteNames.map((name, index) => `${JSON.stringify(name)}: app${index}`);
      return `${imports.join('\n')}\nexport const apps = { ${entries.join(', ')} };\n`;
    },
  };
  await build({
    configFile: false,
    logLevel: 'warn',
    root: join(workspaceRoot, 'shell'),
    // The shell's inline start-up script too (the configuration read and a page's first reads
    // begin while the page is parsed): the baseline differs by federation alone.
    plugins: [react(), remoteApps, earlyStartPlugin()],
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
