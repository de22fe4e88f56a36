import { contract } from '@coldmail/contracts';
import { mongo } from 'mongoose';
import { FirebaseAuthService } from '../src/auth/firebase-auth.service';
import { awaitMail, orderMailSettled } from './support/mailbox';
import { paypalDouble } from './support/paypal-double';
import {
  callEndpoint,
  type Persona,
  signUp,
  startTestApi,
  type TestApi,
  unique,
} from './support/test-api';

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
  const pkg = await callEndpoint(api, contract.packages.add, {
    token: admin.token,
    body: { packageName: 'Pro', price: 24.5, credit: 200, validity: 90 },
  });
  packageId = pkg.body._id;
  const item = await callEndpoint(api, contract.items.create, {
    token: admin.token,
    body: { name: 'Playbook', slug: `playbook-${unique()}`, price: 19, accessUrl: SECRET_URL },
  });
  itemId = item.body._id;
});
afterAll(() => api?.close());

const placeOrder = async (token: string) =>
  (
    await callEndpoint(api, contract.packageOrders.create, {
      token,
      body: { packageId, ...billing },
    })
  ).body;
const placeItemOrder = async (token: string) =>
  (await callEndpoint(api, contract.itemOrders.create, { token, body: { itemId, ...billing } }))
    .body;
const ordersOf = (token: string, userEmail: string) =>
  callEndpoint(api, contract.packageOrders.list, { token, query: { userEmail } });

/** Our API creates the PayPal order for `order`, and the buyer approves it. */
async function approvedPaypalOrder(
  token: string,
  order: { _id: string },
  kind: 'package' | 'item',
) {
  const created = await callEndpoint(api, contract.payments.createPaypalOrder, {
    token,
    body: { orderId: order._id, kind },
  });
  expect(created.status).toBe(201);
  await paypal.approve(created.body.id);
  return created.body.id;
}

async function payPackage(token: string, order: { _id: string }) {
  const paypalOrderId = await approvedPaypalOrder(token, order, 'package');
  return callEndpoint(api, contract.payments.completePackage, {
    token,
    params: { id: order._id },
    body: { paypalOrderId },
  });
}

async function payItem(token: string, order: { _id: string }) {
  const paypalOrderId = await approvedPaypalOrder(token, order, 'item');
  return callEndpoint(api, contract.payments.completeItem, {
    token,
    params: { id: order._id },
    body: { paypalOrderId },
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
    const order = await placeOrder(buyer.token);
    const itemOrder = await placeItemOrder(buyer.token);
    expect((await payItem(buyer.token, itemOrder)).status).toBe(200);

    const oldEmail = buyer.email;
    const newEmail = `moved-${unique()}@coldmail.test`;
    const token = await changeEmail(buyer, newEmail);

    // The buyer, under the new address: pays the order placed under the old one, and is credited.
    const paid = await payPackage(token, order);
    expect(paid.status).toBe(200);
    expect(paid.body.currentBalance).toBe(200);
    const own = await ordersOf(token, newEmail);
    expect(own.body.map((listed) => listed._id)).toEqual([order._id]);
    const ownItem = await callEndpoint(api, contract.itemOrders.get, {
      token,
      params: { id: itemOrder._id },
    });
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
    const byStranger = { token: stranger };
    const reads = [
      await ordersOf(stranger, oldEmail),
      await callEndpoint(api, contract.itemOrders.list, {
        ...byStranger,
        query: { userEmail: oldEmail },
      }),
      await callEndpoint(api, contract.packageOrders.get, {
        ...byStranger,
        params: { id: order._id },
      }),
      await callEndpoint(api, contract.itemOrders.get, {
        ...byStranger,
        params: { id: itemOrder._id },
      }),
      await callEndpoint(api, contract.users.list, {
        ...byStranger,
        query: { userEmail: oldEmail },
      }),
    ];
    expect(reads.map((read) => [read.status, read.error?.message])).toEqual(
      reads.map(() => [404, 'User data not found']),
    );
    for (const read of reads) expect(read.text).not.toContain(SECRET_URL);
    // The buyer's record moved to the new address with its account: the old one is free, and
    // whoever registers it gets a record of their own, with nothing of the buyer's.
    const fresh = await callEndpoint(api, contract.users.createOrSync, {
      token: stranger,
      body: {},
    });
    expect(fresh.status).toBe(200);
    expect(fresh.body._id).not.toBe(buyer.id);
    expect((await ordersOf(stranger, oldEmail)).body).toEqual([]);
  });
});

