import type { ItemOrder, PackageOrder, PackagePaymentResult } from '@coldmail/contracts';
import { mongo } from 'mongoose';
import { FirebaseAuthService } from '../src/auth/firebase-auth.service';
import { awaitMail, orderMailSettled } from './support/mailbox';
import { paypalDouble } from './support/paypal-double';
import { call, type Persona, signUp, startTestApi, type TestApi, unique } from './support/test-api';

// Issue 30, item 2: everything a buyer owns is owned by their user record (bound to their
// Firebase account), never by the e-mail address in their token.
const paypal = paypalDouble();
const adminEmail = `identity-admin-${unique()}@coldmail.test`;
const billing = { customerName: 'Ada Buyer', address: '1 Loop Road', country: 'France' };
const SECRET_URL = 'https://files.test/identity-playbook.pdf';
let api: TestApi;
let admin: Persona;
let packageId: string;
let itemId: string;

beforeAll(async () => {
  api = await startTestApi({ ADMIN_EMAILS: adminEmail, ...paypal.env });
  admin = await signUp(api, 'admin', { email: adminEmail });
  const pkg = await call<{ _id: string }>(api, 'POST', '/add-package', {
    token: admin.token,
    json: { packageName: 'Pro', price: 24.5, credit: 200, validity: 90 },
  });
  packageId = pkg.body._id;
  const item = await call<{ _id: string }>(api, 'POST', '/api/items', {
    token: admin.token,
    json: { name: 'Playbook', slug: `playbook-${unique()}`, price: 19, accessUrl: SECRET_URL },
  });
  itemId = item.body._id;
});
afterAll(() => api?.close());

const as = <T>(token: string, method: string, path: string, json?: unknown) =>
  call<T & { message?: string }>(api, method, path, { token, json });

async function pay(token: string, order: { _id: string }, kind: 'package' | 'item') {
  const created = await as<{ id: string }>(token, 'POST', '/api/paypal/orders', {
    orderId: order._id,
    kind,
  });
  expect(created.status).toBe(201);
  await paypal.approve(created.body.id);
  const path = kind === 'package' ? '/process-payment-complete' : '/item-update-payment-status';
  return as<PackagePaymentResult>(token, 'PUT', `${path}/${order._id}`, {
    paypalOrderId: created.body.id,
  });
}

/**
 * The buyer changes their Firebase e-mail (verified, as Firebase's verify-before-update flow
 * leaves it, unless told otherwise); their next token carries the new address.
 */
async function changeEmail(persona: Persona, email: string, emailVerified = true): Promise<string> {
  const firebase = api.app.get(FirebaseAuthService).auth;
  const { uid } = await firebase.getUserByEmail(persona.email);
  await firebase.updateUser(uid, { email, emailVerified });
  return api.emulator.signIn(email, persona.password);
}

