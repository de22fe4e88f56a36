import type { ButtonStyles, PaypalSettings } from '@coldmail/contracts';
import {
  call,
  type Persona,
  signUp,
  startTestApi,
  type TestApi,
  unique,
} from '../../test/support/test-api';

type SettingsResponse = { success: true; message?: string; data: PaypalSettings };

let api: TestApi;
let admin: Persona;
let buyer: Persona;
const adminEmail = `paypal-admin-${unique()}@coldmail.test`;

beforeAll(async () => {
  api = await startTestApi({
    ADMIN_EMAILS: adminEmail,
    PAYPAL_CLIENT_ID: 'EnvClientId',
    PAYPAL_CLIENT_SECRET: 'EnvSecret-abcdefghijklmnop-1234',
  });
  admin = await signUp(api, 'admin', { email: adminEmail });
  buyer = await signUp(api, 'buyer');
});
afterAll(() => api.close());

const labelFor = async (token?: string) =>
  (await call<SettingsResponse>(api, 'GET', '/api/paypal-settings', token ? { token } : {})).body
    .data.buttonStyles.label;

describe("the PayPal button's default label (spec §9: 'paypal' in the admin form, 'pay' on payment pages)", () => {
  it("is 'paypal' for the admin form and 'pay' for the payment pages while nothing is saved", async () => {
    expect(await labelFor(admin.token)).toBe('paypal');
    expect(await labelFor(buyer.token)).toBe('pay');
    expect(await labelFor()).toBe('pay');
  });

  it('is what the admin saved, for everyone; after a reset, the defaults again', async () => {
    const buttonStyles: ButtonStyles = {
      layout: 'horizontal',
      color: 'gold',
      shape: 'pill',
      label: 'checkout',
    };
    const saved = await call<SettingsResponse>(api, 'PUT', '/api/paypal-settings', {
      token: admin.token,
      json: {
        clientId: 'AdminClientId',
        mode: 'sandbox',
        currency: 'USD',
        enablePayPal: true,
        buttonStyles,
      },
    });
    expect(saved.body.data.buttonStyles).toEqual(buttonStyles);
    expect(await labelFor(admin.token)).toBe('checkout');
    expect(await labelFor()).toBe('checkout');

    const reset = await call<SettingsResponse>(api, 'POST', '/api/paypal-settings/reset', {
      token: admin.token,
    });
    expect(reset.body.data.buttonStyles).toEqual({
      layout: 'vertical',
      color: 'blue',
      shape: 'rect',
      label: 'paypal',
    });
    expect(await labelFor(admin.token)).toBe('paypal');
    expect(await labelFor()).toBe('pay');
  });
});
