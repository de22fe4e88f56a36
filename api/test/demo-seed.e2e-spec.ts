import { FirebaseAuthService } from '../src/auth/firebase-auth.service';
import { DemoSeedService } from '../src/seed/demo-seed.service';
import { contract } from '@coldmail/contracts';
import { callEndpoint, startTestApi, type TestApi } from './support/test-api';

const BUYER = { email: 'buyer@coldmail.test', password: 'buyer-dev-only' };
let api: TestApi;

beforeAll(async () => {
  api = await startTestApi({ SEED_DEMO_DATA: 'true' });
});

afterAll(async () => {
  await api?.close();
});

const firebaseAuth = () => api.app.get(FirebaseAuthService).auth;

/** The demo buyer signs in and opens the app (create-user binds or syncs their record). */
async function signInAsDemoBuyer() {
  const token = await api.emulator.signIn(BUYER.email, BUYER.password);
  return callEndpoint(api, contract.users.createOrSync, { token, body: {} });
}

describe('the demo seed (npm start, on the Auth emulator)', () => {
  it('keeps the demo accounts usable when the emulator has forgotten them (a second npm start)', async () => {
    await api.app.get(DemoSeedService).run();
    const first = await signInAsDemoBuyer();
    expect(first.status).toBe(200);
    expect(first.body.userEmail).toBe(BUYER.email);

    // The emulator keeps its accounts only while it runs; the database keeps the records.
    const { uid } = await firebaseAuth().getUserByEmail(BUYER.email);
    await firebaseAuth().deleteUser(uid);
    await api.app.get(DemoSeedService).run();
    expect((await firebaseAuth().getUserByEmail(BUYER.email)).uid).not.toBe(uid);

    // The same record, not 'This e-mail address belongs to another account'.
    const again = await signInAsDemoBuyer();
    expect(again.status).toBe(200);
    expect(again.body._id).toBe(first.body._id);
  });
});
