import { contract, type BodyOf, type ButtonStyles, type PaypalSettings } from '@coldmail/contracts';
import type { mongo } from 'mongoose';
import { SecretCipher } from '../src/secrets/secret-cipher';
import {
  call,
  callEndpoint,
  type Persona,
  signUp,
  startTestApi,
  type TestApi,
  unique,
} from './support/test-api';

type SettingsResponse = { success: boolean; message?: string; data: PaypalSettings };
type ErrorBody = { statusCode: number; message: string; fieldErrors?: Record<string, string> };

const ENV_SECRET = 'EnvSecret-abcdefghijklmnop-1234';
let api: TestApi;
let admin: Persona;
let buyer: Persona;
const adminEmail = `admin-${unique()}@coldmail.test`;

/** What the payment buttons get from the environment's settings. */
const ENV_BUTTONS_VIEW = {
  clientId: 'EnvClientId',
  currency: 'GBP',
  enablePayPal: true,
  buttonStyles: { layout: 'vertical', color: 'blue', shape: 'rect', label: 'pay' },
};
/**
 * The client secret as stored: sealed (opened here with the API's own cipher), never in clear.
 * Undefined when none is saved.
 */
async function storedSecret(): Promise<string | undefined> {
  const stored = await settingsInDb().findOne({});
  expect(stored?.clientSecret).toBeUndefined();
  const sealed = stored?.sealedClientSecret as
    Record<'iv' | 'tag' | 'data', mongo.Binary> | undefined;
  if (!sealed) return undefined;
  return api.app.get(SecretCipher).open(sealed);
}
const settingsInDb = () => api.db.collection('paypalSettings');
const saved: BodyOf<typeof contract.paypalSettings.update> = {
  clientId: 'AdminClientId',
  mode: 'live',
  currency: 'EUR',
  enablePayPal: true,
  buttonStyles: { layout: 'horizontal', color: 'gold', shape: 'pill', label: 'paypal' },
};

beforeAll(async () => {
  api = await startTestApi({
    ADMIN_EMAILS: adminEmail,
    PAYPAL_CLIENT_ID: 'EnvClientId',
    PAYPAL_CLIENT_SECRET: ENV_SECRET,
    PAYPAL_CURRENCY: 'GBP',
  });
  admin = await signUp(api, 'admin', { email: adminEmail });
  buyer = await signUp(api, 'buyer');
});

afterAll(async () => {
  await api?.close();
});

afterEach(async () => {
  await settingsInDb().deleteMany({});
});

const read = (token?: string) => callEndpoint(api, contract.paypalSettings.get, { token });
const put = (body: BodyOf<typeof contract.paypalSettings.update>, token = admin.token) =>
  callEndpoint(api, contract.paypalSettings.update, { token, body });
/** A body the contract does not allow (bad values, operators, unknown fields), as it is. */
const putRaw = (json: unknown, token = admin.token) =>
  call<SettingsResponse & ErrorBody>(api, 'PUT', '/api/paypal-settings', { token, json });

describe('GET /api/paypal-settings', () => {
  it('starts from the environment, and shows everyone only what the buttons need', async () => {
    for (const token of [undefined, buyer.token, 'not.a.token']) {
      const response = await read(token);
      expect(response.status).toBe(200);
      expect(response.body).toEqual({
        success: true,
        data: ENV_BUTTONS_VIEW,
      });
      expect(response.text).not.toContain('EnvS');
      expect(response.text).not.toContain('sandbox');
    }
  });

  it('adds the mode and the masked secret for admins', async () => {
    const response = await read(admin.token);
    expect(response.body.data).toMatchObject({
      mode: 'sandbox',
      clientSecret: 'EnvS••••1234',
    });
    expect(response.text).not.toContain(ENV_SECRET);
  });
});

describe('PUT /api/paypal-settings (admin)', () => {
  it('saves the settings; the secret stays on the server', async () => {
    const response = await put({ ...saved, clientSecret: 'NewSecret-0123456789-xyzw' });
    expect(response.status).toBe(200);
    expect(response.body).toEqual({
      success: true,
      message: 'PayPal settings updated successfully',
      data: { ...saved, clientSecret: 'NewS••••xyzw' },
    });
    expect(response.text).not.toContain('NewSecret-0123456789-xyzw');
    const publicView = await read();
    expect(publicView.body.data).toEqual({
      clientId: 'AdminClientId',
      currency: 'EUR',
      enablePayPal: true,
      buttonStyles: saved.buttonStyles,
    });
    expect(await storedSecret()).toBe('NewSecret-0123456789-xyzw');
    const stored = await settingsInDb().findOne({});
    expect(JSON.stringify(stored)).not.toContain('NewSecret');
    expect(Buffer.from(JSON.stringify(stored)).toString('base64')).not.toContain(
      Buffer.from('NewSecret-0123456789-xyzw').toString('base64'),
    );
  });

  it.each([
    ['the masked value', { clientSecret: 'NewS••••xyzw' }],
    ['an empty value', { clientSecret: '' }],
    ['no value', {}],
  ])('keeps the stored secret when sent %s', async (_case, secret) => {
    await put({ ...saved, clientSecret: 'NewSecret-0123456789-xyzw' });
    const response = await put({ ...saved, clientId: 'Changed', ...secret });
    expect(response.status).toBe(200);
    expect(response.body.data).toMatchObject({ clientId: 'Changed', clientSecret: 'NewS••••xyzw' });
    expect(await storedSecret()).toBe('NewSecret-0123456789-xyzw');
  });

  it("keeps the environment's secret when an admin never set one", async () => {
    const response = await put({ ...saved, clientSecret: 'EnvS••••1234' });
    expect(response.body.data.clientSecret).toBe('EnvS••••1234');
    expect(await storedSecret()).toBeUndefined();
  });

  it('reports payments as disabled to buyers while they are switched off', async () => {
    await put({ ...saved, enablePayPal: false });
    expect((await read()).body.data.enablePayPal).toBe(false);
  });

  it('is for admins only', async () => {
    expect((await put(saved, buyer.token)).status).toBe(403);
    expect((await callEndpoint(api, contract.paypalSettings.update, { body: saved })).status).toBe(
      401,
    );
    expect(await settingsInDb().countDocuments()).toBe(0);
  });

  it.each([
    ['currency', { ...saved, currency: 'JPY' }],
    ['mode', { ...saved, mode: 'production' }],
    ['buttonStyles.color', { ...saved, buttonStyles: { ...saved.buttonStyles, color: 'red' } }],
    ['buttonStyles.label', { ...saved, buttonStyles: { ...saved.buttonStyles, label: 'donate' } }],
    ['enablePayPal', { ...saved, enablePayPal: 'yes' }],
    ['clientId', { ...saved, clientId: { $gt: '' } }],
    ['webhookId', { ...saved, webhookId: 'x' }],
  ])('refuses a bad %s with 400 and changes nothing', async (field, body) => {
    const response = await putRaw(body);
    expect(response.status).toBe(400);
    expect(response.body.fieldErrors?.[field]).toBeDefined();
    expect(await settingsInDb().countDocuments()).toBe(0);
  });
});

