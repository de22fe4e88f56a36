import { contract, type BodyOf } from '@coldmail/contracts';
import { mongo } from 'mongoose';
import {
  call,
  callEndpoint,
  type Persona,
  signUp,
  startTestApi,
  type TestApi,
  unique,
} from './support/test-api';

type ErrorBody = { statusCode: number; message: string; fieldErrors?: Record<string, string> };

let api: TestApi;
let admin: Persona;
let buyer: Persona;
let seller: Persona;
let other: Persona;
const adminEmail = `admin-${unique()}@coldmail.test`;
const otherListed = `someone-${unique()}@else.test`;

const users = () => api.db.collection('users');
const stored = (email: string) => users().findOne({ userEmail: email });

beforeAll(async () => {
  api = await startTestApi({ ADMIN_EMAILS: ` ${adminEmail.toUpperCase()} , ${otherListed}` });
  admin = await signUp(api, 'admin', { email: adminEmail });
  [buyer, seller, other] = await Promise.all([
    signUp(api, 'buyer'),
    signUp(api, 'seller'),
    signUp(api, 'other'),
  ]);
  const promoted = await callEndpoint(api, contract.users.adminUpdate, {
    token: admin.token,
    params: { id: seller.id },
    body: { userRole: 'Seller' },
  });
  expect(promoted.status).toBe(200);
});

afterAll(async () => {
  await api?.close();
});

describe('POST /api/create-user', () => {
  it('needs a valid sign-in token', async () => {
    expect((await callEndpoint(api, contract.users.createOrSync, { body: {} })).status).toBe(401);
    const forged = await callEndpoint(api, contract.users.createOrSync, {
      token: 'not.a.token',
      body: {},
    });
    expect(forged.status).toBe(401);
    expect(forged.error?.message).toBe('Invalid or expired sign-in token');
    // The spec's client reads the failure's text from `error`.
    expect(forged.error).toMatchObject({ error: 'Invalid or expired sign-in token' });
  });

  it('creates a member record for the address in the token, with the spec defaults', async () => {
    const fresh = await signUp(api, 'fresh', { sync: false });
    const created = await callEndpoint(api, contract.users.createOrSync, {
      token: fresh.token,
      body: { userName: 'Fresh Person', profileURL: 'https://img.test/p.png' },
    });
    expect(created.status).toBe(200);
    expect(created.body).toEqual({
      _id: expect.stringMatching(/^[0-9a-f]{24}$/),
      userName: 'Fresh Person',
      userEmail: fresh.email,
      profileURL: 'https://img.test/p.png',
      userRole: 'member',
      userMembership: 'free',
      currentBalance: 0,
      aboutMe: '',
      address: '',
      city: '',
      country: '',
      phone: '',
      messageLogs: [],
      createdAt: expect.any(String),
      updatedAt: expect.any(String),
    });
  });

  it('keeps the accounts ADMIN_EMAILS made at start-up Admin when their owners sign in', async () => {
    expect((await stored(admin.email))?.userRole).toBe('Admin');
    expect((await stored(otherListed))?.userRole).toBe('Admin');
  });

  it('is idempotent: a later sign-in returns the same record unchanged', async () => {
    const again = await callEndpoint(api, contract.users.createOrSync, {
      token: buyer.token,
      body: { userName: 'Renamed By Login' },
    });
    expect(again.status).toBe(200);
    expect(again.body._id).toBe(buyer.id);
    expect(again.body.userName).toBe('buyer');
    expect(await users().countDocuments({ userEmail: buyer.email })).toBe(1);
  });

  it('creates one record when the first calls arrive together', async () => {
    const fresh = await signUp(api, 'racer', { sync: false });
    const results = await Promise.all(
      Array.from({ length: 5 }, () =>
        callEndpoint(api, contract.users.createOrSync, { token: fresh.token, body: {} }),
      ),
    );
    expect(results.map((result) => result.status)).toEqual([200, 200, 200, 200, 200]);
    expect(new Set(results.map((result) => result.body._id)).size).toBe(1);
    expect(await users().countDocuments({ userEmail: fresh.email })).toBe(1);
  });

  it('takes the name from the token, then from the address, when the body has none', async () => {
    const named = await signUp(api, 'named', { sync: false, displayName: 'Grace Hopper' });
    const nameless = await signUp(api, 'nameless', { sync: false });
    const fromToken = await callEndpoint(api, contract.users.createOrSync, {
      token: named.token,
      body: {},
    });
    const fromEmail = await callEndpoint(api, contract.users.createOrSync, {
      token: nameless.token,
      body: {},
    });
    expect(fromToken.body.userName).toBe('Grace Hopper');
    expect(fromEmail.body.userName).toBe(nameless.email.split('@')[0]);
  });

  it("accepts the spec's payload with the caller's own address, in any case", async () => {
    const fresh = await signUp(api, 'spec-payload', { sync: false });
    const created = await callEndpoint(api, contract.users.createOrSync, {
      token: fresh.token,
      body: { userName: 'Spec Payload', userEmail: fresh.email.toUpperCase(), profileURL: null },
    });
    expect(created.status).toBe(200);
    expect(created.body).toMatchObject({
      userName: 'Spec Payload',
      userEmail: fresh.email,
      profileURL: null,
    });
    expect(await stored(fresh.email)).toMatchObject({ userName: 'Spec Payload' });
  });

  it('refuses another address in the payload with 403 and creates nothing', async () => {
    const fresh = await signUp(api, 'impostor', { sync: false });
    const victim = `victim-${unique()}@coldmail.test`;
    const response = await callEndpoint(api, contract.users.createOrSync, {
      token: fresh.token,
      body: { userName: 'Impostor', userEmail: victim, profileURL: null },
    });
    expect(response.status).toBe(403);
    expect(response.error?.message).toBe(
      'The e-mail address must be the one you are signed in with',
    );
    expect(await users().countDocuments({ userEmail: { $in: [fresh.email, victim] } })).toBe(0);
  });

  it.each([
    ['email', { email: 'victim@coldmail.test' }],
    ['userRole', { userRole: 'Admin' }],
    ['currentBalance', { currentBalance: 1000 }],
  ])('rejects %s in the body and creates nothing', async (field, body) => {
    const fresh = await signUp(api, 'sneaky', { sync: false });
    const response = await call<ErrorBody>(api, 'POST', '/api/create-user', {
      token: fresh.token,
      json: body,
    });
    expect(response.status).toBe(400);
    expect(response.body.message).toBe('Validation failed');
    expect(response.body.fieldErrors?.[field]).toBeDefined();
    expect(await users().countDocuments({ userEmail: fresh.email })).toBe(0);
    expect(await users().countDocuments({ userEmail: 'victim@coldmail.test' })).toBe(0);
  });
});

