#!/usr/bin/env node
// Writes .br and .gz beside every compressible file of a build, once at build time, so the
// server sends compressed bytes without compressing per request.
import { readdir, readFile, stat, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';

const COMPRESSIBLE = /\.(js|mjs|css|html|json|svg|txt|map|xml|wasm)$/;
const MIN_BYTES = 1024;
const brotli = promisify(brotliCompress);
const gz = promisify(gzip);

async function* filesIn(dir) {
  for (const entry of await readdir(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) yield* filesIn(path);
    else yield path;
  }
}

export async function precompress(dir) {
  let count = 0;
  for await (const file of filesIn(dir)) {
    if (!COMPRESSIBLE.test(file) || (await stat(file)).size < MIN_BYTES) continue;
    const content = await readFile(file);
    await Promise.all([
      writeFile(
        `${file}.br`,
        await brotli(content, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }),
      ),
      writeFile(`${file}.gz`, await gz(content, { level: 9 })),
    ]);
    count += 1;
  }
  return count;
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const dir = process.argv[2] ?? 'dist';
  const count = await precompress(dir);
  console.log(`precompressed ${count} files in ${dir}`);
}