describe('a buyer who changes their e-mail', () => {
  it('still owns and pays their orders, and is credited; whoever registers the old address gets nothing', async () => {
    const buyer = await signUp(api, 'mover');
    const order = (
      await as<PackageOrder>(buyer.token, 'POST', '/new-order', { packageId, ...billing })
    ).body;
    const itemOrder = (
      await as<ItemOrder>(buyer.token, 'POST', '/new-item-order', { itemId, ...billing })
    ).body;
    expect((await pay(buyer.token, itemOrder, 'item')).status).toBe(200);

    const oldEmail = buyer.email;
    const newEmail = `moved-${unique()}@coldmail.test`;
    const token = await changeEmail(buyer, newEmail);

    // The buyer, under the new address: pays the order placed under the old one, and is credited.
    const paid = await pay(token, order, 'package');
    expect(paid.status).toBe(200);
    expect(paid.body.currentBalance).toBe(200);
    const own = await as<PackageOrder[]>(token, 'GET', `/orders?userEmail=${newEmail}`);
    expect(own.body.map((listed) => listed._id)).toEqual([order._id]);
    const ownItem = await as<ItemOrder>(token, 'GET', `/item-order/${itemOrder._id}`);
    expect(ownItem.status).toBe(200);
    expect(JSON.stringify(ownItem.body)).toContain(SECRET_URL);

    // Someone registers the freed address: no record, so nothing of the buyer's.
    const { idToken: stranger } = await api.emulator.createUser(
      oldEmail,
      'pw-stranger',
      undefined,
      {
        emailVerified: true,
      },
    );
    const reads = [
      await as(stranger, 'GET', `/orders?userEmail=${oldEmail}`),
      await as(stranger, 'GET', `/item-orders?userEmail=${oldEmail}`),
      await as(stranger, 'GET', `/order/${order._id}`),
      await as(stranger, 'GET', `/item-order/${itemOrder._id}`),
      await as(stranger, 'GET', `/users?userEmail=${oldEmail}`),
    ];
    expect(reads.map((read) => [read.status, read.body.message])).toEqual(
      reads.map(() => [404, 'User data not found']),
    );
    for (const read of reads) expect(read.text).not.toContain(SECRET_URL);
    // The buyer's record moved to the new address with its account: the old one is free, and
    // whoever registers it gets a record of their own, with nothing of the buyer's.
    const fresh = await as<{ _id: string; userEmail: string }>(
      stranger,
      'POST',
      '/api/create-user',
      {},
    );
    expect(fresh.status).toBe(200);
    expect(fresh.body._id).not.toBe(buyer.id);
    expect(
      (await as<PackageOrder[]>(stranger, 'GET', `/orders?userEmail=${oldEmail}`)).body,
    ).toEqual([]);
  });
});

describe('mail follows the account', () => {
  const mailDir = () => api.config.mail.dir;

  it('to its verified new address: the record, receipts, ticket replies and admin messages', async () => {
    const buyer = await signUp(api, 'follower');
    const order = (
      await as<PackageOrder>(buyer.token, 'POST', '/new-order', { packageId, ...billing })
    ).body;
    const ticket = (
      await as<{ _id: string; adminMessage: unknown[] }>(
        buyer.token,
        'POST',
        '/new-support-message',
        {
          subject: 'Before I moved',
          message: 'Hello',
        },
      )
    ).body;
    const newEmail = `followed-${unique()}@coldmail.test`;
    const token = await changeEmail(buyer, newEmail);

    // The record follows the account's verified change at its next request.
    expect((await as(token, 'GET', `/users?userEmail=${newEmail}`)).status).toBe(200);
    expect(
      await api.db.collection('users').findOne({ _id: new mongo.ObjectId(buyer.id) }),
    ).toMatchObject({ userEmail: newEmail });

    expect((await pay(token, order, 'package')).status).toBe(200);
    const receipts = await awaitMail(
      mailDir(),
      (mail) => mail.subject.includes(order.orderId),
      1,
      orderMailSettled(api.db, order._id, 'receipt'),
    );
    expect(receipts.map((mail) => mail.to)).toEqual([newEmail]);

    await as(admin.token, 'PUT', `/support-message-status/${ticket._id}`, {
      adminMessage: [{ message: 'Replying after the move' }],
    });
    const replies = await awaitMail(mailDir(), (mail) => mail.subject === 'Re: Before I moved');
    expect(replies.map((mail) => mail.to)).toEqual([newEmail]);

    const subject = `Hello ${unique()}`;
    expect(
      (
        await as(admin.token, 'POST', '/send-message', {
          toEmail: newEmail,
          subject,
          messageBody: '<p>Hi</p>',
        })
      ).status,
    ).toBeLessThan(300);
    const messages = await awaitMail(mailDir(), (mail) => mail.subject === subject);
    expect(messages.map((mail) => mail.to)).toEqual([newEmail]);
  });

  it('not to an address the account has not verified: the last verified one', async () => {
    const buyer = await signUp(api, 'unverified-move');
    const order = (
      await as<PackageOrder>(buyer.token, 'POST', '/new-order', { packageId, ...billing })
    ).body;
    const token = await changeEmail(buyer, `unverified-${unique()}@coldmail.test`, false);
    expect((await pay(token, order, 'package')).status).toBe(200);
    const receipts = await awaitMail(
      mailDir(),
      (mail) => mail.subject.includes(order.orderId),
      1,
      orderMailSettled(api.db, order._id, 'receipt'),
    );
    expect(receipts.map((mail) => mail.to)).toEqual([buyer.email]);
  });
});

