import { FirebaseAuthService } from '../src/auth/firebase-auth.service';
import { call, signUp, startTestApi, type TestApi, unique } from './support/test-api';

// Issue 9, item 1: the Auth emulator accepts unsigned ID tokens, so an API that has not been told
// to use it must refuse them, whatever NODE_ENV says.
describe('Auth emulator trust', () => {
  let emulated: TestApi;

  beforeAll(async () => {
    emulated = await startTestApi();
  });
  afterAll(() => emulated.close());

  it('an API started without FIREBASE_AUTH_EMULATOR_HOST refuses unsigned emulator tokens', async () => {
    const buyer = await signUp(emulated, 'trust', { sync: false });
    // No emulator and no credentials: the usual Google Cloud setup (Application Default
    // Credentials), for a real project (a demo-* one is refused at start-up without the emulator).
    // The token is refused for being unsigned (no key id, algorithm none) before its audience.
    const unconfigured = await startTestApi({
      FIREBASE_AUTH_EMULATOR_HOST: '',
      FIREBASE_PROJECT_ID: 'coldmail-production',
    });
    try {
      expect(unconfigured.config.firebase.emulatorHost).toBeNull();
      const response = await call(unconfigured, 'POST', '/api/create-user', {
        token: buyer.token,
        json: { userName: 'intruder' },
      });
      expect(response.status).toBe(401);
      expect(await unconfigured.db.collection('users').countDocuments()).toBe(0);
    } finally {
      await unconfigured.close();
    }
  });

  it('the same kind of token is accepted by an API that was told to use the emulator', async () => {
    // firebase-admin reads the emulator host from the process environment, so the API started
    // last decides for the whole process: start a fresh one that asks for the emulator.
    const trusting = await startTestApi();
    try {
      const buyer = await signUp(trusting, 'trusted', { sync: false });
      const response = await call(trusting, 'POST', '/api/create-user', {
        token: buyer.token,
        json: { userName: 'trusted' },
      });
      expect(response.status).toBe(200);
    } finally {
      await trusting.close();
    }
  });
});

// Issue 9, item 2: identity is the Firebase account (uid). (ADMIN_EMAILS: admin-bootstrap.e2e-spec.)
describe('verified identity', () => {
  let api: TestApi;

  beforeAll(async () => {
    api = await startTestApi();
  });
  afterAll(() => api.close());

  it('an address re-registered after its account was deleted does not take over the record', async () => {
    const original = await signUp(api, 'original');
    await api.app.get(FirebaseAuthService).auth.deleteUser(uidOf(original.token));
    const { idToken } = await api.emulator.createUser(original.email, 'another-pw', undefined, {
      emailVerified: true,
    });
    const takeover = await call(api, 'POST', '/api/create-user', {
      token: idToken,
      json: { userName: 'impostor' },
    });
    expect(takeover.status).toBe(409);
    const read = await call(api, 'GET', `/users?userEmail=${original.email}`, { token: idToken });
    expect(read.body).toEqual({ statusCode: 404, message: 'User data not found' });
    const stored = await api.db.collection('users').findOne({ userEmail: original.email });
    expect(stored).toMatchObject({ userName: 'original' });
  });
});

/** An (emulator) ID token's payload. */
function claimsOf(token: string): { user_id: string; auth_time: number } {
  return JSON.parse(Buffer.from(token.split('.')[1] ?? '', 'base64url').toString());
}

/** The uid in an (emulator) ID token's payload. */
const uidOf = (token: string) => claimsOf(token).user_id;

// Issue 9, item 3: a deleted user stays deleted, and sensitive admin actions see revocation at once.
describe('deleted users and revoked sessions', () => {
  const adminEmail = `chief-${unique()}@coldmail.test`;
  let api: TestApi;

  beforeAll(async () => {
    api = await startTestApi({ ADMIN_EMAILS: adminEmail });
  });
  afterAll(() => api.close());

  it('a deleted user cannot sign in again or recreate their record', async () => {
    const admin = await signUp(api, 'chief', { email: adminEmail });
    const leaver = await signUp(api, 'leaver');
    const deleted = await call(api, 'DELETE', `/api/users/${leaver.id}`, { token: admin.token });
    expect(deleted.status).toBe(200);

    await expect(api.emulator.signIn(leaver.email, leaver.password)).rejects.toThrow(
      /USER_DISABLED/,
    );
    // Their last token is still unexpired: create-user must not bring the record back.
    const again = await call(api, 'POST', '/api/create-user', {
      token: leaver.token,
      json: { userName: 'back again' },
    });
    expect(again.status).toBe(403);
    expect(again.text).toContain('This account has been deleted');
    expect(await api.db.collection('users').countDocuments({ userEmail: leaver.email })).toBe(0);
  });

  it('a sensitive admin action refuses a revoked session while it is still unexpired', async () => {
    const admin = await signUp(api, 'chief2', { email: `chief2-${unique()}@coldmail.test` });
    // Promote through the database: this test is about the session, not the promotion.
    await api.db
      .collection('users')
      .updateOne({ userEmail: admin.email }, { $set: { userRole: 'Admin' } });
    const target = await signUp(api, 'target');
    const edit = () =>
      call(api, 'PUT', `/api/users/${target.id}`, {
        token: admin.token,
        json: { userName: 'Renamed by admin' },
      });
    expect((await edit()).status).toBe(200);

    // Revocation counts in whole seconds: it ends this session only from the second after the
    // token's sign-in time, so wait for that second if it has not begun yet.
    const revocableFrom = (claimsOf(admin.token).auth_time + 1) * 1000;
    await new Promise((resolve) => setTimeout(resolve, Math.max(0, revocableFrom - Date.now())));
    await api.app.get(FirebaseAuthService).auth.revokeRefreshTokens(uidOf(admin.token));
    const refused = await edit();
    expect(refused.status).toBe(401);
    expect(refused.text).toContain('Please sign in again');
    // Every admin route, and an admin's use of a route all users have (the whole inbox).
    for (const path of ['/api/users', '/support-messages', '/api/support-messages/summary']) {
      const read = await call(api, 'GET', path, { token: admin.token });
      expect([path, read.status]).toEqual([path, 401]);
    }
    // Reads sent together share one check with Firebase: all refused as well.
    const together = await Promise.all(
      Array.from({ length: 8 }, () => call(api, 'GET', '/api/users', { token: admin.token })),
    );
    expect(together.map((read) => read.status)).toEqual(Array(8).fill(401));
  });

  it("answers an admin's reads sent together, each checked for revocation", async () => {
    const email = `together-${unique()}@coldmail.test`;
    const admin = await signUp(api, 'together', { email });
    await api.db
      .collection('users')
      .updateOne({ userEmail: email }, { $set: { userRole: 'Admin' } });
    const reads = await Promise.all(
      Array.from({ length: 20 }, (_, index) =>
        call(api, 'GET', index % 2 ? '/api/users' : '/api/orders', { token: admin.token }),
      ),
    );
    expect(reads.map((read) => read.status)).toEqual(Array(20).fill(200));

    const revocableFrom = (claimsOf(admin.token).auth_time + 1) * 1000;
    await new Promise((resolve) => setTimeout(resolve, Math.max(0, revocableFrom - Date.now())));
    await api.app.get(FirebaseAuthService).auth.revokeRefreshTokens(uidOf(admin.token));
    const after = await Promise.all(
      Array.from({ length: 20 }, () => call(api, 'GET', '/api/orders', { token: admin.token })),
    );
    expect(after.map((read) => read.status)).toEqual(Array(20).fill(401));
  });
});