describe('GET /users', () => {
  it('needs sign-in', async () => {
    expect((await callEndpoint(api, contract.users.list, {})).status).toBe(401);
    expect(
      (await callEndpoint(api, contract.users.list, { query: { userEmail: buyer.email } })).status,
    ).toBe(401);
  });

  it('lists every user for an admin, newest first', async () => {
    const list = await callEndpoint(api, contract.users.list, { token: admin.token });
    expect(list.status).toBe(200);
    const emails = list.body.map((user) => user.userEmail);
    expect(emails).toEqual(expect.arrayContaining([admin.email, buyer.email, seller.email]));
    const times = list.body.map((user) => Date.parse(user.createdAt));
    expect(times).toEqual([...times].sort((a, b) => b - a));
  });

  it('refuses the full list to buyers and sellers', async () => {
    for (const persona of [buyer, seller]) {
      const response = await callEndpoint(api, contract.users.list, { token: persona.token });
      expect(response.status).toBe(403);
      expect(response.text).not.toContain(admin.email);
    }
  });

  it("returns the caller's own record, whatever the address's case", async () => {
    for (const persona of [buyer, seller]) {
      const response = await callEndpoint(api, contract.users.list, {
        token: persona.token,
        query: { userEmail: persona.email.toUpperCase() },
      });
      expect(response.status).toBe(200);
      expect(response.body).toHaveLength(1);
      expect(response.body[0]?.userEmail).toBe(persona.email);
    }
    const sellerRecord = await callEndpoint(api, contract.users.list, {
      token: seller.token,
      query: { userEmail: seller.email },
    });
    expect(sellerRecord.body[0]?.userRole).toBe('Seller');
  });

  it('answers 404 to a signed-in account that has no record yet (owner routes need one)', async () => {
    const fresh = await signUp(api, 'unsynced', { sync: false });
    const response = await callEndpoint(api, contract.users.list, {
      token: fresh.token,
      query: { userEmail: fresh.email },
    });
    expect(response.status).toBe(404);
    expect(response.error).toEqual({ statusCode: 404, message: 'User data not found' });
  });

  it("never returns another user's record to a non-admin", async () => {
    const response = await callEndpoint(api, contract.users.list, {
      token: buyer.token,
      query: { userEmail: other.email },
    });
    expect(response.status).toBe(403);
    expect(response.text).not.toContain(other.id);
  });

  it('lets an admin look up any address', async () => {
    const found = await callEndpoint(api, contract.users.list, {
      token: admin.token,
      query: { userEmail: other.email },
    });
    expect(found.body.map((user) => user._id)).toEqual([other.id]);
    const missing = await callEndpoint(api, contract.users.list, {
      token: admin.token,
      query: { userEmail: `nobody-${unique()}@coldmail.test` },
    });
    expect(missing.body).toEqual([]);
  });

  it.each([
    ['an operator object', '/users?userEmail[$ne]=x'],
    ['a nested operator', '/users?userEmail[$regex]=.*'],
    ['a repeated parameter', '/users?userEmail=a@b.test&userEmail=c@d.test'],
    ['an invalid address', '/users?userEmail=not-an-email'],
    ['an unknown parameter', '/users?role=Admin'],
  ])('rejects %s with 400 and no data', async (_case, path) => {
    for (const persona of [buyer, admin]) {
      const response = await call<ErrorBody>(api, 'GET', path, { token: persona.token });
      expect(response.status).toBe(400);
      expect(response.body.message).toBe('Validation failed');
      expect(response.text).not.toContain('@coldmail.test');
    }
  });
});

