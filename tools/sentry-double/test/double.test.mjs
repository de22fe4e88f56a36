import assert from 'node:assert/strict';
import { gzipSync } from 'node:zlib';
import { after, before, test } from 'node:test';
import { parseEnvelope, startSentryDouble } from '../index.mjs';

let double;
before(async () => {
  double = await startSentryDouble();
});
after(() => double.stop());

test('an envelope’s items are read by their length, or up to the line break without one', () => {
  const attachment = 'two\nlines';
  const envelope = parseEnvelope(
    Buffer.from(
      [
        JSON.stringify({ event_id: 'e1', sent_at: '2026-12-07T00:00:00Z' }),
        JSON.stringify({ type: 'attachment', length: Buffer.byteLength(attachment) }),
        attachment,
        JSON.stringify({ type: 'event' }),
        JSON.stringify({ event_id: 'e1', tags: { remote: 'checkout' } }),
        '',
      ].join('\n'),
    ),
  );
  assert.equal(envelope.header.event_id, 'e1');
  assert.deepEqual(
    envelope.items.map((item) => [item.header.type, item.payload]),
    [
      ['attachment', attachment],
      ['event', { event_id: 'e1', tags: { remote: 'checkout' } }],
    ],
  );
});

test('what the SDKs post (gzip too) is kept per project, with the request’s headers', async () => {
  const body = [
    JSON.stringify({ event_id: 'e2' }),
    JSON.stringify({ type: 'event' }),
    JSON.stringify({ event_id: 'e2', release: 'api@1' }),
  ].join('\n');
  const response = await fetch(`${double.url}/api/42/envelope/?sentry_key=public`, {
    method: 'POST',
    headers: { 'content-encoding': 'gzip', 'content-type': 'application/x-sentry-envelope' },
    body: gzipSync(body),
  });
  assert.equal(response.status, 200);
  assert.equal(response.headers.get('access-control-allow-origin'), '*');
  assert.deepEqual(double.events('42'), [{ event_id: 'e2', release: 'api@1' }]);
  assert.deepEqual(double.events('43'), []);
  const [received] = double.envelopes();
  assert.equal(received?.query.sentry_key, 'public');
  const control = await (await fetch(`${double.url}/__double/envelopes`)).json();
  assert.equal(control.length, 1);
});
