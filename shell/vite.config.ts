import { hostConfig } from '@coldmail/vite-config';
import { defineConfig } from 'vite';

export default defineConfig(hostConfig());
