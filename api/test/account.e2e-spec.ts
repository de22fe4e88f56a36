import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { ACCOUNT_DELETE_CONFIRMATION, contract, type AccountExport } from '@coldmail/contracts';
import { mongo } from 'mongoose';
import { ADMIN_CANNOT_DELETE_ITSELF, deletedAddressOf } from '../src/account/account.service';
import { FirebaseAuthService } from '../src/auth/firebase-auth.service';
import { RecoverySweepService } from '../src/jobs/recovery-sweep.service';
import { ACCOUNT_DELETED } from '../src/users/account-binding';
import { generationFields } from './fixtures/generation';
import { databaseSnapshot } from './support/db-snapshot';
import { geminiDouble } from './support/gemini-double';
import { privatePaypalDouble, type PaypalDoubleControl } from './support/paypal-double';
import {
  call,
  callEndpoint,
  type Persona,
  signUp,
  startTestApi,
  type TestApi,
  unique,
} from './support/test-api';

// Issue 52, item 5: "Download my data" and "Delete my account" in the user area.
const gemini = geminiDouble();
let paypal: PaypalDoubleControl & { stop(): Promise<void> };
let api: TestApi;
let admin: Persona;
/** Deletes their account below; `other` keeps theirs. */
let leaving: Persona;
let other: Persona;
const adminEmail = `account-admin-${unique()}@coldmail.test`;
const billing = { customerName: 'Lena Leaving', address: '7 Quay Street', country: 'Ireland' };
let packageId: string;
let itemId: string;

/** What each persona made in beforeAll, by kind. */
interface Made {
  packageOrder: string;
  itemOrder: string;
  ticket: string;
  generation: string;
  upload: string;
}
const made: Record<'leaving' | 'other', Made> = {
  leaving: { packageOrder: '', itemOrder: '', ticket: '', generation: '', upload: '' },
  other: { packageOrder: '', itemOrder: '', ticket: '', generation: '', upload: '' },
};

const collection = (name: string) => api.db.collection(name);
const oid = (id: string) => new mongo.ObjectId(id);

/** What a deletion would change, hashed: equal before and after proves it changed nothing. */
async function deletable() {
  const all = await databaseSnapshot(api.db);
  const names = [
    'users',
    'deleted_accounts',
    'orders',
    'creditEntries',
    'generations',
    'supportTickets',
    'images.files',
    'images.chunks',
    'audit_log',
  ];
  return Object.fromEntries(names.map((name) => [name, all[name]]));
}

/** A persona's orders, ticket (with an admin's reply), generation and upload. */
async function fillAccount(persona: Persona, into: Made) {
  const packageOrder = await callEndpoint(api, contract.packageOrders.create, {
    token: persona.token,
    body: { packageId, ...billing },
  });
  const itemOrder = await callEndpoint(api, contract.itemOrders.create, {
    token: persona.token,
    body: { itemId, ...billing },
  });
  const ticket = await callEndpoint(api, contract.support.create, {
    token: persona.token,
    body: { subject: 'My invoice', message: `Where is my invoice? ${persona.email}` },
  });
  const reply = await callEndpoint(api, contract.support.update, {
    token: admin.token,
    params: { id: ticket.body._id },
    body: { adminMessage: [{ message: 'It is on its way.' }] },
  });
  const credited = await callEndpoint(api, contract.users.adminUpdate, {
    token: admin.token,
    params: { id: persona.id },
    body: { currentBalance: 4 },
  });
  const generated = await callEndpoint(api, contract.generator.generate, {
    token: persona.token,
    body: generationFields,
  });
  const image = new FormData();
  const png = readFileSync(join(__dirname, 'fixtures/images/red.png'));
  image.append('image', new Blob([new Uint8Array(png)], { type: 'image/png' }), 'me.png');
  const uploaded = await callEndpoint(api, contract.uploads.upload, {
    token: persona.token,
    body: image,
  });
  expect(
    [packageOrder, itemOrder, ticket, reply, credited, generated, uploaded].map((r) => r.status),
  ).toEqual([201, 201, 201, 200, 200, 200, 201]);
  Object.assign(into, {
    packageOrder: packageOrder.body._id,
    itemOrder: itemOrder.body._id,
    ticket: ticket.body._id,
    generation: generated.body.generationId,
    upload: uploaded.body.file.url.split('/').pop() as string,
  });
}

