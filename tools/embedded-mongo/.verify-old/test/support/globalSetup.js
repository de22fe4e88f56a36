// The CLI and kill -9 tests run the built package (bin -> dist) in child processes, so build
// it from the current sources first.
const { execFileSync } = require('node:child_process');
const path = require('node:path');

module.exports = () => {
  const root = path.resolve(__dirname, '../..');
  execFileSync(
    process.execPath,
    [require.resolve('typescript/bin/tsc'), '-p', 'tsconfig.build.json'],
    {
      cwd: root,
      stdio: 'inherit',
    },
  );
};
