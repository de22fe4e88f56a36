// Issue 52 item 6: the API reports its failures to an error tracker (Sentry's protocol), here a
// local double that records the envelopes as they arrive. The database is made to fail under a
// running API, so a real route answers 5xx; nothing of the request may go with the report.
import { randomBytes, randomInt } from 'node:crypto';
import { contract } from '@coldmail/contracts';
import { getConnectionToken } from '@nestjs/mongoose';
import type { Connection } from 'mongoose';
import { startOtlpReceiver } from './support/otlp-receiver';
import { sentryDouble } from './support/sentry-double';
import { callEndpoint, signUp, startTestApi, type TestApi } from './support/test-api';

const tracker = sentryDouble();
/** Each test reports as a project of its own. */
const newProject = () => String(randomInt(100_000, 1_000_000_000));

/** A browser's W3C traceparent (not sampled: the API decides). */
function traceparent() {
  const traceId = randomBytes(16).toString('hex');
  const spanId = randomBytes(8).toString('hex');
  return { traceId, spanId, header: `00-${traceId}-${spanId}-00` };
}

/** Makes every later database call of the API fail, as a lost database would. */
async function breakDatabase(api: TestApi): Promise<void> {
  await api.app.get<Connection>(getConnectionToken()).destroy();
}

let running: TestApi[] = [];
afterEach(async () => {
  await Promise.all(running.map((api) => api.close().catch(() => {})));
  running = [];
});

async function trackedApi(project: string, env: Record<string, string> = {}): Promise<TestApi> {
  const api = await startTestApi({ SENTRY_DSN: tracker.dsn(project), ...env });
  running.push(api);
  return api;
}

describe('error tracking', () => {
  it('reports a 5xx with the release, environment and trace id, and nothing of the request', async () => {
    const project = newProject();
    const api = await trackedApi(project, {
      SENTRY_RELEASE: 'api@e2e-release',
      SENTRY_ENVIRONMENT: 'staging',
    });
    const buyer = await signUp(api, 'tracked');
    const secretName = `body-${randomBytes(6).toString('hex')}`;
    const cookie = `session=cookie-${randomBytes(6).toString('hex')}`;

    // A client error is the client's: not reported.
    const missing = await callEndpoint(api, contract.packageOrders.get, {
      token: buyer.token,
      params: { id: '0123456789abcdef01234567' },
    });
    expect(missing.status).toBe(404);

    await breakDatabase(api);
    const trace = traceparent();
    const failed = await callEndpoint(api, contract.users.createOrSync, {
      token: buyer.token,
      body: { userName: secretName },
      headers: { traceparent: trace.header, cookie },
    });
    expect(failed.status).toBeGreaterThanOrEqual(500);
    // Closing the app sends what its tracker still holds.
    await api.close();
    running = [];

    const events = await tracker.events(project);
    expect(events).toHaveLength(1);
    const [event] = events;
    expect(event).toMatchObject({
      release: 'api@e2e-release',
      environment: 'staging',
      tags: {
        trace_id: trace.traceId,
        route: contract.users.createOrSync.path,
        method: 'POST',
        request_id: failed.headers.get('x-request-id'),
      },
      contexts: { trace: { trace_id: trace.traceId, parent_span_id: trace.spanId } },
    });
    expect(event?.exception?.values?.length).toBeGreaterThan(0);
    const sent = JSON.stringify(await tracker.envelopes(project));
    expect(event?.request).toBeUndefined();
    expect(event?.user).toBeUndefined();
    for (const secret of [buyer.token, secretName, cookie, buyer.email]) {
      expect(sent).not.toContain(secret);
    }
    expect(sent.toLowerCase()).not.toContain('authorization');
  });

  it("carries the request span's ids when the API traces its requests", async () => {
    const project = newProject();
    const collector = await startOtlpReceiver();
    const api = await trackedApi(project, { OTEL_EXPORTER_OTLP_ENDPOINT: collector.url });
    const buyer = await signUp(api, 'traced');
    await breakDatabase(api);
    const trace = traceparent();
    const failed = await callEndpoint(api, contract.users.createOrSync, {
      token: buyer.token,
      body: { userName: 'traced' },
      headers: { traceparent: trace.header },
    });
    expect(failed.status).toBeGreaterThanOrEqual(500);
    await api.close();
    running = [];
    await collector.stop();

    const [event] = await tracker.events(project);
    // The API's span continues the caller's trace: the report names that span, as exported.
    const span = collector.spans.find(
      (s) => s.traceId === trace.traceId && s.name === 'users.createOrSync',
    );
    expect(span?.parentSpanId).toBe(trace.spanId);
    expect(event?.tags?.trace_id).toBe(trace.traceId);
    expect(event?.contexts?.trace).toMatchObject({
      trace_id: trace.traceId,
      span_id: span?.spanId,
    });
  });

  it("names the API's build as the release when SENTRY_RELEASE is unset", async () => {
    const project = newProject();
    const api = await trackedApi(project);
    const buyer = await signUp(api, 'release');
    await breakDatabase(api);
    const failed = await callEndpoint(api, contract.users.createOrSync, {
      token: buyer.token,
      body: { userName: 'release' },
    });
    expect(failed.status).toBeGreaterThanOrEqual(500);
    await api.close();
    running = [];

    const [event] = await tracker.events(project);
    expect(event?.release).toMatch(/^api@[0-9a-f]{16}$/);
    expect(event?.environment).toBe('test');
  });
});
