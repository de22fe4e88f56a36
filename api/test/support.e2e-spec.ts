import { readdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { SupportSummary, SupportTicket } from '@coldmail/contracts';
import { call, type Persona, signUp, startTestApi, type TestApi, unique } from './support/test-api';

type ErrorBody = { message: string; fieldErrors?: Record<string, string> };

let api: TestApi;
let admin: Persona;
let ada: Persona;
let bob: Persona;
const adminEmail = `support-admin-${unique()}@coldmail.test`;

beforeAll(async () => {
  api = await startTestApi({ ADMIN_EMAILS: adminEmail });
  admin = await signUp(api, 'admin', { email: adminEmail });
  [ada, bob] = await Promise.all([signUp(api, 'ada'), signUp(api, 'bob')]);
});
afterAll(() => api.close());

const tickets = () => api.db.collection('supportTickets');

const contact = (fields: Record<string, unknown>) =>
  call<SupportTicket & ErrorBody>(api, 'POST', '/new-support-message', {
    json: {
      ticketUserName: 'Vera Visitor',
      ticketUserEmail: `vera-${unique()}@example.com`,
      phone: '+33 1 23 45 67 89',
      subject: 'Pricing question',
      message: 'Do credits expire?',
      ...fields,
    },
  });

const openTicket = (persona: Persona, subject = 'Help with my order') =>
  call<SupportTicket & ErrorBody>(api, 'POST', '/new-support-message', {
    token: persona.token,
    json: {
      subject,
      message: 'My credits did not arrive.',
      // The spec's client sends these; none of them may decide who the ticket is from.
      ticketUserName: 'Someone Else',
      ticketUserEmail: 'victim@example.com',
      ticketUserRole: 'Admin',
      ticketStatus: 'closed',
    },
  });

const reply = (persona: Persona, ticket: SupportTicket, body: Record<string, unknown>) =>
  call<SupportTicket & ErrorBody>(api, 'PUT', `/support-message-status/${ticket._id}`, {
    token: persona.token,
    json: body,
  });

/** The spec's client: the whole conversation with the new entry appended. */
const withEntry = (ticket: SupportTicket, message: string, sender: 'admin' | 'user') => ({
  adminMessage: [...ticket.adminMessage, { message, sender, timestamp: new Date().toISOString() }],
});

describe('POST /new-support-message', () => {
  it('turns a visitor’s contact form into an open ticket', async () => {
    const created = await contact({
      ticketUserEmail: 'Vera@Example.com',
      phone: ' +33 1 23 45 67 89 ',
    });
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({
      ticketStatus: 'open',
      ticketUserName: 'Vera Visitor',
      ticketUserEmail: 'vera@example.com',
      ticketUserRole: 'visitor',
      phone: '+33 1 23 45 67 89',
      adminMessage: [],
    });
  });

  it('needs a subject, a message and, from a visitor, a name and an e-mail', async () => {
    const before = await tickets().countDocuments();
    expect((await contact({ subject: '  ' })).body.fieldErrors).toHaveProperty('subject');
    expect((await contact({ ticketUserEmail: undefined })).status).toBe(400);
    expect((await contact({ ticketUserEmail: 'not-an-address' })).status).toBe(400);
    expect((await contact({ ticketUserName: undefined })).status).toBe(400);
    expect((await contact({ message: 'x'.repeat(5001) })).status).toBe(400);
    expect(await tickets().countDocuments()).toBe(before);
  });

  it.each([
    ['missing', undefined],
    ['empty', ''],
    ['blank', '   '],
    ['only markup', '<b></b>'],
  ])('needs a phone from a visitor: %s is a 400 that stores nothing', async (_case, phone) => {
    const before = await tickets().countDocuments();
    const refused = await contact({ phone });
    expect(refused.status).toBe(400);
    expect(refused.body.fieldErrors).toEqual({ phone: 'Phone is required' });
    expect(await tickets().countDocuments()).toBe(before);
  });

  it('takes a visitor’s phone of at most 40 characters, like the other fields are bounded', async () => {
    const before = await tickets().countDocuments();
    expect((await contact({ phone: '1'.repeat(40) })).status).toBe(201);
    const refused = await contact({ phone: '1'.repeat(41) });
    expect(refused.status).toBe(400);
    expect(refused.body.fieldErrors).toHaveProperty('phone');
    expect(await tickets().countDocuments()).toBe(before + 1);
  });

  it('names a missing phone with the other missing fields in one answer', async () => {
    const refused = await contact({ ticketUserName: ' ', phone: undefined });
    expect(refused.status).toBe(400);
    expect(refused.body.fieldErrors).toEqual({
      ticketUserName: 'Name is required',
      phone: 'Phone is required',
    });
  });

  it('rejects a bot that fills in the hidden field, storing nothing', async () => {
    const before = await tickets().countDocuments();
    const bot = await contact({ website: 'http://spam.example' });
    expect(bot.status).toBe(400);
    expect(await tickets().countDocuments()).toBe(before);
  });

  it('takes at most five messages an hour from one address', async () => {
    const email = `chatty-${unique()}@example.com`;
    const statuses = [];
    for (let attempt = 0; attempt < 6; attempt += 1) {
      statuses.push((await contact({ ticketUserEmail: email })).status);
    }
    expect(statuses).toEqual([201, 201, 201, 201, 201, 429]);
  });

  it('describes a signed-in user’s ticket from their record, not from the body', async () => {
    const created = await openTicket(ada);
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({
      ticketUserEmail: ada.email,
      ticketUserName: 'ada',
      ticketUserRole: 'member',
      ticketStatus: 'open',
      // Create Support Ticket asks a signed-in user for no phone.
      phone: '',
    });
    expect(await tickets().countDocuments({ ticketUserEmail: 'victim@example.com' })).toBe(0);
  });

  it('strips markup so a ticket can never run in the inbox', async () => {
    const created = await contact({
      message: 'Hi <img src=x onerror=alert(1)><script>x()</script>there',
    });
    expect(created.body.message).toBe('Hi there');
    // What people typed stays as typed: no '&amp;' in the inbox.
    const typed = await contact({ subject: 'Q&A <b>now</b>', message: 'Tom & "Jerry" <3' });
    expect(typed.body).toMatchObject({ subject: 'Q&A now', message: 'Tom & "Jerry" <3' });
  });
});

describe('who reads which tickets', () => {
  let adasTicket: SupportTicket;

  beforeAll(async () => {
    adasTicket = (await openTicket(ada, 'Ada’s private ticket')).body;
    await openTicket(bob, 'Bob’s ticket');
  });

  it('a user lists only their own tickets, whatever the query says', async () => {
    for (const query of ['', `?userEmail=${encodeURIComponent(ada.email)}`]) {
      const listed = await call<SupportTicket[]>(api, 'GET', `/support-messages${query}`, {
        token: bob.token,
      });
      expect(listed.status).toBe(200);
      expect(listed.body.length).toBeGreaterThan(0);
      expect(listed.body.every((ticket) => ticket.ticketUserEmail === bob.email)).toBe(true);
    }
  });

  it('refuses operator injection and anonymous readers', async () => {
    const injected = await call(api, 'GET', '/support-messages?userEmail[$ne]=x', {
      token: bob.token,
    });
    expect(injected.status).toBe(400);
    expect((await call(api, 'GET', '/support-messages')).status).toBe(401);
    expect((await call(api, 'GET', `/support-message/${adasTicket._id}`)).status).toBe(401);
  });

  it('another user’s ticket is not found, to read or to answer', async () => {
    expect(
      (await call(api, 'GET', `/support-message/${adasTicket._id}`, { token: bob.token })).status,
    ).toBe(404);
    const meddled = await reply(bob, adasTicket, withEntry(adasTicket, 'hijack', 'user'));
    expect(meddled.status).toBe(404);
    expect(
      (await call(api, 'GET', '/support-message/not-an-id', { token: bob.token })).status,
    ).toBe(400);
  });

  it('an admin reads every ticket, newest first, or one user’s', async () => {
    const all = await call<SupportTicket[]>(api, 'GET', '/support-messages', {
      token: admin.token,
    });
    const times = all.body.map((ticket) => ticket.createdAt);
    expect(times).toEqual([...times].sort().reverse());
    expect(new Set(all.body.map((ticket) => ticket.ticketUserEmail)).size).toBeGreaterThan(2);
    const adas = await call<SupportTicket[]>(
      api,
      'GET',
      `/support-messages?userEmail=${encodeURIComponent(ada.email)}`,
      { token: admin.token },
    );
    expect(adas.body.every((ticket) => ticket.ticketUserEmail === ada.email)).toBe(true);
    expect(
      (await call(api, 'GET', '/api/support-messages/summary', { token: ada.token })).status,
    ).toBe(403);
  });
});

describe('the conversation', () => {
  it('a user reply makes the ticket in-progress; the conversation only grows, senders from the token', async () => {
    const ticket = (await openTicket(ada)).body;
    const answered = await reply(ada, ticket, {
      ticketStatus: 'resolved',
      ...withEntry(ticket, 'Any news?', 'admin'),
    });
    expect(answered.status).toBe(200);
    expect(answered.body.ticketStatus).toBe('in-progress');
    expect(answered.body.adminMessage).toEqual([
      { message: 'Any news?', sender: 'user', timestamp: expect.any(String) },
    ]);

    // A rewritten history with one new entry: only the new entry is kept.
    const rewritten = await reply(ada, answered.body, {
      adminMessage: [
        { message: 'I never said that', sender: 'admin' },
        { message: 'Still waiting', sender: 'user' },
      ],
    });
    expect(rewritten.body.adminMessage.map((entry) => entry.message)).toEqual([
      'Any news?',
      'Still waiting',
    ]);
    const blank = await reply(ada, rewritten.body, withEntry(rewritten.body, '   ', 'user'));
    expect(blank.status).toBe(400);
  });

  it('an admin reply e-mails the user, is audited, and a closed ticket takes no admin reply', async () => {
    const ticket = (await openTicket(ada, 'Invoice copy')).body;
    const answered = await reply(admin, ticket, {
      ticketStatus: 'resolved',
      ...withEntry(ticket, 'Here is your invoice.', 'admin'),
    });
    expect(answered.status).toBe(200);
    expect(answered.body).toMatchObject({ ticketStatus: 'resolved' });
    expect(answered.body.adminMessage.at(-1)).toMatchObject({
      message: 'Here is your invoice.',
      sender: 'admin',
    });

    const mails = await readdir(api.config.mail.dir);
    const contents = await Promise.all(
      mails.map((name) => readFile(join(api.config.mail.dir, name), 'utf8')),
    );
    expect(
      contents.some(
        (mail) => mail.includes(`To: ${ada.email}`) && mail.includes('Here is your invoice.'),
      ),
    ).toBe(true);
    const audited = await api.db
      .collection('audit_log')
      .findOne({ action: 'ticket.reply', 'target.id': ticket._id });
    expect(audited).toMatchObject({ actor: { email: adminEmail } });

    const closed = await reply(admin, answered.body, { ticketStatus: 'closed' });
    expect(closed.body.ticketStatus).toBe('closed');
    const refused = await reply(
      admin,
      closed.body,
      withEntry(closed.body, 'One more thing', 'admin'),
    );
    expect(refused.status).toBe(409);
    expect((await tickets().findOne({ subject: 'Invoice copy' }))?.adminMessage).toHaveLength(1);
    // The user may still write: that reopens it.
    const reopened = await reply(ada, closed.body, withEntry(closed.body, 'Thanks!', 'user'));
    expect(reopened.body.ticketStatus).toBe('in-progress');
  });

  it('an invalid status is a 400 and changes nothing', async () => {
    const ticket = (await openTicket(bob, 'Status check')).body;
    const bad = await reply(admin, ticket, { ticketStatus: 'deleted' });
    expect(bad.status).toBe(400);
    const stored = await call<SupportTicket>(api, 'GET', `/support-message/${ticket._id}`, {
      token: bob.token,
    });
    expect(stored.body.ticketStatus).toBe('open');
  });

  it('counts what the inbox has not read; opening a ticket reads it', async () => {
    const summary = () =>
      call<SupportSummary>(api, 'GET', '/api/support-messages/summary', { token: admin.token });
    const before = (await summary()).body;
    const ticket = (await openTicket(bob, 'Unread one')).body;
    expect((await summary()).body).toMatchObject({
      total: before.total + 1,
      open: before.open + 1,
      unread: before.unread + 1,
    });
    const opened = await call<SupportTicket>(api, 'GET', `/support-message/${ticket._id}`, {
      token: admin.token,
    });
    expect(opened.body.unread).toBe(false);
    expect((await summary()).body.unread).toBe(before.unread);

    // The admin replies: now the user has something unread.
    await reply(admin, opened.body, withEntry(opened.body, 'Looking into it', 'admin'));
    const mine = await call<SupportTicket[]>(api, 'GET', '/support-messages', { token: bob.token });
    expect(mine.body.find((entry) => entry._id === ticket._id)?.unread).toBe(true);
  });
});
