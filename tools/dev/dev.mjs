#!/usr/bin/env node
// `npm run dev`: Vite dev servers with HMR for the shell and all five remotes.
import { portOf } from '@coldmail/vite-config/ports';
import { createChildren } from './children.mjs';
import { appDirs, workspaceRoot } from './stack.mjs';

const children = createChildren();
const vite = `${workspaceRoot}/node_modules/vite/bin/vite.js`;

for (const [name, dir] of Object.entries(appDirs)) {
  children.spawn(name, process.execPath, [vite], {
    cwd: `${workspaceRoot}/${dir}`,
    env: { ...process.env, FORCE_COLOR: '1' },
    onExit: (code) => {
      console.error(`[${name}] exited (${code}); stopping the others`);
      children.stopAll();
      process.exitCode = 1;
    },
  });
}
console.log(`Dev servers starting; open http://localhost:${portOf('shell')}`);
