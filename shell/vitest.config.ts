import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    projects: [
      {
        // Unit tests run without federation: they render this app's own modules in jsdom.
        test: {
          name: 'app',
          environment: 'jsdom',
          include: ['src/**/*.test.{ts,tsx}'],
          setupFiles: ['@coldmail/testing/setup'],
        },
      },
      {
        // The page renderer is a Node service: its tests run in Node, against real local servers.
        test: { name: 'renderer', environment: 'node', include: ['server/**/*.test.mjs'] },
      },
    ],
  },
});
