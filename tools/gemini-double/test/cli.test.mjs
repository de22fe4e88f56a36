import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { test } from 'node:test';
import { fileURLToPath } from 'node:url';
import { generate, modelUrl, postJson, taggedPrompt } from '../test-support/gemini.mjs';

const CLI = fileURLToPath(new URL('../cli.mjs', import.meta.url));

for (const signal of ['SIGTERM', 'SIGINT']) {
  test(`the CLI prints one ready line, serves, and exits 0 on ${signal}`, async () => {
    const child = spawn(process.execPath, [CLI, '--port', '0', '--retry-after', '5'], {
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

    const response = await generate(
      match[1],
      'key-1',
      taggedPrompt({ recipient: 'Ada', sender: 'Charles', purpose: 'Say hello' }),
    );
    assert.match(response.text, /^Subject: /);
    const quota = await postJson(
      modelUrl(match[1]),
      { contents: [{ parts: [{ text: 'hi' }] }] },
      {
        'x-goog-api-key': 'quota-key',
      },
    );
    assert.equal(quota.headers.get('retry-after'), '5', '--retry-after is applied');

    child.kill(signal);
    const [code] = await once(child, 'exit');
    assert.equal(code, 0);
    assert.equal(stdout, `${line}\n`, 'nothing else on stdout');
  });
}

test('the CLI refuses a malformed number', async () => {
  const child = spawn(process.execPath, [CLI, '--port', '0', '--slow-ms', 'soon'], {
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let stderr = '';
  child.stderr.setEncoding('utf8');
  child.stderr.on('data', (chunk) => (stderr += chunk));
  const [code] = await once(child, 'exit');
  assert.equal(code, 2);
  assert.match(stderr, /--slow-ms must be a whole number, got soon/);
});
