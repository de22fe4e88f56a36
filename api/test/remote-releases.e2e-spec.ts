import {
  contract,
  reportedRemotes,
  type ApiErrorBody,
  type BodyOf,
  type RemoteReleaseRow,
} from '@coldmail/contracts';
import { remoteNames } from '@coldmail/registry/apps';
import {
  call,
  callEndpoint,
  type Persona,
  signUp,
  startTestApi,
  type TestApi,
  unique,
} from './support/test-api';

type Report = BodyOf<typeof contract.remoteReleases.report>;
type ErrorBody = ApiErrorBody & { fieldErrors?: Record<string, string> };

let api: TestApi;
let admin: Persona;
let buyer: Persona;
const adminEmail = `releases-admin-${unique()}@coldmail.test`;
/** A canary is stopped from 3 failures that are more than the default 20 % of its reports. */
const env = { ADMIN_EMAILS: adminEmail, REMOTE_CANARY_MIN_FAILURES: '3' };

beforeAll(async () => {
  api = await startTestApi(env);
  admin = await signUp(api, 'admin', { email: adminEmail });
  buyer = await signUp(api, 'buyer');
});
afterAll(() => api?.close());

/** A release id no other test uses: 16 hex digits, as tools/release makes them. */
const newRelease = () => `${unique()}${unique()}`;
const stored = (remote: string, release: string) =>
  api.db.collection<{ _id: string }>('remoteReleases').findOne({ _id: `${remote}:${release}` });

const report = (body: Report, on: Pick<TestApi, 'url'> = api) =>
  callEndpoint(on, contract.remoteReleases.report, { body });
const status = (remote: Report['remote'], release: string, on: Pick<TestApi, 'url'> = api) =>
  callEndpoint(on, contract.remoteReleases.status, { params: { remote, release } });
/** `times` reports of one outcome, one after another, each answered 200. */
async function reportMany(
  remote: Report['remote'],
  release: string,
  outcome: Report['outcome'],
  times: number,
) {
  for (let count = 0; count < times; count += 1) {
    const answer = await report({ remote, release, outcome });
    expect(answer.status).toBe(200);
  }
}

it('takes reports on exactly the remotes of the app registry', () => {
  expect([...reportedRemotes].sort()).toEqual([...remoteNames].sort());
});

