import { join } from 'node:path';
import react from '@vitejs/plugin-react';
import { build } from 'vite';
import { appDirs, workspaceRoot } from '@coldmail/dev/stack';
import { precompress } from '@coldmail/serve/compress';

const here = join(workspaceRoot, 'tools', 'bench', 'baseline');

/** Builds the shell with every remote bundled in (no federation) into `outDir`. */
export async function buildBaseline(outDir) {
  const remoteAliases = Object.entries(appDirs)
    .filter(([name]) => name !== 'shell')
    .map(([name, dir]) => ({
      find: `@baseline/${name}`,
      replacement: join(workspaceRoot, dir, 'src', 'app', 'App.tsx'),
    }));
  await build({
    configFile: false,
    logLevel: 'warn',
    root: join(workspaceRoot, 'shell'),
    plugins: [react()],
    resolve: {
      alias: [
        ...remoteAliases,
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
