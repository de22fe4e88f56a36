// Issue 32: traces and metrics over OTLP, as an operator's collector receives them. The built
// API runs in its own process (as production does: the exporter loads Node's http module in a way
// jest's module sandbox refuses) and exports to a local OTLP/HTTP receiver; each test does what a
// user does and reads what arrived.
import { randomBytes } from 'node:crypto';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { contract } from '@coldmail/contracts';
import { type ApiProcess, startApiProcess } from './support/api-process';
import { generationFields } from './fixtures/generation';
import { geminiDouble } from './support/gemini-double';
import {
  type OtlpReceiver,
  type ReceivedPoint,
  type ReceivedSpan,
  startOtlpReceiver,
} from './support/otlp-receiver';
import { privatePaypalDouble, type PaypalDoubleControl } from './support/paypal-double';
import { call, callEndpoint, type Persona, signUp, unique } from './support/test-api';

const SERVER = 2;
const CLIENT = 3;
const adminEmail = `telemetry-admin-${unique()}@coldmail.test`;

let receiver: OtlpReceiver;
let paypal: PaypalDoubleControl & { stop(): Promise<void> };
let api: ApiProcess;
let admin: Persona;
/** Every JSON line the API has logged. */
const logLines = () => api.logLines;

/** A caller's W3C traceparent (a browser's: not sampled, so the API decides). */
function traceparent() {
  const traceId = randomBytes(16).toString('hex');
  const spanId = randomBytes(8).toString('hex');
  return { traceId, spanId, header: `00-${traceId}-${spanId}-00` };
}

