import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { loadEnvFiles } from './env-files.mjs';

let dir: string;

beforeEach(async () => {
  dir = await mkdtemp(join(tmpdir(), 'env-files-'));
});

afterEach(async () => {
  await rm(dir, { recursive: true, force: true });
});

describe('loadEnvFiles', () => {
  it('sets what the files name; the environment wins over .env.local, which wins over .env', async () => {
    await writeFile(
      join(dir, '.env'),
      'A=from-env\nB=from-env\nC=from-env\n# a comment\nD="quoted value"\n',
    );
    await writeFile(join(dir, '.env.local'), 'B=from-local\nC=from-local\n');
    const env: NodeJS.ProcessEnv = { C: 'from-shell' };
    expect(loadEnvFiles(dir, env)).toEqual([join(dir, '.env.local'), join(dir, '.env')]);
    expect(env).toEqual({ A: 'from-env', B: 'from-local', C: 'from-shell', D: 'quoted value' });
  });

  it('leaves a variable with an empty value unset, as .env.example lists them', async () => {
    await writeFile(
      join(dir, '.env'),
      'NODE_ENV=development\nMONGODB_URI=\nFIREBASE_PROJECT_ID=\n',
    );
    const env: NodeJS.ProcessEnv = {};
    loadEnvFiles(dir, env);
    expect(env).toEqual({ NODE_ENV: 'development' });
  });

  it('reads nothing when there are no files', () => {
    const env: NodeJS.ProcessEnv = { KEEP: '1' };
    expect(loadEnvFiles(dir, env)).toEqual([]);
    expect(env).toEqual({ KEEP: '1' });
  });
});