describe('mail follows the account', () => {
  const mailDir = () => api.config.mail.dir;

  it('to its verified new address: the record, receipts, ticket replies and admin messages', async () => {
    const buyer = await signUp(api, 'follower');
    const order = await placeOrder(buyer.token);
    const ticket = (
      await callEndpoint(api, contract.support.create, {
        token: buyer.token,
        body: { subject: 'Before I moved', message: 'Hello' },
      })
    ).body;
    const newEmail = `followed-${unique()}@coldmail.test`;
    const token = await changeEmail(buyer, newEmail);

    // The record follows the account's verified change at its next request.
    expect(
      (await callEndpoint(api, contract.users.list, { token, query: { userEmail: newEmail } }))
        .status,
    ).toBe(200);
    expect(
      await api.db.collection('users').findOne({ _id: new mongo.ObjectId(buyer.id) }),
    ).toMatchObject({ userEmail: newEmail });

    expect((await payPackage(token, order)).status).toBe(200);
    const receipts = await awaitMail(
      mailDir(),
      (mail) => mail.subject.includes(order.orderId),
      1,
      orderMailSettled(api.db, order._id, 'receipt'),
    );
    expect(receipts.map((mail) => mail.to)).toEqual([newEmail]);

    await callEndpoint(api, contract.support.update, {
      token: admin.token,
      params: { id: ticket._id },
      body: { adminMessage: [{ message: 'Replying after the move' }] },
    });
    const replies = await awaitMail(mailDir(), (mail) => mail.subject === 'Re: Before I moved');
    expect(replies.map((mail) => mail.to)).toEqual([newEmail]);

    const subject = `Hello ${unique()}`;
    expect(
      (
        await callEndpoint(api, contract.messages.send, {
          token: admin.token,
          body: { toEmail: newEmail, subject, messageBody: '<p>Hi</p>' },
        })
      ).status,
    ).toBeLessThan(300);
    const messages = await awaitMail(mailDir(), (mail) => mail.subject === subject);
    expect(messages.map((mail) => mail.to)).toEqual([newEmail]);
  });

  it('not to an address the account has not verified: the last verified one', async () => {
    const buyer = await signUp(api, 'unverified-move');
    const order = await placeOrder(buyer.token);
    const token = await changeEmail(buyer, `unverified-${unique()}@coldmail.test`, false);
    expect((await payPackage(token, order)).status).toBe(200);
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
    const order = await placeOrder(buyer.token);
    const image = new FormData();
    const png = Buffer.from(
      'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==',
      'base64',
    );
    image.append('image', new Blob([new Uint8Array(png)], { type: 'image/png' }), 'a.png');
    const uploaded = await callEndpoint(api, contract.uploads.upload, {
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
    expect((await ordersOf(buyer.token, buyer.email)).body).toEqual([]);

    for (let start = 0; start < 2; start += 1) await restart();
    expect(await ownerOf(order)).toBe(buyer.id);
    const listed = await ordersOf(buyer.token, buyer.email);
    expect(listed.body.map((entry) => entry._id)).toEqual([order._id]);
    const images = await callEndpoint(api, contract.uploads.mine, { token: buyer.token });
    expect(images.body.files).toHaveLength(1);

    // Done once for the database: a later start looks at no ownerless order again.
    const later = await placeOrder(buyer.token);
    await asLegacy(later);
    await restart();
    expect(await ownerOf(later)).toBeUndefined();
  });

  it('never go to a record an unverified account made by typing their address', async () => {
    await fromBeforeTheMigrations();
    const owner = await signUp(api, 'legacy-owner');
    const order = await placeOrder(owner.token);
    await asLegacy(order);
    // The previous owner's record is gone; someone registers the address and never verifies it.
    await api.db.collection('users').deleteOne({ userEmail: owner.email });
    const firebase = api.app.get(FirebaseAuthService).auth;
    await firebase.deleteUser((await firebase.getUserByEmail(owner.email)).uid);
    const squatter = await signUp(api, 'squatter', { email: owner.email, verified: false });
    expect(squatter.id).not.toBe('');

    await restart();
    expect(await ownerOf(order)).toBeUndefined();
    expect((await ordersOf(squatter.token, owner.email)).body).toEqual([]);
  });
});
