import { UPLOAD_NOT_IMAGE_MESSAGE } from '@coldmail/contracts';
import { emulatorClient } from '@coldmail/auth-emulator';
import { type ApiProcess, startApiProcess } from './support/api-process';
import { call, unique } from './support/test-api';

/** The ASF header GUID that made file-type 16 loop for ever (CVE-2026-31808), then zeros. */
const ASF_FILE = Buffer.concat([
  Buffer.from('3026b2758e66cf11a6d900aa0062ce6c', 'hex'),
  Buffer.alloc(184),
]);

/** How long liveness may take to answer while the hostile upload is handled. */
const LIVENESS_BUDGET_MS = 1_500;

let api: ApiProcess;
let token: string;

beforeAll(async () => {
  api = await startApiProcess();
  const emulator = emulatorClient({
    host: process.env.TEST_AUTH_EMULATOR_HOST,
    projectId: process.env.TEST_FIREBASE_PROJECT_ID,
  });
  ({ idToken: token } = await emulator.createUser(
    `hostile-${unique()}@coldmail.test`,
    'pw-12345678',
  ));
  const created = await call(api, 'POST', '/api/create-user', { token, json: { userName: 'x' } });
  expect(created.status).toBe(200);
});

afterAll(async () => {
  await api?.stop();
});

/** Liveness answers, within the budget, on every probe until `done` settles. */
async function probeLivenessUntil(done: Promise<unknown>): Promise<number[]> {
  let settled = false;
  void done.finally(() => (settled = true));
  const statuses: number[] = [];
  do {
    const response = await fetch(`${api.url}/api/health/live`, {
      signal: AbortSignal.timeout(LIVENESS_BUDGET_MS),
    }).then(
      (answer) => answer.status,
      () => 0,
    );
    statuses.push(response);
    await new Promise((resolve) => setTimeout(resolve, 50));
  } while (!settled && statuses.length < 40);
  return statuses;
}

describe('bytes an attacker sends, against the API as production runs it (its own process)', () => {
  it('refuses the 200-byte ASF upload with 400 while liveness keeps answering', async () => {
    const body = new FormData();
    body.append('image', new Blob([new Uint8Array(ASF_FILE)], { type: 'image/png' }), 'a.png');
    const upload = call<{ message: string }>(api, 'POST', '/image-server/upload', { token, body });
    const liveness = await probeLivenessUntil(upload);
    const answer = await upload;
    expect([answer.status, answer.body.message]).toEqual([400, UPLOAD_NOT_IMAGE_MESSAGE]);
    expect(liveness.every((status) => status === 200)).toBe(true);
    expect(api.running()).toBe(true);
  });

  it('refuses an AVIF cut inside a box header with 400, not a 500', async () => {
    const ftyp = Buffer.from('0000001c6674797061766966000000006176696d6d696631', 'hex');
    // An 'mdat' box of size 1, whose 64-bit size should follow: the file ends there.
    const box = Buffer.from('000000016d646174', 'hex');
    const body = new FormData();
    body.append(
      'image',
      new Blob([new Uint8Array(Buffer.concat([ftyp, Buffer.alloc(4), box]))], {
        type: 'image/avif',
      }),
      'cut.avif',
    );
    const answer = await call<{ message: string }>(api, 'POST', '/image-server/upload', {
      token,
      body,
    });
    expect([answer.status, answer.body.message]).toEqual([400, UPLOAD_NOT_IMAGE_MESSAGE]);
  });

  it('answers deeply nested JSON, a markup bomb in a sanitised field and a multipart flood with 4xx or 201, while liveness keeps answering', async () => {
    const nested = '['.repeat(45_000) + ']'.repeat(45_000);
    const markup = '<b><i><a href="javascript:x">Hi '.repeat(160).slice(0, 5000);
    const parts = new FormData();
    for (let index = 0; index < 500; index += 1) parts.append(`field${index}`, 'x');
    const requests = Promise.all([
      call(api, 'POST', '/new-support-message', {
        headers: { 'content-type': 'application/json' },
        body: nested,
      }),
      call(api, 'POST', '/new-support-message', {
        json: {
          subject: 'Markup',
          message: markup,
          ticketUserName: 'Visitor',
          ticketUserEmail: `visitor-${unique()}@coldmail.test`,
          phone: '+1 555 0100',
        },
      }),
      call(api, 'POST', '/image-server/upload', { token, body: parts }),
    ]);
    const liveness = await probeLivenessUntil(requests);
    const [json, sanitised, multipart] = await requests;
    expect(json.status).toBe(400);
    expect(sanitised.status).toBe(201);
    expect(multipart.status).toBeGreaterThanOrEqual(400);
    expect(multipart.status).toBeLessThan(500);
    expect(liveness.every((status) => status === 200)).toBe(true);
    expect(api.running()).toBe(true);
  });
});
