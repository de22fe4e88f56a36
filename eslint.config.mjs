// One flat config for the whole workspace. Nx project tags (in each package.json) and
// @nx/enforce-module-boundaries keep the dependency graph a tree: apps and remotes import
// only libs, never another remote or the shell.
import { readdirSync } from 'node:fs';
import js from '@eslint/js';
import nx from '@nx/eslint-plugin';
import { createNodeResolver, importX } from 'eslint-plugin-import-x';
import prettier from 'eslint-config-prettier';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';

/**
 * Feature folders stay apart: a feature of an app (src/features/<name>) imports no other
 * feature of it. Features are composed in the app's src/app/ and share code through libs/ (or
 * the app's own src/hooks/, src/components/).
 */
const APPS = ['shell', 'mf-marketing', 'mf-checkout', 'mf-account', 'mf-admin', 'mf-generator'];
const featureZones = APPS.flatMap((app) =>
  readdirSync(new URL(`./${app}/src/features`, import.meta.url), { withFileTypes: true })
    .filter((entry) => entry.isDirectory())
    .map(({ name }) => ({
      target: `./${app}/src/features/${name}`,
      from: `./${app}/src/features`,
      except: [`./${name}`],
      message: 'A feature imports no other feature: compose them in src/app/, share in libs/.',
    })),
);

export default tseslint.config(
  {
    ignores: [
      '**/dist/**',
      '**/node_modules/**',
      '**/.data/**',
      '**/coverage/**',
      '**/.nx/**',
      'e2e/.work/**',
      'e2e/artifacts/**',
      'tools/bench/.baseline/**',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    plugins: { '@nx': nx },
    files: ['**/*.ts', '**/*.tsx', '**/*.js', '**/*.mjs', '**/*.cjs'],
    rules: {
      '@nx/enforce-module-boundaries': [
        'error',
        {
          enforceBuildableLibDependency: false,
          allow: [],
          depConstraints: [
            { sourceTag: 'type:app', onlyDependOnLibsWithTags: ['type:lib'] },
            { sourceTag: 'type:remote', onlyDependOnLibsWithTags: ['type:lib'] },
            { sourceTag: 'type:lib', onlyDependOnLibsWithTags: ['type:lib'] },
            { sourceTag: 'type:api', onlyDependOnLibsWithTags: ['type:lib', 'type:tool'] },
            {
              sourceTag: 'type:tool',
              onlyDependOnLibsWithTags: ['type:lib', 'type:tool', 'type:build-config'],
            },
            {
              sourceTag: 'type:e2e',
              onlyDependOnLibsWithTags: ['type:lib', 'type:tool', 'type:build-config'],
            },
            {
              sourceTag: 'type:build-config',
              onlyDependOnLibsWithTags: ['type:build-config', 'type:lib'],
            },
          ],
        },
      ],
      'no-restricted-imports': [
        'error',
        {
          paths: [
            {
              name: 'react-router-dom',
              message: "Import from '@coldmail/router': one shared router instance for all apps.",
            },
            {
              name: 'react-router',
              message: "Import from '@coldmail/router': one shared router instance for all apps.",
            },
            {
              name: '@tanstack/react-query',
              message: "Import from '@coldmail/query': one shared query cache for all apps.",
              // Types erase: a shared module may name the cache's types without bundling it.
              allowTypeImports: true,
            },
          ],
        },
      ],
      '@typescript-eslint/no-unused-vars': [
        'error',
        { argsIgnorePattern: '^_', varsIgnorePattern: '^_', caughtErrors: 'none' },
      ],
    },
  },
  {
    // Build configuration may use the shared build settings; app code may not.
    files: ['**/vite.config.ts', '**/vitest.config.ts'],
    rules: {
      '@nx/enforce-module-boundaries': [
        'error',
        {
          enforceBuildableLibDependency: false,
          depConstraints: [
            { sourceTag: '*', onlyDependOnLibsWithTags: ['type:lib', 'type:build-config'] },
          ],
        },
      ],
    },
  },
  {
    files: ['**/*.tsx', '**/*.ts'],
    plugins: { 'react-hooks': reactHooks },
    rules: {
      'react-hooks/rules-of-hooks': 'error',
      'react-hooks/exhaustive-deps': 'warn',
    },
  },
  {
    files: ['**/*.mjs', '**/*.cjs', '**/*.js', 'tools/**/*', 'e2e/**/*', '**/vite.config.ts'],
    languageOptions: { globals: { ...globals.node } },
  },
  {
    files: ['**/*.cjs', '**/*.js'],
    rules: { '@typescript-eslint/no-require-imports': 'off' },
  },
  {
    // e2e and benchmark code run callbacks inside the page (page.evaluate), so it sees browser globals too.
    files: [
      '**/*.tsx',
      'libs/**/*.ts',
      'shell/**/*.ts',
      'mf-*/**/*.ts',
      'e2e/**/*',
      'tools/bench/**/*',
    ],
    languageOptions: { globals: { ...globals.browser } },
  },
  {
    // Test support is for tests: production code of an app or lib must not ship it.
    files: ['shell/src/**', 'mf-*/src/**', 'libs/*/src/**'],
    ignores: ['**/*.test.ts', '**/*.test.tsx', 'libs/testing/**'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          paths: [
            { name: 'react-router-dom', message: "Import from '@coldmail/router'." },
            { name: 'react-router', message: "Import from '@coldmail/router'." },
            {
              name: '@tanstack/react-query',
              message: "Import from '@coldmail/query'.",
              allowTypeImports: true,
            },
            { name: '@coldmail/testing', message: 'Test support: import it from test files only.' },
          ],
          patterns: [{ group: ['@coldmail/testing/*'], message: 'Test support: test files only.' }],
        },
      ],
    },
  },
  {
    files: ['libs/router/**', 'libs/query/**'],
    rules: { 'no-restricted-imports': 'off' },
  },
  {
    files: APPS.map((app) => `${app}/src/features/**`),
    plugins: { 'import-x': importX },
    settings: {
      'import-x/resolver-next': [
        createNodeResolver({ extensions: ['.ts', '.tsx', '.js', '.mjs', '.json', '.css'] }),
      ],
    },
    rules: { 'import-x/no-restricted-paths': ['error', { zones: featureZones }] },
  },
  prettier,
);
