import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { test } from 'node:test';
import { fileURLToPath } from 'node:url';

const CLI = fileURLToPath(new URL('../cli.mjs', import.meta.url));

for (const signal of ['SIGTERM', 'SIGINT']) {
  test(`the CLI prints one ready line, serves, and exits 0 on ${signal}`, async () => {
    const child = spawn(process.execPath, [CLI, '--port', '0'], {
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let stdout = '';
    child.stdout.setEncoding('utf8');
    const ready = new Promise((resolve, reject) => {
      child.stdout.on('data', (chunk) => {
        stdout += chunk;
        if (stdout.includes('\n')) resolve(stdout);
      });
      child.once('exit', (code) => reject(new Error(`exited early with ${code}`)));
    });
    const [line] = (await ready).split('\n');
    const match = /^ready (http:\/\/127\.0\.0\.1:\d+)$/.exec(line);
    assert.ok(match, line);

    const script = await fetch(`${match[1]}/sdk/js?client-id=x&currency=USD`);
    assert.equal(script.status, 200);
    assert.match(script.headers.get('content-type'), /^application\/javascript/);
    assert.match(script.headers.get('cache-control'), /no-cache/);
    assert.match(await script.text(), /Buttons/);

    child.kill(signal);
    const [code] = await once(child, 'exit');
    assert.equal(code, 0);
    assert.equal(stdout, `${line}\n`, 'nothing else on stdout');
  });
}
