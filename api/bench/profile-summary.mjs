#!/usr/bin/env node
// Where a CPU profile's time went: `node api/bench/profile-summary.mjs <file.cpuprofile> [top]`.
// Prints self time by function and by package (node_modules/<name>, our own api/dist, Node's
// internals), the same figures Chrome DevTools' "Bottom-Up" view shows, as text for a note.
import { readFileSync } from 'node:fs';

const [file, topArg] = process.argv.slice(2);
if (!file) {
  console.error('Usage: node api/bench/profile-summary.mjs <file.cpuprofile> [top]');
  process.exit(2);
}
const top = Number(topArg ?? 25);
/** @type {{ nodes: { id: number, callFrame: { functionName: string, url: string, lineNumber: number } }[], samples: number[], timeDeltas: number[] }} */
const profile = JSON.parse(readFileSync(file, 'utf8'));
const byId = new Map(profile.nodes.map((node) => [node.id, node]));
const selfUs = new Map();
profile.samples.forEach((id, index) => {
  selfUs.set(id, (selfUs.get(id) ?? 0) + (profile.timeDeltas[index] ?? 0));
});
let total = 0;
for (const us of selfUs.values()) total += us;

/** Which package a script belongs to. */
function packageOf(url) {
  if (!url) return '(native / V8)';
  if (url.startsWith('node:')) return 'node internals';
  const modules = url.lastIndexOf('node_modules/');
  if (modules >= 0) {
    const rest = url.slice(modules + 'node_modules/'.length).split('/');
    return rest[0]?.startsWith('@') ? `${rest[0]}/${rest[1]}` : (rest[0] ?? url);
  }
  const ours = url.match(/\/(api\/dist|libs\/[^/]+)\//);
  return ours ? ours[1] : url;
}

const functions = new Map();
const packages = new Map();
for (const [id, us] of selfUs) {
  const { functionName, url, lineNumber } = byId.get(id).callFrame;
  const where = url
    ? `${url.replace(/^.*node_modules\//, '').replace(/^file:\/\/.*\/(api|libs)\//, '$1/')}:${lineNumber + 1}`
    : '';
  const name = `${functionName || '(anonymous)'} ${where}`.trim();
  functions.set(name, (functions.get(name) ?? 0) + us);
  const pkg = packageOf(url);
  packages.set(pkg, (packages.get(pkg) ?? 0) + us);
}
const share = (us) => `${((us / total) * 100).toFixed(1).padStart(5)} %`;
const print = (title, map) => {
  console.log(`\n${title}`);
  for (const [name, us] of [...map].sort((a, b) => b[1] - a[1]).slice(0, top)) {
    console.log(`${share(us)}  ${name}`);
  }
};
console.log(`${file}: ${(total / 1e6).toFixed(2)} s of samples`);
print('Self time by package', packages);
print('Self time by function', functions);
