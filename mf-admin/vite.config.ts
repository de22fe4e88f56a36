import { remoteConfig } from '@coldmail/vite-config';
import { defineConfig } from 'vite';

export default defineConfig(({ command }) => remoteConfig('admin', command));
