// The package is "type": "module" (Vite apps import its TypeScript source), so the CommonJS
// build in dist/ needs its own package.json for Node's require() to read it as CommonJS.
import { writeFileSync } from 'node:fs';

writeFileSync(new URL('./dist/package.json', import.meta.url), '{ "type": "commonjs" }\n');
