import { request as httpRequest } from 'node:http';
import { shutDown } from '../src/common/shutdown';
import { contract } from '@coldmail/contracts';
import { callEndpoint, startTestApi, type TestApi, unique } from './support/test-api';

let api: TestApi;

beforeEach(async () => {
  api = await startTestApi({ SHUTDOWN_DELAY_SECONDS: '0.5', SHUTDOWN_GRACE_SECONDS: '5' });
});

afterEach(async () => {
  await api?.close();
});

/** A request whose body arrives in two parts: `finish()` sends the rest and reads the answer. */
function startSlowRequest(path: string, json: unknown) {
  const body = Buffer.from(JSON.stringify(json));
  const { port } = new URL(api.url);
  let answered: (answer: { status: number; text: string }) => void = () => undefined;
  let failed: (error: Error) => void = () => undefined;
  const answer = new Promise<{ status: number; text: string }>((resolve, reject) => {
    answered = resolve;
    failed = reject;
  });
  const request = httpRequest(
    {
      host: '127.0.0.1',
      port,
      path,
      method: 'POST',
      headers: { 'content-type': 'application/json', 'content-length': body.length },
    },
    (response) => {
      let text = '';
      response.setEncoding('utf8');
      response.on('data', (chunk: string) => (text += chunk));
      response.on('end', () => answered({ status: response.statusCode ?? 0, text }));
    },
  );
  request.on('error', failed);
  request.write(body.subarray(0, 10));
  return {
    finish: () => {
      request.end(body.subarray(10));
      return answer;
    },
  };
}

const connectionRefused = async () =>
  fetch(`${api.url}/api/health/live`).then(
    () => false,
    (error: { cause?: { code?: string } }) => error.cause?.code === 'ECONNREFUSED',
  );

describe('shutting down (SIGTERM)', () => {
  it('says it is not ready, finishes the requests under way, then takes no more', async () => {
    expect((await callEndpoint(api, contract.health.ready, {})).status).toBe(200);
    const subject = `Sent while stopping ${unique()}`;
    const contact = startSlowRequest('/new-support-message', {
      ticketUserName: 'Vera Visitor',
      ticketUserEmail: `vera-${unique()}@example.com`,
      phone: '+33 1 23 45 67 89',
      subject,
      message: 'Does a credit expire?',
    });
    // The server has the request's headers by the time it answers a later one.
    expect((await callEndpoint(api, contract.health.live, {})).status).toBe(200);

    const stopping = shutDown(api.app, api.config.shutdown);
    // During the delay: still serving, but a load balancer is told to stop sending.
    const ready = await callEndpoint(api, contract.health.ready, {});
    expect(ready.status).toBe(503);
    expect(ready.error?.message).toBe('Not ready: shutting down');

    // Then no new connection is taken, but the request under way completes and is stored.
    while (!(await connectionRefused())) await new Promise((resolve) => setTimeout(resolve, 20));
    const answer = await contact.finish();
    expect(answer.status).toBe(201);
    await stopping;
    expect(await api.db.collection('supportTickets').countDocuments({ subject })).toBe(1);
  });

  it('closes a request that outlives the grace, so the process still stops', async () => {
    await api.close();
    api = await startTestApi({ SHUTDOWN_DELAY_SECONDS: '0', SHUTDOWN_GRACE_SECONDS: '0.2' });
    const contact = startSlowRequest('/new-support-message', {
      subject: 'Never finished',
      message: 'x',
    });
    expect((await callEndpoint(api, contract.health.live, {})).status).toBe(200);

    await shutDown(api.app, api.config.shutdown);
    await expect(contact.finish()).rejects.toThrow(/socket hang up|ECONNRESET|EPIPE/);
    expect(await connectionRefused()).toBe(true);
  });
});
