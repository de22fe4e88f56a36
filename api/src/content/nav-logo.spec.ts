import type { NavLogo, NavLogoResponse } from '@coldmail/contracts';
import {
  call,
  type Persona,
  signUp,
  startTestApi,
  type TestApi,
  unique,
} from '../../test/support/test-api';

type Saved = { success: true; message: string; data: NavLogo };
type ErrorBody = { statusCode: number; message: string; fieldErrors?: Record<string, string> };

let api: TestApi;
let admin: Persona;
const adminEmail = `logo-admin-${unique()}@coldmail.test`;
const logo = {
  imageUrl: 'https://cdn.test/logo.png',
  altText: 'Acme',
  linkUrl: '/',
  isActive: true,
};

beforeAll(async () => {
  api = await startTestApi({ ADMIN_EMAILS: adminEmail });
  admin = await signUp(api, 'admin', { email: adminEmail });
});
afterAll(() => api.close());

const put = (json: unknown) =>
  call<Saved & ErrorBody>(api, 'PUT', '/api/nav-logo', { token: admin.token, json });

describe('PUT /api/nav-logo (admin)', () => {
  it("saves the logo with the spec's message, and everyone reads it next", async () => {
    const response = await put(logo);
    expect(response.status).toBe(200);
    expect(response.body).toEqual({
      success: true,
      message: 'Logo updated successfully!',
      data: logo,
    });
    const read = await call<NavLogoResponse>(api, 'GET', '/api/nav-logo');
    expect(read.body.data.data).toEqual(logo);
  });

  it.each([
    ['empty', ''],
    ['blank', '   '],
    ['missing', undefined],
  ])('refuses an %s imageUrl with 400 and keeps the stored logo', async (_case, imageUrl) => {
    await put(logo);
    const response = await put({ ...logo, imageUrl, altText: 'Changed' });
    expect(response.status).toBe(400);
    expect(response.body.fieldErrors).toEqual({ imageUrl: 'Logo image is required' });
    const read = await call<NavLogoResponse>(api, 'GET', '/api/nav-logo');
    expect(read.body.data.data).toEqual(logo);
  });
});
