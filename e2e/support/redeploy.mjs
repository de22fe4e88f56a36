import { execFile } from 'node:child_process';
import { cp, mkdir, readFile, rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { workspaceRoot } from '@coldmail/dev/stack';
import { webAppDirs } from '@coldmail/registry/apps';

const run = promisify(execFile);

/**
 * A fresh copy of a web app's sources under e2e/.work/<folder>, to change without touching the
 * real one. The copy lives inside the workspace so it resolves the same packages.
 *
 * @param {keyof typeof webAppDirs} app
 * @param {string} [folder]
 * @returns {Promise<string>} the copy's folder
 */
export async function copyApp(app, folder = webAppDirs[app]) {
  const source = join(workspaceRoot, webAppDirs[app]);
  const copy = join(workspaceRoot, 'e2e', '.work', folder);
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
  return copy;
}

/**
 * Builds a changed copy of a remote, as its team would ship a new release: same remote name and
 * exposed module, a visible banner above its pages. Returns the new build's folder.
 *
 * @param {import('@coldmail/registry/apps').RemoteName} remote
 * @param {string} bannerText
 */
export async function rebuildRemoteWithBanner(remote, bannerText) {
  const copy = await copyApp(remote);
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
