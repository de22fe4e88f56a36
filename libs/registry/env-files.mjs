import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { parseEnv } from 'node:util';

/** Where development settings live, most specific first: this machine's, then the project's. */
export const ENV_FILES = /** @type {const} */ (['.env.local', '.env']);

/**
 * Loads development settings from `.env.local` and `.env` in `dir` (the workspace root) into
 * `env`. A variable already set wins over both files, and `.env.local` over `.env`; an empty value
 * (`NAME=`, as `.env.example` lists them) stays unset, as the API reads an empty one. `npm start`,
 * `npm run dev` and an API started in development call it; production and the tests never do.
 *
 * @param {string} dir
 * @param {NodeJS.ProcessEnv} [env]
 * @returns {string[]} the files it read
 */
export function loadEnvFiles(dir, env = process.env) {
  const read = [];
  for (const name of ENV_FILES) {
    const path = join(dir, name);
    if (!existsSync(path)) continue;
    read.push(path);
    for (const [key, value] of Object.entries(parseEnv(readFileSync(path, 'utf8')))) {
      if (value !== '' && env[key] === undefined) env[key] = value;
    }
  }
  return read;
}