describe('GET /users/admins', () => {
  it('needs sign-in', async () => {
    expect((await callEndpoint(api, contract.users.admins, {})).status).toBe(401);
  });

  it('lists admins only, with the address under both spellings and nothing more', async () => {
    const response = await callEndpoint(api, contract.users.admins, { token: buyer.token });
    expect(response.status).toBe(200);
    // The ADMIN_EMAILS accounts, named after their addresses until their owners rename them.
    const other = await stored(otherListed);
    expect(response.body).toEqual([
      {
        _id: admin.id,
        userName: adminEmail.split('@')[0],
        UserEmail: admin.email,
        userEmail: admin.email,
      },
      {
        _id: other?._id.toHexString(),
        userName: otherListed.split('@')[0],
        UserEmail: otherListed,
        userEmail: otherListed,
      },
    ]);
  });
});

describe('PUT /update-user-profile/:id', () => {
  const profile = {
    userName: '  Ada Buyer ',
    aboutMe: 'Writes cold emails.',
    profileURL: 'https://img.test/ada.png',
    address: '1 Main St',
    city: 'Lyon',
    country: 'France',
    phone: '+33 1 23 45 67 89',
  };

  it('needs sign-in', async () => {
    expect(
      (
        await callEndpoint(api, contract.users.updateProfile, {
          params: { id: buyer.id },
          body: profile,
        })
      ).status,
    ).toBe(401);
  });

  it("updates the caller's own profile fields", async () => {
    const response = await callEndpoint(api, contract.users.updateProfile, {
      token: buyer.token,
      params: { id: buyer.id },
      body: profile,
    });
    expect(response.status).toBe(200);
    expect(response.body).toMatchObject({ ...profile, userName: 'Ada Buyer' });
    expect(await stored(buyer.email)).toMatchObject({ ...profile, userName: 'Ada Buyer' });
  });

  it('lets the photo be removed', async () => {
    const response = await callEndpoint(api, contract.users.updateProfile, {
      token: buyer.token,
      params: { id: buyer.id },
      body: { profileURL: null },
    });
    expect(response.body.profileURL).toBeNull();
  });

  it("refuses to change another user's profile, even for an admin", async () => {
    for (const persona of [buyer, seller, admin]) {
      const response = await callEndpoint(api, contract.users.updateProfile, {
        token: persona.token,
        params: { id: other.id },
        body: { userName: 'Hijacked' },
      });
      expect(response.status).toBe(403);
    }
    expect((await stored(other.email))?.userName).toBe('other');
  });

  it("accepts the spec's profile payload with the caller's own email, which stays as it is", async () => {
    const response = await callEndpoint(api, contract.users.updateProfile, {
      token: buyer.token,
      params: { id: buyer.id },
      body: { ...profile, city: 'Nantes', email: buyer.email.toUpperCase() },
    });
    expect(response.status).toBe(200);
    expect(response.body).toMatchObject({ city: 'Nantes', userEmail: buyer.email });
    const record = await stored(buyer.email);
    expect(record).toMatchObject({ city: 'Nantes' });
    expect(record).not.toHaveProperty('email');
  });

  it('refuses another email in the profile payload with 403 and changes nothing', async () => {
    const before = await stored(buyer.email);
    const response = await callEndpoint(api, contract.users.updateProfile, {
      token: buyer.token,
      params: { id: buyer.id },
      body: { ...profile, city: 'Elsewhere', email: other.email },
    });
    expect(response.status).toBe(403);
    expect(await stored(buyer.email)).toEqual(before);
    expect(await stored(other.email)).not.toMatchObject({ city: 'Elsewhere' });
  });

  it.each([
    ['userRole', 'Admin'],
    ['userMembership', 'premium'],
    ['currentBalance', 1_000_000],
    ['userEmail', 'admin@coldmail.test'],
    ['UserEmail', 'admin@coldmail.test'],
    ['messageLogs', []],
    ['_id', '0123456789abcdef01234567'],
  ])('rejects %s (mass assignment) and changes nothing', async (field, value) => {
    const before = await stored(seller.email);
    const response = await call<ErrorBody>(api, 'PUT', `/update-user-profile/${seller.id}`, {
      token: seller.token,
      json: { userName: 'Still Seller', [field]: value },
    });
    expect(response.status).toBe(400);
    expect(response.body.fieldErrors?.[field]).toBe('This field is not accepted');
    expect(await stored(seller.email)).toEqual(before);
  });

  it('rejects query operators where a string is expected, and changes nothing', async () => {
    const before = await stored(seller.email);
    for (const json of [{ userName: { $gt: '' } }, { city: { $ne: null } }, { phone: ['+1'] }]) {
      const response = await call<ErrorBody>(api, 'PUT', `/update-user-profile/${seller.id}`, {
        token: seller.token,
        json,
      });
      expect(response.status).toBe(400);
    }
    expect(await stored(seller.email)).toEqual(before);
  });

  it('validates the fields the UI validates', async () => {
    const response = await callEndpoint(api, contract.users.updateProfile, {
      token: buyer.token,
      params: { id: buyer.id },
      body: { userName: '   ', profileURL: 'javascript:alert(1)', phone: 'call me' },
    });
    expect(response.status).toBe(400);
    expect(Object.keys(response.error?.fieldErrors ?? {}).sort()).toEqual([
      'phone',
      'profileURL',
      'userName',
    ]);
  });

  it('answers 400 for a malformed id and 404 for an unknown one', async () => {
    const malformed = await call<ErrorBody>(api, 'PUT', '/update-user-profile/123', {
      token: buyer.token,
      json: { city: 'x' },
    });
    expect(malformed.status).toBe(400);
    expect(malformed.body.fieldErrors).toEqual({ id: 'Invalid id' });
    const unknown = await callEndpoint(api, contract.users.updateProfile, {
      token: buyer.token,
      params: { id: new mongo.ObjectId().toHexString() },
      body: { city: 'x' },
    });
    expect(unknown.status).toBe(404);
  });
});