describe('POST /api/remote-releases/reports', () => {
  it('counts loads and failures of a release, from anonymous browsers, in one document', async () => {
    const release = newRelease();
    const first = await report({ remote: 'checkout', release, outcome: 'loaded' });
    expect(first.status).toBe(200);
    expect(first.body).toEqual({ remote: 'checkout', release, halted: false });
    await reportMany('checkout', release, 'loaded', 2);
    const failure = await report({
      remote: 'checkout',
      release,
      outcome: 'failed',
      reason: "  SyntaxError: Unexpected token '<'  ",
    });
    expect(failure.body).toEqual({ remote: 'checkout', release, halted: false });

    const document = await stored('checkout', release);
    expect(document).toEqual({
      _id: `checkout:${release}`,
      remote: 'checkout',
      release,
      loaded: 3,
      failed: 1,
      firstReportAt: expect.any(Date),
      lastReportAt: expect.any(Date),
      lastFailure: "SyntaxError: Unexpected token '<'",
      halted: false,
      haltedAt: null,
    });
    const { firstReportAt, lastReportAt } = document as unknown as {
      firstReportAt: Date;
      lastReportAt: Date;
    };
    expect(lastReportAt.getTime()).toBeGreaterThanOrEqual(firstReportAt.getTime());
    // The same remote's other release, and another remote's same release, are counted apart.
    await report({ remote: 'checkout', release: newRelease(), outcome: 'failed' });
    await report({ remote: 'account', release, outcome: 'failed' });
    expect(await stored('checkout', release)).toMatchObject({ loaded: 3, failed: 1 });
    expect(await stored('account', release)).toMatchObject({ loaded: 0, failed: 1 });
  });

  it('keeps the last failure’s reason through loads, and forgets it for a failure without one', async () => {
    const release = newRelease();
    await report({ remote: 'generator', release, outcome: 'failed', reason: 'ChunkLoadError' });
    await report({ remote: 'generator', release, outcome: 'loaded' });
    expect(await stored('generator', release)).toMatchObject({ lastFailure: 'ChunkLoadError' });
    await report({ remote: 'generator', release, outcome: 'failed' });
    expect(await stored('generator', release)).toMatchObject({ failed: 2, lastFailure: null });
  });

  it('stops a canary exactly when its failures pass both the minimum and the share', async () => {
    const release = newRelease();
    await reportMany('marketing', release, 'loaded', 20);
    // 3 failures, the minimum, but 3 of 23 reports (13 %): still running.
    await reportMany('marketing', release, 'failed', 3);
    expect((await status('marketing', release)).body.halted).toBe(false);
    // 5 of 25 is 20 %, not more: still running.
    await reportMany('marketing', release, 'failed', 2);
    expect((await status('marketing', release)).body).toEqual({
      remote: 'marketing',
      release,
      halted: false,
    });
    // 6 of 26 (23 %): stopped, and this report's answer says so.
    const stopping = await report({ remote: 'marketing', release, outcome: 'failed' });
    expect(stopping.body).toEqual({ remote: 'marketing', release, halted: true });
    expect((await status('marketing', release)).body).toEqual({
      remote: 'marketing',
      release,
      halted: true,
    });
    const { haltedAt } = (await stored('marketing', release)) as unknown as { haltedAt: Date };
    expect(haltedAt).toBeInstanceOf(Date);

    // Later reports are counted, and neither loads nor failures start it again or move the stop.
    await reportMany('marketing', release, 'loaded', 30);
    const after = await report({ remote: 'marketing', release, outcome: 'failed' });
    expect(after.body.halted).toBe(true);
    expect((await status('marketing', release)).body.halted).toBe(true);
    expect(await stored('marketing', release)).toMatchObject({
      loaded: 50,
      failed: 7,
      halted: true,
      haltedAt,
    });
  });

  it('never stops a release on fewer failures than the minimum, however few its loads', async () => {
    const release = newRelease();
    await reportMany('admin', release, 'failed', 2);
    expect((await status('admin', release)).body.halted).toBe(false);
    expect((await report({ remote: 'admin', release, outcome: 'failed' })).body.halted).toBe(true);
  });

  it('counts every report once on two instances of one database, and both see the stop', async () => {
    const other = await startTestApi(env, { sameDatabaseAs: api });
    try {
      const release = newRelease();
      // 40 loads and 12 failures at once, alternating between the instances: the last failure
      // counted sees 12 of at most 52 (23 % or more), so the canary ends stopped.
      const outcomes = [
        ...Array.from({ length: 40 }, () => 'loaded' as const),
        ...Array.from({ length: 12 }, () => 'failed' as const),
      ];
      const answers = await Promise.all(
        outcomes.map((outcome, index) =>
          report({ remote: 'account', release, outcome }, index % 2 === 0 ? api : other),
        ),
      );
      expect(answers.map((answer) => answer.status)).toEqual(outcomes.map(() => 200));
      expect(await stored('account', release)).toMatchObject({
        loaded: 40,
        failed: 12,
        halted: true,
        haltedAt: expect.any(Date),
      });
      expect((await status('account', release, api)).body.halted).toBe(true);
      expect((await status('account', release, other)).body.halted).toBe(true);
    } finally {
      await other.close();
    }
  });
});

describe('GET /api/remote-releases/:remote/:release', () => {
  it('answers a release nobody reported on as running, storing nothing', async () => {
    const release = newRelease();
    const answer = await status('checkout', release);
    expect(answer.status).toBe(200);
    expect(answer.body).toEqual({ remote: 'checkout', release, halted: false });
    expect(await stored('checkout', release)).toBeNull();
  });
});

