#!/usr/bin/env node
// `npm start`: builds every app (Nx cache makes a second start quick) and serves the production
// builds, each on its own port, as they are deployed. Ctrl-C stops everything.
import { createChildren, nxCommand } from './children.mjs';
import { appDirs, serveStack, workspaceRoot } from './stack.mjs';

const children = createChildren();

console.log('Building the shell and the five remotes (cached after the first run)...');
try {
  await children.run(
    ...nxCommand(
      'run-many',
      '-t',
      'build',
      '-p',
      Object.values(appDirs).join(','),
      '--outputStyle=stream',
    ),
    { cwd: workspaceRoot, env: { ...process.env, NX_DAEMON: 'false' } },
  );
} catch (error) {
  console.error(`\nThe build failed: ${error.message}`);
  process.exit(1);
}

const host = process.env.HOST ?? '127.0.0.1';
const stack = await serveStack({ host });
process.on('SIGINT', () => void stack.close());
process.on('SIGTERM', () => void stack.close());

console.log('\nServing:');
for (const [name, url] of Object.entries(stack.urls)) console.log(`  ${name.padEnd(10)} ${url}`);
console.log(`\nOpen ${stack.urls.shell} — Ctrl-C stops everything.`);