describe('orders and images from before orders carried their owner', () => {
  /** The database as the release before the migrations left it: no marker of them. */
  const fromBeforeTheMigrations = () =>
    api.db
      .collection('migrations')
      .deleteMany({ _id: { $in: ['order-owners', 'upload-owners'] } as never });
  const restart = async () =>
    (await startTestApi({ ...paypal.env }, { sameDatabaseAs: api })).close();
  /** Stores an order as the previous release did: owned by an address only. */
  const asLegacy = (order: { _id: string }) =>
    api.db
      .collection('orders')
      .updateOne({ _id: new mongo.ObjectId(order._id) }, { $unset: { customerId: '' } });
  const ownerOf = async (order: { _id: string }) =>
    (
      await api.db.collection('orders').findOne({ _id: new mongo.ObjectId(order._id) })
    )?.customerId?.toHexString();

  it('are given their buyer’s record once, at start-up, and stay theirs', async () => {
    await fromBeforeTheMigrations();
    const buyer = await signUp(api, 'legacy');
    const order = (
      await as<PackageOrder>(buyer.token, 'POST', '/new-order', { packageId, ...billing })
    ).body;
    const image = new FormData();
    const png = Buffer.from(
      'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==',
      'base64',
    );
    image.append('image', new Blob([new Uint8Array(png)], { type: 'image/png' }), 'a.png');
    const uploaded = await call(api, 'POST', '/image-server/upload', {
      token: buyer.token,
      body: image,
    });
    expect(uploaded.status).toBe(201);
    // As the previous release stored them: owned by an address only.
    await api.db
      .collection('orders')
      .updateOne({ _id: new mongo.ObjectId(order._id) }, { $unset: { customerId: '' } });
    await api.db
      .collection('images.files')
      .updateMany(
        { 'metadata.uploadedBy': buyer.email },
        { $unset: { 'metadata.uploaderId': '' } },
      );
    expect(
      (await as<PackageOrder[]>(buyer.token, 'GET', `/orders?userEmail=${buyer.email}`)).body,
    ).toEqual([]);

    for (let start = 0; start < 2; start += 1) await restart();
    expect(await ownerOf(order)).toBe(buyer.id);
    const listed = await as<PackageOrder[]>(buyer.token, 'GET', `/orders?userEmail=${buyer.email}`);
    expect(listed.body.map((entry) => entry._id)).toEqual([order._id]);
    const images = await as<{ files: unknown[] }>(buyer.token, 'GET', '/image-server/files');
    expect(images.body.files).toHaveLength(1);

    // Done once for the database: a later start looks at no ownerless order again.
    const later = (
      await as<PackageOrder>(buyer.token, 'POST', '/new-order', { packageId, ...billing })
    ).body;
    await asLegacy(later);
    await restart();
    expect(await ownerOf(later)).toBeUndefined();
  });

  it('never go to a record an unverified account made by typing their address', async () => {
    await fromBeforeTheMigrations();
    const owner = await signUp(api, 'legacy-owner');
    const order = (
      await as<PackageOrder>(owner.token, 'POST', '/new-order', { packageId, ...billing })
    ).body;
    await asLegacy(order);
    // The previous owner's record is gone; someone registers the address and never verifies it.
    await api.db.collection('users').deleteOne({ userEmail: owner.email });
    const firebase = api.app.get(FirebaseAuthService).auth;
    await firebase.deleteUser((await firebase.getUserByEmail(owner.email)).uid);
    const squatter = await signUp(api, 'squatter', { email: owner.email, verified: false });
    expect(squatter.id).not.toBe('');

    await restart();
    expect(await ownerOf(order)).toBeUndefined();
    expect(
      (await as<PackageOrder[]>(squatter.token, 'GET', `/orders?userEmail=${owner.email}`)).body,
    ).toEqual([]);
  });
});