/** The buyer pays a package order at PayPal, as their browser does. */
async function pay(persona: Persona, orderId: string) {
  const created = await callEndpoint(api, contract.payments.createPaypalOrder, {
    token: persona.token,
    body: { orderId, kind: 'package' },
  });
  expect(created.status).toBe(201);
  await paypal.approve(created.body.id, `payer-${persona.email}`);
  const completed = await callEndpoint(api, contract.payments.completePackage, {
    token: persona.token,
    params: { id: orderId },
    body: { paypalOrderId: created.body.id },
  });
  expect(completed.status).toBe(200);
  // The receipt goes out after the answer: waited for, so later snapshots do not see it land.
  for (let waited = 0; waited < 5_000; waited += 50) {
    const order = await collection('orders').findOne({ _id: oid(orderId) });
    if (order?.mail?.receipt?.sentAt) return;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  throw new Error(`The receipt of order ${orderId} was not sent`);
}

const exportOf = (persona: Persona) =>
  callEndpoint(api, contract.account.export, { token: persona.token });
const deleteAccount = (persona: Persona, userEmail = persona.email) =>
  callEndpoint(api, contract.account.delete, { token: persona.token, body: { userEmail } });

beforeAll(async () => {
  paypal = await privatePaypalDouble();
  api = await startTestApi({
    ADMIN_EMAILS: adminEmail,
    ...gemini.env,
    ...paypal.env,
    // Run by the test that needs it, not on a timer.
    RECOVERY_SWEEP_SECONDS: '0',
  });
  admin = await signUp(api, 'admin', { email: adminEmail });
  [leaving, other] = await Promise.all([signUp(api, 'leaving'), signUp(api, 'other')]);
  const pkg = await callEndpoint(api, contract.packages.add, {
    token: admin.token,
    body: { packageName: `Export ${unique()}`, price: 9, credit: 10, validity: 30 },
  });
  const item = await callEndpoint(api, contract.items.create, {
    token: admin.token,
    body: { name: 'Guide', slug: `guide-${unique()}`, price: 5, accessUrl: 'https://files.test/g' },
  });
  const key = await callEndpoint(api, contract.geminiKeys.create, {
    token: admin.token,
    body: { name: 'Key', key: `AIzaSy${unique()}${unique()}-${unique()}` },
  });
  expect([pkg.status, item.status, key.status]).toEqual([201, 201, 201]);
  packageId = pkg.body._id;
  itemId = item.body._id;
  await fillAccount(leaving, made.leaving);
  await fillAccount(other, made.other);
  await pay(leaving, made.leaving.packageOrder);
  // A generation's key use is written a moment after it; the admin's key list writes it now.
  await callEndpoint(api, contract.geminiKeys.list, { token: admin.token });
});

afterAll(async () => {
  await api?.close();
  await paypal?.stop();
});

describe('GET /api/account/export', () => {
  it('needs a signed-in caller', async () => {
    const anonymous = await call(api, 'GET', '/api/account/export');
    expect(anonymous.status).toBe(401);
  });

  it("sends the caller's own data as a file, and nothing of another user's", async () => {
    const exported = await exportOf(leaving);
    expect(exported.status).toBe(200);
    expect(exported.headers.get('content-disposition')).toBe(
      `attachment; filename="coldmail-data-${new Date().toISOString().slice(0, 10)}.json"`,
    );
    expect(exported.headers.get('cache-control')).toBe('no-store');
    const data: AccountExport = exported.body;
    const mine = made.leaving;
    expect(data.profile).toMatchObject({ _id: leaving.id, userEmail: leaving.email });
    expect(data.packageOrders.map((order) => order._id)).toEqual([mine.packageOrder]);
    expect(data.packageOrders[0]).toMatchObject({ paymentStatus: 'Paid', ...billing });
    expect(data.itemOrders.map((order) => order._id)).toEqual([mine.itemOrder]);
    expect(data.creditHistory.map((entry) => entry.reason).sort()).toEqual([
      'admin-adjustment',
      'generation',
      'purchase',
    ]);
    expect(data.generations).toEqual([
      expect.objectContaining({ _id: mine.generation, status: 'done' }),
    ]);
    expect(data.supportTickets).toEqual([
      expect.objectContaining({
        _id: mine.ticket,
        adminMessage: [expect.objectContaining({ message: 'It is on its way.', sender: 'admin' })],
      }),
    ]);
    expect(data.uploads).toEqual([
      expect.objectContaining({ id: mine.upload, contentType: 'image/png' }),
    ]);
    const image = await fetch(data.uploads[0]!.url);
    expect([image.status, image.headers.get('content-type')]).toEqual([200, 'image/png']);
    for (const id of [other.id, other.email, ...Object.values(made.other)]) {
      expect(exported.text).not.toContain(id);
    }
  });
});

describe('DELETE /api/account', () => {
  it('refuses a confirmation that is not the account’s address (400), changing nothing', async () => {
    const before = await deletable();
    const wrong = await deleteAccount(leaving, other.email);
    const missing = await call(api, 'DELETE', '/api/account', { token: leaving.token, json: {} });
    for (const refused of [wrong, missing]) {
      expect(refused.status).toBe(400);
      expect(refused.body).toEqual({
        statusCode: 400,
        message: 'Validation failed',
        fieldErrors: { userEmail: ACCOUNT_DELETE_CONFIRMATION },
      });
    }
    expect(await deletable()).toEqual(before);
    expect((await exportOf(leaving)).status).toBe(200);
  });

  it('refuses an admin (409): another admin must make the account a member first', async () => {
    const before = await deletable();
    const refused = await deleteAccount(admin);
    expect(refused.status).toBe(409);
    expect(refused.error?.message).toBe(ADMIN_CANNOT_DELETE_ITSELF);
    expect(await deletable()).toEqual(before);
  });

  it('deletes the account and what hangs on it; orders stay under a placeholder address', async () => {
    const placeholder = deletedAddressOf(leaving.id);
    const otherBefore = await Promise.all(
      ['orders', 'supportTickets', 'generations', 'creditEntries'].map((name) =>
        collection(name)
          .find({ $or: [{ customerId: oid(other.id) }, { userId: oid(other.id) }] })
          .toArray(),
      ),
    );

    // Typed again in capitals: an address is the same in any case.
    const deleted = await deleteAccount(leaving, leaving.email.toUpperCase());
    expect(deleted.status).toBe(200);
    expect(deleted.body).toEqual({ success: true, message: 'Your account has been deleted.' });

    expect(await collection('users').countDocuments({ _id: oid(leaving.id) })).toBe(0);
    expect(await collection('supportTickets').countDocuments({ userId: oid(leaving.id) })).toBe(0);
    expect(await collection('generations').countDocuments({ userId: oid(leaving.id) })).toBe(0);
    const upload = oid(made.leaving.upload);
    expect(await collection('images.files').countDocuments({ _id: upload })).toBe(0);
    expect(await collection('images.chunks').countDocuments({ files_id: upload })).toBe(0);
    const orders = await collection('orders')
      .find({ customerId: oid(leaving.id) })
      .sort({ kind: 1 })
      .toArray();
    expect(orders).toEqual([
      expect.objectContaining({ kind: 'item', customerEmail: placeholder, ...billing }),
      expect.objectContaining({
        kind: 'package',
        paymentStatus: 'Paid',
        customerEmail: placeholder,
        payerEmail: placeholder,
        ...billing,
      }),
    ]);
    const entries = await collection('creditEntries')
      .find({ userId: oid(leaving.id) })
      .toArray();
    expect(entries).toHaveLength(3);
    expect(new Set(entries.map((entry) => entry.userEmail))).toEqual(new Set([placeholder]));
    // Nothing of another user's changed.
    const otherAfter = await Promise.all(
      ['orders', 'supportTickets', 'generations', 'creditEntries'].map((name) =>
        collection(name)
          .find({ $or: [{ customerId: oid(other.id) }, { userId: oid(other.id) }] })
          .toArray(),
      ),
    );
    expect(otherAfter).toEqual(otherBefore);
    expect(otherAfter.map((rows) => rows.length)).toEqual([2, 1, 1, 2]);

    // The Firebase account is gone: the old password signs in no more.
    await expect(api.emulator.signIn(leaving.email, leaving.password)).rejects.toThrow();

    // The old token, still unexpired, is refused everywhere and cannot make a record again.
    expect((await deleteAccount(leaving)).status).toBe(401);
    const created = await callEndpoint(api, contract.users.createOrSync, {
      token: leaving.token,
      body: {},
    });
    expect([created.status, created.error?.message]).toEqual([403, ACCOUNT_DELETED]);
    expect(await collection('users').countDocuments({ userEmail: leaving.email })).toBe(0);

    // The admin sees the deletion in the audit log, and the order in the back office.
    const audit = await callEndpoint(api, contract.audit.list, {
      token: admin.token,
      query: { action: 'account.delete' },
    });
    expect(audit.body.items).toEqual([
      expect.objectContaining({
        actor: { email: placeholder, userId: leaving.id },
        target: { kind: 'user', id: leaving.id, label: placeholder },
        before: { userRole: 'member', userMembership: 'free', currentBalance: 13 },
      }),
    ]);
    expect(audit.text).not.toContain(leaving.email);
    const paid = orders.find((order) => order.kind === 'package');
    const listed = await callEndpoint(api, contract.packageOrders.adminList, {
      token: admin.token,
      query: { q: paid?.orderId as string },
    });
    expect(listed.body.items).toEqual([
      expect.objectContaining({ _id: made.leaving.packageOrder, customerEmail: placeholder }),
    ]);
  });

  it('lets the address register again, as a new account with none of the old data', async () => {
    const returning = await signUp(api, 'returning', { email: leaving.email });
    expect(returning.id).not.toBe(leaving.id);
    const exported = await exportOf(returning);
    expect(exported.status).toBe(200);
    expect(exported.body).toMatchObject({
      packageOrders: [],
      itemOrders: [],
      creditHistory: [],
      generations: [],
      supportTickets: [],
      uploads: [],
    });
  });

  it('leaves no usable account when a step fails, and the recovery sweep finishes it', async () => {
    const interrupted = await signUp(api, 'interrupted');
    const ticket = await callEndpoint(api, contract.support.create, {
      token: interrupted.token,
      body: { subject: 'Hello', message: 'A ticket to delete' },
    });
    expect(ticket.status).toBe(201);
    const firebase = api.app.get(FirebaseAuthService);
    const outage = jest
      .spyOn(firebase, 'deleteAccount')
      .mockRejectedValueOnce(new Error('Firebase is unavailable'));
    const failed = await deleteAccount(interrupted);
    outage.mockRestore();
    expect(failed.status).toBe(500);

    // Disabled and without its record: no sign-in, and the token reaches nothing.
    await expect(api.emulator.signIn(interrupted.email, interrupted.password)).rejects.toThrow();
    const own = await callEndpoint(api, contract.users.list, {
      token: interrupted.token,
      query: { userEmail: interrupted.email },
    });
    expect([own.status, own.error?.message]).toEqual([403, ACCOUNT_DELETED]);
    expect(await collection('supportTickets').countDocuments({ _id: oid(ticket.body._id) })).toBe(
      0,
    );
    // The address is not free until the Firebase account is gone.
    await expect(api.emulator.createUser(interrupted.email, 'pw-again')).rejects.toThrow();

    const sweep = api.app.get(RecoverySweepService);
    expect(await sweep.runOnce(Date.now() + 5 * 60_000)).toBe(true);
    const remembered = await collection('deleted_accounts').findOne({
      selfDeletedUserId: oid(interrupted.id),
    });
    expect(remembered).toMatchObject({ expiresAt: expect.any(Date) });
    expect(remembered).not.toHaveProperty('pendingSince');
    expect(remembered).not.toHaveProperty('userEmail');
    await expect(api.emulator.createUser(interrupted.email, 'pw-again')).resolves.toBeDefined();
  });

  it('is seen at once by every API instance, whose cached record of the caller is forgotten', async () => {
    const second = await startTestApi(
      { ADMIN_EMAILS: adminEmail, RECOVERY_SWEEP_SECONDS: '0' },
      { sameDatabaseAs: api },
    );
    try {
      const cached = await signUp(api, 'cached');
      const ownRecordOnSecond = () =>
        callEndpoint(second, contract.users.list, {
          token: cached.token,
          query: { userEmail: cached.email },
        });
      // Read (and kept for up to 5 s) by the second instance just before the deletion.
      expect((await ownRecordOnSecond()).status).toBe(200);
      expect((await deleteAccount(cached)).status).toBe(200);
      const started = Date.now();
      let answer = await ownRecordOnSecond();
      while (answer.status === 200 && Date.now() - started < 2_000) {
        await new Promise((resolve) => setTimeout(resolve, 50));
        answer = await ownRecordOnSecond();
      }
      expect([answer.status, answer.error?.message]).toEqual([403, ACCOUNT_DELETED]);
    } finally {
      await second.close();
    }
  });
});
