import { remoteConfig } from '@coldmail/vite-config';
import { defineConfig } from 'vite';

// The app's own folder: its package.json names the shared modules' ranges it was built for.
const appDir = import.meta.dirname;

export default defineConfig(({ command }) => remoteConfig('marketing', command, appDir));