describe('a client secret saved in clear (before secrets were sealed)', () => {
  it('is sealed at the next start-up, and still used', async () => {
    await settingsInDb().insertOne({
      key: 'paypal',
      ...saved,
      clientSecret: 'LegacySecret-0123456789',
    });
    const restarted = await startTestApi({ ADMIN_EMAILS: adminEmail }, { sameDatabaseAs: api });
    try {
      expect(await storedSecret()).toBe('LegacySecret-0123456789');
      const response = await callEndpoint(restarted, contract.paypalSettings.get, {
        token: admin.token,
      });
      expect(response.body.data.clientSecret).toBe('Lega••••6789');
    } finally {
      await restarted.close();
    }
  });
});

describe('POST /api/paypal-settings/reset (admin)', () => {
  it('goes back to the environment settings', async () => {
    await put({ ...saved, clientSecret: 'NewSecret-0123456789-xyzw' });
    expect(
      (await callEndpoint(api, contract.paypalSettings.reset, { token: buyer.token })).status,
    ).toBe(403);
    const response = await callEndpoint(api, contract.paypalSettings.reset, {
      token: admin.token,
    });
    expect(response.status).toBe(200);
    expect(response.body).toEqual({
      success: true,
      message: 'PayPal settings reset successfully',
      data: {
        clientId: 'EnvClientId',
        currency: 'GBP',
        enablePayPal: true,
        mode: 'sandbox',
        clientSecret: 'EnvS••••1234',
        // The admin form's default label; the payment pages' is 'pay' (spec §9).
        buttonStyles: { layout: 'vertical', color: 'blue', shape: 'rect', label: 'paypal' },
      },
    });
    expect(await settingsInDb().countDocuments()).toBe(0);
  });
});

describe("the PayPal button's label (spec §9: 'paypal' in the admin form, 'pay' on payment pages)", () => {
  const labelFor = async (token?: string) => (await read(token)).body.data.buttonStyles.label;

  it("is 'paypal' for the admin form and 'pay' for the payment pages while nothing is saved", async () => {
    expect(await labelFor(admin.token)).toBe('paypal');
    expect(await labelFor(buyer.token)).toBe('pay');
    expect(await labelFor()).toBe('pay');
  });

  it("shows an admin's payment page (view=payments) what buyers see", async () => {
    const response = await callEndpoint(api, contract.paypalSettings.get, {
      token: admin.token,
      query: { view: 'payments' },
    });
    expect(response.body).toEqual({
      success: true,
      data: ENV_BUTTONS_VIEW,
    });
    expect(response.text).not.toContain('EnvS');
  });

  it('refuses an unknown view', async () => {
    const response = await call<ErrorBody>(api, 'GET', '/api/paypal-settings?view=admin', {
      token: admin.token,
    });
    expect(response.status).toBe(400);
  });

  it('is what the admin saved, for everyone; after a reset, the defaults again', async () => {
    const buttonStyles: ButtonStyles = {
      layout: 'horizontal',
      color: 'gold',
      shape: 'pill',
      label: 'checkout',
    };
    const response = await put({ ...saved, buttonStyles });
    expect(response.body.data.buttonStyles).toEqual(buttonStyles);
    expect(await labelFor(admin.token)).toBe('checkout');
    expect(await labelFor()).toBe('checkout');

    await callEndpoint(api, contract.paypalSettings.reset, { token: admin.token });
    expect(await labelFor(admin.token)).toBe('paypal');
    expect(await labelFor()).toBe('pay');
  });
});

describe('without PayPal credentials', () => {
  it('reports payments as disabled', async () => {
    const bare = await startTestApi();
    try {
      const response = await callEndpoint(bare, contract.paypalSettings.get, {});
      expect(response.body.data).toMatchObject({ clientId: '', enablePayPal: false });
    } finally {
      await bare.close();
    }
  });
});