describe('PUT /api/users/:id (admin)', () => {
  it('is for admins only', async () => {
    const body: BodyOf<typeof contract.users.adminUpdate> = {
      userRole: 'Admin',
      currentBalance: 999,
      previousBalance: 0,
    };
    const params = { id: other.id };
    expect((await callEndpoint(api, contract.users.adminUpdate, { params, body })).status).toBe(
      401,
    );
    for (const persona of [buyer, seller]) {
      const response = await callEndpoint(api, contract.users.adminUpdate, {
        token: persona.token,
        params,
        body,
      });
      expect(response.status).toBe(403);
      expect(response.error?.message).toBe('Admin access required');
    }
    const record = await stored(other.email);
    expect(record).toMatchObject({ userRole: 'member', currentBalance: 0 });
  });

  it('changes name, role, membership and balance', async () => {
    const target = await signUp(api, 'target');
    const response = await callEndpoint(api, contract.users.adminUpdate, {
      token: admin.token,
      params: { id: target.id },
      body: {
        userName: 'Mod',
        userRole: 'moderator',
        userMembership: 'premium',
        currentBalance: 5,
        previousBalance: 0,
      },
    });
    expect(response.status).toBe(200);
    expect(response.body).toMatchObject({
      userName: 'Mod',
      userRole: 'moderator',
      userMembership: 'premium',
      currentBalance: 5,
      userEmail: target.email,
    });
    expect(await stored(target.email)).toMatchObject({ userRole: 'moderator', currentBalance: 5 });
  });

  it('gives a promoted user admin rights on their next request', async () => {
    const promoted = await signUp(api, 'promoted');
    const everyone = () => callEndpoint(api, contract.users.list, { token: promoted.token });
    expect((await everyone()).status).toBe(403);
    await callEndpoint(api, contract.users.adminUpdate, {
      token: admin.token,
      params: { id: promoted.id },
      body: { userRole: 'Admin' },
    });
    expect((await everyone()).status).toBe(200);
  });

  it('takes admin rights away on the next request, and shows a new balance at once', async () => {
    const demoted = await signUp(api, 'demoted');
    const params = { id: demoted.id };
    const everyone = () => callEndpoint(api, contract.users.list, { token: demoted.token });
    await callEndpoint(api, contract.users.adminUpdate, {
      token: admin.token,
      params,
      body: { userRole: 'Admin' },
    });
    // Signed-in requests keep the caller's record for a moment; a change must not wait for it.
    expect((await everyone()).status).toBe(200);
    await callEndpoint(api, contract.users.adminUpdate, {
      token: admin.token,
      params,
      body: { userRole: 'member', currentBalance: 12 },
    });
    expect((await everyone()).status).toBe(403);
    const own = await callEndpoint(api, contract.users.list, {
      token: demoted.token,
      query: { userEmail: demoted.email },
    });
    expect(own.body[0]).toMatchObject({ userRole: 'member', currentBalance: 12 });
  });

  it("refuses an admin's change of their own role, which would lock them out", async () => {
    const response = await callEndpoint(api, contract.users.adminUpdate, {
      token: admin.token,
      params: { id: admin.id },
      body: { userRole: 'member' },
    });
    expect(response.status).toBe(400);
    expect(response.error?.fieldErrors?.userRole).toBe('You cannot change your own role.');
    expect((await callEndpoint(api, contract.users.list, { token: admin.token })).status).toBe(200);
  });

  it("accepts the spec's payload when UserEmail is the user's own address", async () => {
    const target = await signUp(api, 'spec-admin-target');
    const response = await callEndpoint(api, contract.users.adminUpdate, {
      token: admin.token,
      params: { id: target.id },
      body: {
        userName: 'Renamed',
        UserEmail: target.email.toUpperCase(),
        userRole: 'member',
        userMembership: 'basic',
        currentBalance: 7,
      },
    });
    expect(response.status).toBe(200);
    expect(response.body).toMatchObject({
      userName: 'Renamed',
      userEmail: target.email,
      userMembership: 'basic',
      currentBalance: 7,
    });
    const record = await stored(target.email);
    expect(record).toMatchObject({ userName: 'Renamed', currentBalance: 7 });
    expect(record).not.toHaveProperty('UserEmail');
  });

  it('refuses another address in UserEmail with 403 and changes nothing', async () => {
    const before = await stored(other.email);
    const response = await callEndpoint(api, contract.users.adminUpdate, {
      token: admin.token,
      params: { id: other.id },
      body: { userName: 'Moved', UserEmail: 'new@coldmail.test', currentBalance: 50 },
    });
    expect(response.status).toBe(403);
    expect(response.error?.message).toBe('A user’s e-mail address cannot be changed');
    expect(await stored(other.email)).toEqual(before);
    expect(await users().countDocuments({ userEmail: 'new@coldmail.test' })).toBe(0);
  });

  it.each<[string, BodyOf<typeof contract.users.adminUpdate>]>([
    ['body', { UserEmail: 'new@coldmail.test' }],
    ['currentBalance', { currentBalance: 1.5 }],
    ['currentBalance', { currentBalance: -5 }],
    ['previousBalance', { userName: 'A', previousBalance: 5 }],
    ['body', {}],
  ])('rejects a bad %s and changes nothing', async (field, body) => {
    const before = await stored(other.email);
    const response = await callEndpoint(api, contract.users.adminUpdate, {
      token: admin.token,
      params: { id: other.id },
      body,
    });
    expect(response.status).toBe(400);
    expect(response.error?.fieldErrors?.[field]).toBeDefined();
    expect(await stored(other.email)).toEqual(before);
  });

  it.each([
    ['userEmail', { userName: 'Moved', userEmail: 'new@coldmail.test' }],
    ['currentBalance', { currentBalance: '5' }],
    ['userRole', { userRole: 'root' }],
  ])('rejects a bad %s and changes nothing', async (field, json) => {
    const before = await stored(other.email);
    const response = await call<ErrorBody>(api, 'PUT', `/api/users/${other.id}`, {
      token: admin.token,
      json,
    });
    expect(response.status).toBe(400);
    expect(response.body.fieldErrors?.[field]).toBeDefined();
    expect(await stored(other.email)).toEqual(before);
  });

  it('answers 400 for a malformed id and 404 for an unknown one', async () => {
    const json = { userName: 'x' };
    expect((await call(api, 'PUT', '/api/users/zzz', { token: admin.token, json })).status).toBe(
      400,
    );
    const unknown = new mongo.ObjectId().toHexString();
    expect(
      (
        await callEndpoint(api, contract.users.adminUpdate, {
          token: admin.token,
          params: { id: unknown },
          body: json,
        })
      ).status,
    ).toBe(404);
  });
});

