#!/usr/bin/env node
// The package is built by its `prepare` script on `npm install`/`npm ci`; this shim only loads the CLI.
try {
  require.resolve('../dist/cli.js');
} catch {
  process.stderr.write(
    'embedded-mongo is not built: run `npm install` at the repository root ' +
      'or `npm run build -w tools/embedded-mongo`\n',
  );
  process.exit(1);
}
require('../dist/cli.js');
