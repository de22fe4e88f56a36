import { execFile } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { existsSync } from 'node:fs';
import { cp, mkdir, readFile, rm, writeFile } from 'node:fs/promises';
import { dirname, join } from 'node:path';
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
  // The app's own node_modules come along (npm nests a dependency there when the apps need
  // different versions of it); Vite's caches and the old build do not.
  await cp(source, copy, {
    recursive: true,
    filter: (path) => !/^\/(dist|node_modules\/\.vite[^/]*)(\/|$)/.test(path.slice(source.length)),
  });
  // The copy sits one folder deeper: point its tsconfig at the workspace's settings again.
  await writeFile(
    join(copy, 'tsconfig.json'),
    JSON.stringify({ extends: join(workspaceRoot, 'tsconfig.web.json'), include: ['src'] }),
  );
  return copy;
}

/**
 * A copy of a remote's sources, as its team would change them for a new release: same remote
 * name and exposed module. Its App.tsx is kept as ReleasedApp.tsx for the new App to wrap. Each
 * copy has a folder of its own: test files running at once build their releases side by side.
 */
async function copyRemote(remote, folder = `${webAppDirs[remote]}-${randomUUID().slice(0, 8)}`) {
  const copy = await copyApp(remote, folder);
  const appFile = join(copy, 'src', 'app', 'App.tsx');
  await writeFile(join(copy, 'src', 'app', 'ReleasedApp.tsx'), await readFile(appFile, 'utf8'));
  return copy;
}

/** Builds the copy (and its server entry, when it has one) and returns its new build's folder. */
async function build(copy) {
  const vite = (/** @type {string[]} */ ...args) =>
    run(
      process.execPath,
      [join(workspaceRoot, 'node_modules', 'vite', 'bin', 'vite.js'), ...args],
      {
        cwd: copy,
        env: { ...process.env, NO_COLOR: '1' },
      },
    );
  await vite('build');
  if (existsSync(join(copy, 'src', 'server.tsx'))) await vite('build', '--ssr', 'src/server.tsx');
  return join(copy, 'dist');
}

/** A release of a remote with a visible banner above its pages. */
export async function rebuildRemoteWithBanner(remote, bannerText) {
  const copy = await copyRemote(remote);
  await writeFile(
    join(copy, 'src', 'app', 'App.tsx'),
    `import ReleasedApp from './ReleasedApp';\n\nexport default function App() {\n  return (\n    <>\n      <p data-testid="release-banner">${bannerText}</p>\n      <ReleasedApp />\n    </>\n  );\n}\n`,
  );
  return build(copy);
}

/**
 * A release of a remote that adds a page, as its team would make it: an entry in the page
 * registry (`{ id, path, area }`, owned by the remote), with `menu` its sidebar entry
 * (`{ label, icon, after }`: after the entry of page `after`), and the page in its App, showing
 * `heading`. The changed registry is a copy in the remote copy's own node_modules, so only this
 * build sees it; the shell keeps the registry it was built with.
 */
export async function rebuildRemoteWithNewPage(remote, { id, path, area, menu }, heading) {
  const copy = await copyRemote(remote);
  const registry = join(workspaceRoot, 'libs', 'registry');
  const registryCopy = join(copy, 'node_modules', '@coldmail', 'registry');
  await mkdir(dirname(registryCopy), { recursive: true });
  await cp(registry, registryCopy, {
    recursive: true,
    filter: (file) => !/^\/node_modules(\/|$)/.test(file.slice(registry.length)),
  });
  const pagesFile = join(registryCopy, 'pages.mjs');
  const table = 'export const pages = /** @type {const} */ ({\n';
  const pages = await readFile(pagesFile, 'utf8');
  if (!pages.includes(table)) throw new Error(`${pagesFile}: no page table to add "${id}" to`);
  const entry = `  ${id}: ${JSON.stringify({ path, owner: remote, area })},\n`;
  let changed = pages.replace(table, `${table}${entry}`);
  if (menu) {
    // Its sidebar entry, after the one its team chose.
    const after = `{ page: '${menu.after}',`;
    const at = changed.indexOf(after);
    if (at < 0) throw new Error(`${pagesFile}: no menu entry for "${menu.after}"`);
    const lineEnd = changed.indexOf('\n', at) + 1;
    const item = `    { page: '${id}', label: ${JSON.stringify(menu.label)}, icon: '${menu.icon}' },\n`;
    changed = changed.slice(0, lineEnd) + item + changed.slice(lineEnd);
  }
  await writeFile(pagesFile, changed);

  await writeFile(
    join(copy, 'src', 'app', 'App.tsx'),
    `import { pages } from '@coldmail/registry/pages';
import { Route, Routes } from '@coldmail/router';
import ReleasedApp from './ReleasedApp';

export default function App() {
  return (
    <Routes>
      <Route
        path={pages.${id}.path}
        element={
          <section data-remote="${remote}" data-page="${id}">
            <h1>${heading}</h1>
          </section>
        }
      />
      <Route path="*" element={<ReleasedApp />} />
    </Routes>
  );
}
`,
  );
  return build(copy);
}

/**
 * A release of a remote built against another version of a shared module (`name`, one of our
 * federation singletons): the module's copy in the remote copy's own node_modules carries
 * `version`, and the remote's package.json asks for `range`, as its team would after upgrading.
 * The release shows `bannerText` above its pages, so a test sees whether it runs.
 */
export async function rebuildRemoteAgainstShared(remote, { name, version, range }, bannerText) {
  const copy = await copyRemote(remote);
  const source = join(workspaceRoot, 'libs', name.replace('@coldmail/', ''));
  const moduleCopy = join(copy, 'node_modules', ...name.split('/'));
  await mkdir(dirname(moduleCopy), { recursive: true });
  await cp(source, moduleCopy, {
    recursive: true,
    filter: (file) => !/^\/node_modules(\/|$)/.test(file.slice(source.length)),
  });
  const manifestFile = join(moduleCopy, 'package.json');
  const manifest = JSON.parse(await readFile(manifestFile, 'utf8'));
  await writeFile(manifestFile, JSON.stringify({ ...manifest, version }, null, 2));
  const remoteManifestFile = join(copy, 'package.json');
  const remoteManifest = JSON.parse(await readFile(remoteManifestFile, 'utf8'));
  remoteManifest.dependencies[name] = range;
  await writeFile(remoteManifestFile, JSON.stringify(remoteManifest, null, 2));
  await writeFile(
    join(copy, 'src', 'app', 'App.tsx'),
    `import ReleasedApp from './ReleasedApp';\n\nexport default function App() {\n  return (\n    <>\n      <p data-testid="release-banner">${bannerText}</p>\n      <ReleasedApp />\n    </>\n  );\n}\n`,
  );
  return build(copy);
}
