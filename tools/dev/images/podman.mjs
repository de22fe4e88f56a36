// podman as these machines run it (no Docker daemon, no systemd cgroups): runc, cgroupfs, the
// host's network. Images are built in Docker's format, which keeps HEALTHCHECK (OCI drops it).
import { spawn, spawnSync } from 'node:child_process';

const GLOBAL = ['--runtime', 'runc', '--cgroup-manager=cgroupfs'];

/**
 * Runs `podman <args>` and resolves to its standard output; rejects with its error output.
 *
 * @param {string[]} args
 * @param {{ echo?: boolean, input?: string }} [options] echo: stream its output to ours (builds)
 * @returns {Promise<string>}
 */
export function podman(args, { echo = false } = {}) {
  return new Promise((resolve, reject) => {
    const child = spawn('podman', [...GLOBAL, ...args], { stdio: ['ignore', 'pipe', 'pipe'] });
    let out = '';
    let err = '';
    child.stdout.on('data', (chunk) => {
      out += chunk;
      if (echo) process.stdout.write(chunk);
    });
    child.stderr.on('data', (chunk) => {
      err += chunk;
      if (echo) process.stderr.write(chunk);
    });
    child.on('error', reject);
    child.on('close', (code) =>
      code === 0
        ? resolve(out.trim())
        : reject(new Error(`podman ${args.join(' ')} exited ${code}: ${err.trim().slice(-2000)}`)),
    );
  });
}

/** Whether podman can be run here at all. */
export function hasPodman() {
  return spawnSync('podman', ['--version'], { stdio: 'ignore' }).status === 0;
}

/** Whether an image of that name is in podman's local store. */
export async function hasImage(name) {
  return podman(['image', 'exists', name]).then(
    () => true,
    () => false,
  );
}

/**
 * Builds an image from the repository root with a Dockerfile of deploy/.
 *
 * @param {{ file: string, tag: string, context: string, target?: string, args?: Record<string, string> }} build
 */
export function buildImage({ file, tag, context, target, args = {} }) {
  return podman(
    [
      'build',
      '--network=host',
      '--ulimit',
      'nofile=20000:20000',
      '--format',
      'docker',
      '-f',
      file,
      '-t',
      tag,
      ...(target ? ['--target', target] : []),
      ...Object.entries(args).flatMap(([name, value]) => ['--build-arg', `${name}=${value}`]),
      context,
    ],
    { echo: true },
  );
}
