import { remoteConfig, serverEntryConfig } from '@coldmail/vite-config';
import { defineConfig } from 'vite';

// The app's own folder: its package.json names the shared modules' ranges it was built for.
const appDir = import.meta.dirname;

// `vite build --ssr src/server.tsx` builds the server entry the shell's renderer loads.
export default defineConfig(({ command, isSsrBuild }) =>
  isSsrBuild ? serverEntryConfig('marketing') : remoteConfig('marketing', command, appDir),
);
