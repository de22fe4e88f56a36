import { hostConfig } from '@coldmail/vite-config';
import { defineConfig } from 'vite';

// The shell's own folder: its package.json and node_modules say which shared modules it runs.
export default defineConfig(hostConfig(import.meta.dirname));
