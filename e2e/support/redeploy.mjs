import { execFile } from 'node:child_process';
import { cp, mkdir, readFile, rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { appDirs, workspaceRoot } from '@coldmail/dev/stack';

const run = promisify(execFile);

/**
 * Builds a changed copy of a remote, as its team would ship a new release: same remote name and
 * exposed module, a visible banner above its pages. The copy lives inside the workspace so it
 * resolves the same packages. Returns the new build's folder.
 */
export async function rebuildRemoteWithBanner(remote, bannerText) {
  const source = join(workspaceRoot, appDirs[remote]);
  const copy = join(workspaceRoot, 'e2e', '.work', appDirs[remote]);
  await rm(copy, { recursive: true, force: true });
  await mkdir(copy, { recursive: true });
  await cp(source, copy, {
    recursive: true,
    filter: (path) => !/\/(dist|node_modules)(\/|$)/.test(path.slice(source.length)),
  });

  // The copy sits one folder deeper: point its tsconfig at the workspace's settings again.
  await writeFile(
    join(copy, 'tsconfig.json'),
    JSON.stringify({ extends: join(workspaceRoot, 'tsconfig.web.json'), include: ['src'] }),
  );
  const appFile = join(copy, 'src', 'app', 'App.tsx');
  const original = await readFile(appFile, 'utf8');
  await writeFile(join(copy, 'src', 'app', 'ReleasedApp.tsx'), original);
  await writeFile(
    appFile,
    `import ReleasedApp from './ReleasedApp';\n\nexport default function App() {\n  return (\n    <>\n      <p data-testid="release-banner">${bannerText}</p>\n      <ReleasedApp />\n    </>\n  );\n}\n`,
  );
  await run(
    process.execPath,
    [join(workspaceRoot, 'node_modules', 'vite', 'bin', 'vite.js'), 'build'],
    {
      cwd: copy,
      env: { ...process.env, NO_COLOR: '1' },
    },
  );
  return join(copy, 'dist');
}