/** Waits (up to 10 s) until `find` finds something in what the receiver has. */
async function eventually<T>(find: () => T | undefined, what: string): Promise<T> {
  const deadline = Date.now() + 10_000;
  for (;;) {
    const found = find();
    if (found !== undefined) return found;
    if (Date.now() > deadline) throw new Error(`Never received: ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

const serverSpanOf = (traceId: string, name: string) =>
  eventually(
    () => receiver.spans.find((s) => s.traceId === traceId && s.name === name && s.kind === SERVER),
    `the ${name} span of trace ${traceId}`,
  );
const childrenOf = (span: ReceivedSpan) =>
  receiver.spans.filter((s) => s.parentSpanId === span.spanId);

/** The latest value of a cumulative metric's point whose attributes include `attributes`. */
function latest(
  metric: string,
  attributes: Record<string, unknown> = {},
): ReceivedPoint | undefined {
  return receiver.points
    .filter(
      (point) =>
        point.metric === metric &&
        Object.entries(attributes).every(([key, value]) => point.attributes[key] === value),
    )
    .at(-1);
}
const metricReaches = (metric: string, attributes: Record<string, unknown>, value: number) =>
  eventually(
    () => {
      const point = latest(metric, attributes);
      return point && (point.value ?? point.count) === value ? point : undefined;
    },
    `${metric} ${JSON.stringify(attributes)} = ${value}`,
  );

beforeAll(async () => {
  receiver = await startOtlpReceiver();
  paypal = await privatePaypalDouble();
  api = await startApiProcess(
    {
      LOG_LEVEL: 'info',
      ADMIN_EMAILS: adminEmail,
      MAIL_DIR: mkdtempSync(join(tmpdir(), 'api-telemetry-mail-')),
      GEMINI_KEYS_SECRET: randomBytes(32).toString('base64'),
      ...geminiDouble().env,
      ...paypal.env,
      OTEL_EXPORTER_OTLP_ENDPOINT: receiver.url,
      OTEL_EXPORTER_OTLP_HEADERS: 'x-collector-key=telemetry%20test',
      OTEL_SERVICE_NAME: 'coldmail-api-test',
      OTEL_METRIC_EXPORT_INTERVAL: '200',
    },
    { captureLogs: true },
  );
  admin = await signUp(api, 'admin', { email: adminEmail });
});

afterAll(async () => {
  await api?.stop();
  await paypal?.stop();
  await receiver?.stop();
});

it("a request is a span named by its contract endpoint, in the caller's trace, over the MongoDB commands it sent", async () => {
  const caller = traceparent();
  const answer = await callEndpoint(api, contract.packageOrders.adminList, {
    token: admin.token,
    query: { page: 1, pageSize: 5 },
    headers: { traceparent: caller.header },
  });
  expect(answer.status).toBe(200);

  const span = await serverSpanOf(caller.traceId, 'packageOrders.adminList');
  expect(span.parentSpanId).toBe(caller.spanId);
  expect(span.attributes).toMatchObject({
    'http.request.method': 'GET',
    'http.route': '/api/orders',
    'http.response.status_code': 200,
  });
  expect(span.resource).toMatchObject({ 'service.name': 'coldmail-api-test' });
  expect(receiver.lastHeaders['x-collector-key']).toBe('telemetry test');
  // The guard read the admin's record, the handler counted and read the orders.
  const commands = await eventually(() => {
    const found = childrenOf(span).filter(
      (child) => child.attributes['db.system.name'] === 'mongodb',
    );
    return found.some((child) => child.attributes['db.collection.name'] === 'orders')
      ? found
      : undefined;
  }, 'the MongoDB spans of the orders read');
  expect(commands.map((child) => child.attributes['db.collection.name'])).toContain('users');
  for (const child of commands) {
    expect(child.kind).toBe(CLIENT);
    expect(child.traceId).toBe(caller.traceId);
    // The command's filter (users' data) is not recorded.
    expect(Object.keys(child.attributes).some((key) => key.includes('statement'))).toBe(false);
  }
  // The request's log line names its trace.
  const line = await eventually(
    () =>
      logLines().find(
        (entry) => entry.msg === 'request completed' && entry.trace_id === caller.traceId,
      ),
    'the request log line with its trace id',
  );
  expect(line).toMatchObject({ res: { statusCode: 200 } });
});

it('requests are counted per endpoint, with their status and latency; a refusal is not an error', async () => {
  const before =
    latest('http.server.request.duration', { 'coldmail.endpoint': 'packages.list' })?.count ?? 0;
  for (let i = 0; i < 3; i++) {
    expect((await callEndpoint(api, contract.packages.list, {})).status).toBe(200);
  }
  expect((await callEndpoint(api, contract.packageOrders.adminList, {})).status).toBe(401);
  expect((await call(api, 'GET', '/no-such-route')).status).toBe(404);

  const listed = await metricReaches(
    'http.server.request.duration',
    { 'coldmail.endpoint': 'packages.list', 'http.response.status_code': 200 },
    before + 3,
  );
  expect(listed.attributes).toMatchObject({
    'http.route': '/packages',
    'http.request.method': 'GET',
  });
  expect(listed.sum).toBeGreaterThan(0);
  const refused = await metricReaches(
    'http.server.request.duration',
    { 'coldmail.endpoint': 'packageOrders.adminList', 'http.response.status_code': 401 },
    1,
  );
  expect(refused.attributes['error.type']).toBeUndefined();
  const unknown = await metricReaches(
    'http.server.request.duration',
    { 'coldmail.endpoint': 'GET', 'http.response.status_code': 404 },
    1,
  );
  // A path with no route is not a label (an attacker could make a series per URL).
  expect(unknown.attributes['http.route']).toBeUndefined();
});

it('a payment: PayPal calls are spans under its requests, its log lines name the trace, and payments and credits sold are counted', async () => {
  const buyer = await signUp(api, 'buyer');
  const created = await callEndpoint(api, contract.packages.add, {
    token: admin.token,
    body: { packageName: 'Traced', price: 24.5, credit: 200, validity: 90 },
  });
  const order = await callEndpoint(api, contract.packageOrders.create, {
    token: buyer.token,
    body: {
      packageId: created.body._id,
      customerName: 'Ada',
      address: '1 Loop Road',
      country: 'France',
    },
  });
  const paypalOrder = await callEndpoint(api, contract.payments.createPaypalOrder, {
    token: buyer.token,
    body: { orderId: order.body._id, kind: 'package' },
  });
  await paypal.approve(paypalOrder.body.id, `payer-${buyer.email}`);
  const caller = traceparent();
  const completed = await callEndpoint(api, contract.payments.completePackage, {
    token: buyer.token,
    params: { id: order.body._id },
    body: { paypalOrderId: paypalOrder.body.id },
    headers: { traceparent: caller.header },
  });
  expect(completed.status).toBe(200);

  const span = await serverSpanOf(caller.traceId, 'payments.completePackage');
  const capture = await eventually(
    () => childrenOf(span).find((child) => child.name === 'paypal capture'),
    'the PayPal capture span',
  );
  expect(capture).toMatchObject({ kind: CLIENT, status: {} });
  expect(capture.attributes).toMatchObject({
    'http.request.method': 'POST',
    'http.response.status_code': 201,
  });
  // Written by the fulfilment service while the request's work ran.
  const paidLine = logLines().find((entry) =>
    String(entry.msg).includes(`Order ${order.body.orderId} paid`),
  );
  expect(paidLine).toMatchObject({ trace_id: caller.traceId, span_id: span.spanId });

  await metricReaches(
    'coldmail.payments',
    { 'coldmail.payment.event': 'paid', 'coldmail.order.kind': 'package', currency: 'USD' },
    1,
  );
  await metricReaches('coldmail.payments.amount', { 'coldmail.payment.event': 'paid' }, 2450);
  await metricReaches('coldmail.credits.sold', {}, 200);
});

it('a generation: Gemini calls are spans with their key, and generations, credits spent and Gemini failures per key are counted', async () => {
  const buyer = await signUp(api, 'writer');
  expect(
    (
      await callEndpoint(api, contract.users.adminUpdate, {
        token: admin.token,
        params: { id: buyer.id },
        body: { currentBalance: 2 },
      })
    ).status,
  ).toBe(200);
  const addKey = (key: string) =>
    callEndpoint(api, contract.geminiKeys.create, {
      token: admin.token,
      body: { name: key.slice(0, 12), key },
    });
  const generate = (header?: string) =>
    callEndpoint(api, contract.generator.generate, {
      token: buyer.token,
      body: generationFields,
      headers: header ? { traceparent: header } : {},
    });

  // The only key is over its quota: the buyer is refused and charged nothing.
  const limited = await addKey(`quota-${unique()}${unique()}`);
  expect((await generate()).status).toBe(503);
  const good = await addKey(`AIzaSy${unique()}${unique()}-${unique()}`);
  const caller = traceparent();
  expect((await generate(caller.header)).status).toBe(200);

  const span = await serverSpanOf(caller.traceId, 'generator.generate');
  const model = await eventually(
    () => childrenOf(span).find((child) => child.name === 'gemini generateContent'),
    'the Gemini span',
  );
  expect(model.kind).toBe(CLIENT);
  expect(model.attributes).toMatchObject({
    'coldmail.gemini.key_id': good.body.data._id,
    'gen_ai.request.model': expect.stringMatching(/^gemini-/),
  });
  // The key itself is in no span.
  expect(JSON.stringify(receiver.spans)).not.toContain('quota-');

  await metricReaches(
    'coldmail.gemini.failures',
    { 'coldmail.gemini.key_id': limited.body.data._id, 'error.type': 'rate-limited' },
    1,
  );
  // One credit taken and given back, one spent.
  await metricReaches('coldmail.credits.spent', {}, 1);
  await metricReaches(
    'coldmail.generation.duration',
    { 'coldmail.generation.outcome': 'generated' },
    1,
  );
  await metricReaches(
    'coldmail.generation.duration',
    { 'coldmail.generation.outcome': 'failed' },
    1,
  );
});

it('lets a browser send its trace context (CORS)', async () => {
  const preflight = await fetch(`${api.url}/packages`, {
    method: 'OPTIONS',
    headers: {
      origin: 'http://localhost:4200',
      'access-control-request-method': 'GET',
      'access-control-request-headers': 'authorization,traceparent,tracestate',
    },
  });
  expect(preflight.status).toBe(204);
  expect(preflight.headers.get('access-control-allow-headers')?.toLowerCase()).toContain(
    'traceparent',
  );
});

it("exports what it recorded before it stops (SIGTERM), and never a load balancer's probes", async () => {
  const { health } = contract;
  for (const probe of [health.live, health.ready, health.get]) {
    expect((await callEndpoint(api, probe, {})).status).toBe(200);
  }
  const caller = traceparent();
  expect(
    (await callEndpoint(api, contract.packages.list, { headers: { traceparent: caller.header } }))
      .status,
  ).toBe(200);
  // Spans wait up to a second for their batch; shutting down sends them at once.
  await api.terminate();
  await serverSpanOf(caller.traceId, 'packages.list');
  expect(receiver.spans.filter((span) => span.name.startsWith('health.'))).toEqual([]);
  expect(
    receiver.points.filter((point) =>
      String(point.attributes['coldmail.endpoint']).startsWith('health.'),
    ),
  ).toEqual([]);
});

it('records traces at its own ratio: a caller’s sampled flag cannot force recording', async () => {
  const sparing = await startApiProcess({
    OTEL_EXPORTER_OTLP_ENDPOINT: receiver.url,
    OTEL_TRACES_SAMPLER_ARG: '0',
    OTEL_SERVICE_NAME: 'coldmail-api-sparing',
  });
  const forced = Array.from({ length: 20 }, () => {
    const caller = traceparent();
    return { ...caller, header: caller.header.replace(/-00$/, '-01') };
  });
  for (const caller of forced) {
    const response = await callEndpoint(sparing, contract.packages.list, {
      headers: { traceparent: caller.header },
    });
    expect(response.status).toBe(200);
  }
  // What it recorded is exported before it stops: nothing of these traces.
  await sparing.terminate();
  const traces = new Set(forced.map((caller) => caller.traceId));
  expect(receiver.spans.filter((span) => traces.has(span.traceId))).toEqual([]);
});

it('says in its log when the collector cannot be reached, and goes on serving', async () => {
  const closed = await startOtlpReceiver();
  await closed.stop();
  const lonely = await startApiProcess(
    {
      LOG_LEVEL: 'info',
      OTEL_EXPORTER_OTLP_ENDPOINT: closed.url,
      OTEL_METRIC_EXPORT_INTERVAL: '200',
    },
    { captureLogs: true },
  );
  try {
    expect((await callEndpoint(lonely, contract.packages.list, {})).status).toBe(200);
    await eventually(
      () => lonely.logLines.find((line) => line.context === 'OpenTelemetry' && line.level === 40),
      'a warning about the unreachable collector',
    );
    expect((await callEndpoint(lonely, contract.packages.list, {})).status).toBe(200);
  } finally {
    await lonely.stop();
  }
});
