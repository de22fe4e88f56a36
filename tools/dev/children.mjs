import { spawn } from 'node:child_process';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';

const require = createRequire(import.meta.url);

/** The Nx CLI of this workspace, run with the current node. */
export function nxCommand(...args) {
  const packageJson = require.resolve('nx/package.json');
  return [process.execPath, [join(dirname(packageJson), require(packageJson).bin.nx), ...args]];
}

/**
 * Child processes of a command like `npm start`: their output is prefixed with a name, and
 * Ctrl-C (or any exit) stops all of them, process groups included, so nothing is left behind.
 */
export function createChildren() {
  const running = new Set();
  let stopping = false;

  const stopAll = (signal = 'SIGTERM') => {
    stopping = true;
    for (const child of running) {
      try {
        // Negative pid: the child's whole process group (npm → vite → esbuild...).
        process.kill(-child.pid, signal);
      } catch {
        // Already gone.
      }
    }
  };

  const onSignal = (signal) => {
    if (stopping) return;
    console.log(`\n${signal}: stopping ${running.size} process(es)...`);
    stopAll('SIGTERM');
    const force = setTimeout(() => stopAll('SIGKILL'), 5000);
    force.unref();
    process.exitCode = 0;
  };
  process.on('SIGINT', onSignal);
  process.on('SIGTERM', onSignal);
  process.on('exit', () => stopAll('SIGKILL'));

  return {
    get stopping() {
      return stopping;
    },
    /** Starts a long-running child; resolves nothing, logs with a prefix. */
    spawn(name, command, args, options = {}) {
      const { onLine: _onLine, onExit: _onExit, ...spawnOptions } = options;
      const child = spawn(command, args, {
        stdio: ['ignore', 'pipe', 'pipe'],
        detached: true,
        ...spawnOptions,
      });
      running.add(child);
      const prefix = `[${name}] `;
      const relay = (stream, target) => {
        let buffer = '';
        stream.on('data', (chunk) => {
          buffer += chunk;
          const lines = buffer.split('\n');
          buffer = lines.pop() ?? '';
          for (const line of lines) {
            target.write(prefix + line + '\n');
            options.onLine?.(line);
          }
        });
      };
      relay(child.stdout, process.stdout);
      relay(child.stderr, process.stderr);
      child.on('exit', (code, signal) => {
        running.delete(child);
        if (!stopping && options.onExit) options.onExit(code, signal);
      });
      return child;
    },
    /** Runs a command to completion with inherited output; rejects on failure. */
    run(command, args, options = {}) {
      return new Promise((resolve, reject) => {
        const child = spawn(command, args, { stdio: 'inherit', detached: true, ...options });
        running.add(child);
        child.on('exit', (code, signal) => {
          running.delete(child);
          if (code === 0) resolve();
          else
            reject(new Error(`${command} ${args.join(' ')} failed (${signal ?? `exit ${code}`})`));
        });
      });
    },
    stopAll,
  };
}