describe('GET /api/admin/remote-releases', () => {
  it('lists each release’s figures to an admin, the latest reported first', async () => {
    const running = newRelease();
    const stopped = newRelease();
    await report({ remote: 'marketing', release: running, outcome: 'loaded' });
    await reportMany('generator', stopped, 'failed', 3);
    const listed = await callEndpoint(api, contract.remoteReleases.list, { token: admin.token });
    expect(listed.status).toBe(200);
    const rows = listed.body;
    expect(rows.slice(0, 2)).toEqual<RemoteReleaseRow[]>([
      {
        remote: 'generator',
        release: stopped,
        halted: true,
        loaded: 0,
        failed: 3,
        firstReportAt: expect.stringMatching(/^\d{4}-\d\d-\d\dT.*Z$/),
        lastReportAt: expect.stringMatching(/^\d{4}-\d\d-\d\dT.*Z$/),
        haltedAt: expect.stringMatching(/^\d{4}-\d\d-\d\dT.*Z$/),
        lastFailure: null,
      },
      {
        remote: 'marketing',
        release: running,
        halted: false,
        loaded: 1,
        failed: 0,
        firstReportAt: expect.stringMatching(/^\d{4}-\d\d-\d\dT.*Z$/),
        lastReportAt: expect.stringMatching(/^\d{4}-\d\d-\d\dT.*Z$/),
        haltedAt: null,
        lastFailure: null,
      },
    ]);
    const times = rows.map((row) => Date.parse(row.lastReportAt));
    expect(times).toEqual([...times].sort((a, b) => b - a));
  });

  it('lists at most the latest 100 releases', async () => {
    const longAgo = Date.parse('2025-01-01T00:00:00Z');
    await api.db.collection<{ _id: string }>('remoteReleases').insertMany(
      Array.from({ length: 120 }, (_, index) => {
        const release = newRelease();
        const at = new Date(longAgo + index * 60_000);
        return {
          _id: `admin:${release}`,
          remote: 'admin',
          release,
          loaded: index,
          failed: 0,
          firstReportAt: at,
          lastReportAt: at,
          lastFailure: null,
          halted: false,
          haltedAt: null,
        };
      }),
    );
    const newest = newRelease();
    await report({ remote: 'admin', release: newest, outcome: 'loaded' });
    const latest = await api.db
      .collection<{ _id: string; release: string }>('remoteReleases')
      .find()
      .sort({ lastReportAt: -1, _id: 1 })
      .limit(100)
      .toArray();
    const listed = await callEndpoint(api, contract.remoteReleases.list, { token: admin.token });
    expect(listed.body).toHaveLength(100);
    expect(listed.body[0]?.release).toBe(newest);
    expect(listed.body.map((row) => row.release)).toEqual(latest.map((row) => row.release));
  });

  it('refuses a visitor (401) and a buyer (403)', async () => {
    const anonymous = await callEndpoint(api, contract.remoteReleases.list, {});
    expect(anonymous.status).toBe(401);
    const byBuyer = await callEndpoint(api, contract.remoteReleases.list, { token: buyer.token });
    expect(byBuyer.status).toBe(403);
  });
});

describe('bad input', () => {
  const release = '0123456789abcdef';
  const valid = { remote: 'marketing', release, outcome: 'failed' };
  const allStored = () => api.db.collection('remoteReleases').find().sort({ _id: 1 }).toArray();

  it.each<[string, string, string | undefined]>([
    ['malformed JSON', '{"remote": ', undefined],
    ['an array', '[]', undefined],
    ['null', 'null', undefined],
    ['no body', '', undefined],
    ['an unknown remote', JSON.stringify({ ...valid, remote: 'shell' }), 'remote'],
    [
      'a release of capitals',
      JSON.stringify({ ...valid, release: release.toUpperCase() }),
      'release',
    ],
    ['a short release', JSON.stringify({ ...valid, release: 'abc123' }), 'release'],
    ['a release that is not hex', JSON.stringify({ ...valid, release: 'g'.repeat(16) }), 'release'],
    ['an unknown outcome', JSON.stringify({ ...valid, outcome: 'halted' }), 'outcome'],
    ['a reason too long', JSON.stringify({ ...valid, reason: 'x'.repeat(301) }), 'reason'],
    ['an extra field', JSON.stringify({ ...valid, halted: false }), 'halted'],
    ['counts of its own', JSON.stringify({ ...valid, failed: 1000 }), 'failed'],
    ['an operator for the remote', JSON.stringify({ ...valid, remote: { $ne: 'x' } }), 'remote'],
    ['an operator for the release', JSON.stringify({ ...valid, release: { $gt: '' } }), 'release'],
  ])('refuses %s with a 400 and stores nothing', async (_, body, field) => {
    const before = await allStored();
    const answer = await call<ErrorBody>(api, 'POST', '/api/remote-releases/reports', {
      body,
      headers: { 'content-type': 'application/json' },
    });
    expect(answer.status).toBe(400);
    expect(answer.body.statusCode).toBe(400);
    if (field) expect(answer.body.fieldErrors).toHaveProperty(field);
    expect(await allStored()).toEqual(before);
  });

  it.each([
    ['an unknown remote', `/api/remote-releases/shell/${release}`],
    ['a release that is not one', '/api/remote-releases/marketing/not-a-release'],
    ['an operator', '/api/remote-releases/marketing/%24ne'],
  ])('answers a status request for %s with a 400', async (_, path) => {
    const answer = await call<ErrorBody>(api, 'GET', path);
    expect(answer.status).toBe(400);
    expect(answer.body.message).toBe('Validation failed');
  });
});
