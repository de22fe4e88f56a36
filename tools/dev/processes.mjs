import { spawn } from 'node:child_process';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { createInterface } from 'node:readline';

const require = createRequire(import.meta.url);
/** Lines of output kept per process, to say why it failed. */
const KEPT_LINES = 80;
// Long enough for the Auth emulator's CLI, which itself waits up to 10 s for firebase to stop.
const STOP_GRACE_MS = 12_000;

/** Process groups still running; if this process dies without stopping them, they go with it. */
const runningGroups = new Set();
process.on('exit', () => {
  // SIGTERM, not SIGKILL: nothing here can wait, and a terminated child still gets to stop its
  // own detached helpers (the Auth emulator's CLI stops firebase) and flush (the database).
  for (const pid of runningGroups) signalGroup(pid, 'SIGTERM');
});

/** @param {number} pid @param {NodeJS.Signals} signal */
function signalGroup(pid, signal) {
  try {
    // Negative pid: the whole process group.
    process.kill(-pid, signal);
  } catch {
    // The group is already gone.
  }
}

/**
 * The Nx CLI of this workspace, run with the current node. A run of several tasks runs as many at
 * once as the machine has cores (`NX_PARALLEL` overrides it), not nx.json's fixed number.
 *
 * @param {...string} args
 * @returns {[string, string[]]}
 */
export function nxCommand(...args) {
  const packageJson = require.resolve('nx/package.json');
  const parallel = process.env.NX_PARALLEL ? [] : ['--parallel=100%'];
  return [
    process.execPath,
    [join(dirname(packageJson), require(packageJson).bin.nx), ...args, ...parallel],
  ];
}

/**
 * @typedef {{ code: number | null, signal: NodeJS.Signals | null, error?: Error }} Exit
 *
 * @typedef {object} ManagedProcess
 * @property {string} name
 * @property {number | undefined} pid its process's id (undefined if it could not be started)
 * @property {Promise<Exit>} exited resolves when the process has exited, however it ended
 * @property {() => boolean} running
 * @property {() => string} recentOutput its last lines of output, for error messages
 * @property {(pattern: RegExp, timeoutMs: number) => Promise<RegExpMatchArray>} waitForLine
 *   resolves with the first line matching `pattern`; rejects if it exits or times out first
 * @property {() => Promise<void>} stop SIGTERM to its process group, SIGKILL after a grace period
 */

/**
 * Starts a long-running process in its own process group, so that stopping it also stops what it
 * started (npm → vite → esbuild, firebase → its emulator), and so that Ctrl-C in a terminal
 * reaches the caller only, which then stops everything in order.
 *
 * @param {string} name
 * @param {string} command
 * @param {string[]} args
 * @param {object} options
 * @param {string} options.cwd
 * @param {NodeJS.ProcessEnv} options.env
 * @param {(line: string) => void} [options.onLine] every line of stdout and stderr
 * @param {'pipe' | 'ignore'} [options.stdout] 'ignore' discards stdout unread (a benchmarked
 *   server's request log would otherwise load the measuring process)
 * @returns {ManagedProcess}
 */
export function startProcess(name, command, args, { cwd, env, onLine, stdout = 'pipe' }) {
  const child = spawn(command, args, {
    cwd,
    env,
    detached: true,
    stdio: ['ignore', stdout, 'pipe'],
  });
  /** @type {string[]} */
  const recent = [];
  /** @type {Set<(line: string) => void>} */
  const lineListeners = new Set();
  for (const stream of [child.stdout, child.stderr]) {
    if (!stream) continue;
    createInterface({ input: stream, crlfDelay: Infinity }).on('line', (line) => {
      recent.push(line);
      if (recent.length > KEPT_LINES) recent.shift();
      onLine?.(line);
      for (const listener of lineListeners) listener(line);
    });
  }

  let hasExited = false;
  const pid = child.pid;
  if (pid) runningGroups.add(pid);
  /** @type {Promise<Exit>} */
  const exited = new Promise((resolve) => {
    child.once('exit', (code, signal) => resolve({ code, signal }));
    child.once('error', (error) => resolve({ code: null, signal: null, error }));
  }).then((exit) => {
    hasExited = true;
    runningGroups.delete(pid);
    return exit;
  });
  /** @param {NodeJS.Signals} signal */
  const killGroup = (signal) => {
    if (pid) signalGroup(pid, signal);
  };

  return {
    name,
    pid,
    exited,
    running: () => !hasExited,
    recentOutput: () => recent.join('\n'),
    waitForLine(pattern, timeoutMs) {
      return new Promise((resolve, reject) => {
        const timer = setTimeout(() => {
          finish();
          reject(
            new Error(`${name} printed no line matching ${pattern} within ${timeoutMs / 1000} s`),
          );
        }, timeoutMs);
        /** @param {string} line */
        const listener = (line) => {
          const match = line.match(pattern);
          if (!match) return;
          finish();
          resolve(match);
        };
        const finish = () => {
          clearTimeout(timer);
          lineListeners.delete(listener);
        };
        lineListeners.add(listener);
        void exited.then((exit) => {
          finish();
          reject(new Error(`${name} ${describeExit(exit)} before it was ready`));
        });
      });
    },
    async stop() {
      if (hasExited) return;
      killGroup('SIGTERM');
      const forced = setTimeout(() => killGroup('SIGKILL'), STOP_GRACE_MS);
      await exited;
      clearTimeout(forced);
      // Helpers may outlive the group's leader (a watcher, a worker): end them too.
      killGroup('SIGKILL');
    },
  };
}

/** @param {Exit} exit */
export function describeExit({ code, signal, error }) {
  if (error) return `could not be started (${error.message})`;
  return signal ? `was killed (${signal})` : `exited with code ${code}`;
}
