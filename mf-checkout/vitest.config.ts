import { sovereignStatesPlugin } from '@coldmail/vite-config';
import { defineConfig } from 'vitest/config';

// Unit tests run without federation: they render this app's own modules in jsdom.
export default defineConfig({
  plugins: [sovereignStatesPlugin()],
  test: {
    environment: 'jsdom',
    include: ['src/**/*.test.{ts,tsx}'],
    setupFiles: ['@coldmail/testing/setup'],
  },
});
