import { hostConfig, serverEntryConfig, sharedVersionsOf } from '@coldmail/vite-config';
import { defineConfig } from 'vite';

// The shell's own folder: its package.json and node_modules say which shared modules it runs.
const appDir = import.meta.dirname;

// `vite build --ssr src/server.tsx` builds the server entry of the page renderer (shell/server).
export default defineConfig(({ isSsrBuild }) =>
  isSsrBuild
    ? serverEntryConfig('shell', {
        __COLDMAIL_SHARED_VERSIONS__: JSON.stringify(sharedVersionsOf(appDir)),
      })
    : hostConfig(appDir),
);