describe('DELETE /api/users/:id (admin)', () => {
  it('is for admins only', async () => {
    const params = { id: other.id };
    expect((await callEndpoint(api, contract.users.delete, { params })).status).toBe(401);
    for (const persona of [buyer, seller, other]) {
      const response = await callEndpoint(api, contract.users.delete, {
        token: persona.token,
        params,
      });
      expect(response.status).toBe(403);
    }
    expect(await stored(other.email)).not.toBeNull();
  });

  it('deletes a user; a second delete is a 404', async () => {
    const leaving = await signUp(api, 'leaving');
    const remove = () =>
      callEndpoint(api, contract.users.delete, { token: admin.token, params: { id: leaving.id } });
    const response = await remove();
    expect(response.status).toBe(200);
    expect(response.body).toEqual({ success: true, message: 'User deleted successfully' });
    expect(await stored(leaving.email)).toBeNull();
    expect((await remove()).status).toBe(404);
  });

  it('keeps a deleted user out at once, though their sign-in token has not expired', async () => {
    const leaving = await signUp(api, 'leaving-with-token');
    const ownFiles = () => callEndpoint(api, contract.uploads.mine, { token: leaving.token });
    expect((await ownFiles()).status).toBe(200);
    await callEndpoint(api, contract.users.delete, {
      token: admin.token,
      params: { id: leaving.id },
    });

    const refused = await ownFiles();
    expect(refused.status).toBe(403);
    expect(refused.error?.message).toBe('This account has been deleted. Please contact support.');
    const tickets = await callEndpoint(api, contract.support.list, { token: leaving.token });
    expect(tickets.status).toBe(403);
  });

  it('does not let an admin delete themselves', async () => {
    const response = await callEndpoint(api, contract.users.delete, {
      token: admin.token,
      params: { id: admin.id },
    });
    expect(response.status).toBe(400);
    expect(response.error?.message).toBe('You cannot delete your own account.');
    expect(await stored(admin.email)).not.toBeNull();
  });

  it('answers 400 for a malformed id', async () => {
    expect((await call(api, 'DELETE', '/api/users/1', { token: admin.token })).status).toBe(400);
  });
});
