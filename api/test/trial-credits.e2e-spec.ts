import { contract } from '@coldmail/contracts';
import {
  callEndpoint,
  signUp,
  startTestApi,
  type Persona,
  type TestApi,
  unique,
} from './support/test-api';

/** 3 credits; the caps (every test's accounts sign in from 127.0.0.1) only where a test sets them. */
const TRIAL = {
  LOG_LEVEL: 'warn',
  TRIAL_CREDITS: '3',
  TRIAL_NETWORK_DAILY_LIMIT: '0',
  TRIAL_SITE_DAILY_LIMIT: '0',
};

let api: TestApi;

beforeAll(async () => {
  api = await startTestApi(TRIAL);
});

afterAll(async () => {
  await api?.close();
});

/** What the UI does after every sign-in: POST /api/create-user with the account's token. */
async function signedIn(on: TestApi, token: string) {
  const synced = await callEndpoint(on, contract.users.createOrSync, { token, body: {} });
  expect(synced.status).toBe(200);
  return synced.body;
}

/** The caller's credit history entries of the trial. */
async function trialEntries(on: TestApi, persona: Persona) {
  const history = await callEndpoint(on, contract.credits.history, {
    token: persona.token,
    query: { pageSize: 100 },
  });
  expect(history.status).toBe(200);
  return history.body.entries.filter((entry) => entry.reason === 'trial');
}

/** As opening the verification link does, then a fresh token that says so. */
async function verify(on: TestApi, persona: Persona): Promise<Persona> {
  const updated = await fetch(
    `${on.emulator.url}/identitytoolkit.googleapis.com/v1/projects/${on.emulator.projectId}/accounts:update`,
    {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: 'Bearer owner' },
      body: JSON.stringify({ localId: uidOf(persona), emailVerified: true }),
    },
  );
  expect(updated.status).toBe(200);
  return { ...persona, token: await on.emulator.signIn(persona.email, persona.password) };
}

/** The Firebase account's uid, from its token. */
function uidOf(persona: Persona): string {
  const payload = persona.token.split('.')[1] ?? '';
  return (JSON.parse(Buffer.from(payload, 'base64url').toString('utf8')) as { user_id: string })
    .user_id;
}

describe('trial credits', () => {
  it('says what a new account gets, to anyone', async () => {
    const offer = await callEndpoint(api, contract.credits.trialOffer, {});
    expect(offer.status).toBe(200);
    expect(offer.body).toEqual({ credits: 3 });
  });

  it('are given at the first sign-in after the address is verified, once', async () => {
    const unverified = await signUp(api, 'trial-later', { verified: false });
    expect((await signedIn(api, unverified.token)).currentBalance).toBe(0);
    expect(await trialEntries(api, unverified)).toEqual([]);

    const verified = await verify(api, unverified);
    expect((await signedIn(api, verified.token)).currentBalance).toBe(3);
    // Signing in again, or reading the record, gives nothing more.
    expect((await signedIn(api, verified.token)).currentBalance).toBe(3);
    const entries = await trialEntries(api, verified);
    expect(entries).toEqual([expect.objectContaining({ delta: 3, balanceAfter: 3 })]);
  });

  it('are given once when the first sign-ins race, on two instances', async () => {
    const second = await startTestApi(TRIAL, { sameDatabaseAs: api });
    try {
      const persona = await signUp(api, 'trial-race', { sync: false });
      const records = await Promise.all(
        [api, second, api, second, api, second].map((on) => signedIn(on, persona.token)),
      );
      expect(Math.max(...records.map((record) => record.currentBalance))).toBe(3);
      const user = await api.db.collection('users').findOne({ userEmail: persona.email });
      expect(user?.currentBalance).toBe(3);
      expect(await trialEntries(api, { ...persona, id: String(user?._id) })).toHaveLength(1);
    } finally {
      await second.close();
    }
  });

  it('are never given twice to one address, also after its record is gone', async () => {
    const email = `trial-again-${unique()}@coldmail.test`;
    const first = await signUp(api, 'trial-again', { email });
    expect((await api.db.collection('users').findOne({ userEmail: email }))?.currentBalance).toBe(
      3,
    );
    // The account and its record go (as a deletion removes them); the address comes back.
    await fetch(
      `${api.emulator.url}/identitytoolkit.googleapis.com/v1/projects/${api.emulator.projectId}/accounts:delete`,
      {
        method: 'POST',
        headers: { 'content-type': 'application/json', authorization: 'Bearer owner' },
        body: JSON.stringify({ localId: uidOf(first) }),
      },
    );
    await api.db.collection('users').deleteOne({ userEmail: email });
    const again = await signUp(api, 'trial-again', { email, sync: false });
    expect((await signedIn(api, again.token)).currentBalance).toBe(0);
    // The grant kept is a hash: the address itself is not stored with it.
    const grants = await api.db.collection('trial_grants').find().toArray();
    expect(JSON.stringify(grants)).not.toContain(email);
  });

  it('stop for a network that reached its daily cap, and for the site at its own', async () => {
    const capped = await startTestApi({ ...TRIAL, TRIAL_NETWORK_DAILY_LIMIT: '2' });
    const siteCapped = await startTestApi({ ...TRIAL, TRIAL_SITE_DAILY_LIMIT: '1' });
    try {
      const balances = [];
      for (const label of ['cap-1', 'cap-2', 'cap-3']) {
        const persona = await signUp(capped, label, { sync: false });
        balances.push((await signedIn(capped, persona.token)).currentBalance);
      }
      expect(balances).toEqual([3, 3, 0]);

      const first = await signUp(siteCapped, 'site-1', { sync: false });
      const second = await signUp(siteCapped, 'site-2', { sync: false });
      expect((await signedIn(siteCapped, first.token)).currentBalance).toBe(3);
      expect((await signedIn(siteCapped, second.token)).currentBalance).toBe(0);
    } finally {
      await capped.close();
      await siteCapped.close();
    }
  });

  it('are off with TRIAL_CREDITS=0, and never go to an Admin', async () => {
    const adminEmail = `trial-admin-${unique()}@coldmail.test`;
    const off = await startTestApi({ TRIAL_CREDITS: '0' });
    const withAdmin = await startTestApi({ ...TRIAL, ADMIN_EMAILS: adminEmail });
    try {
      expect((await callEndpoint(off, contract.credits.trialOffer, {})).body).toEqual({
        credits: 0,
      });
      const member = await signUp(off, 'trial-off', { sync: false });
      expect((await signedIn(off, member.token)).currentBalance).toBe(0);

      const admin = await signUp(withAdmin, 'trial-admin', { email: adminEmail, sync: false });
      const record = await signedIn(withAdmin, admin.token);
      expect(record.userRole).toBe('Admin');
      expect(record.currentBalance).toBe(0);
    } finally {
      await off.close();
      await withAdmin.close();
    }
  });
});
