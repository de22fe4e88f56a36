import { call, signUp, startTestApi, type TestApi } from './support/test-api';

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
    // NODE_ENV unset (development) and no credentials: the usual Google Cloud setup.
    const unconfigured = await startTestApi({ NODE_ENV: '', FIREBASE_AUTH_EMULATOR_HOST: '' });
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
