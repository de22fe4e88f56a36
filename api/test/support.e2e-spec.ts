import { readdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import {
  contract,
  MAX_TICKET_CONVERSATION_BYTES,
  MAX_TICKET_ENTRIES,
  type BodyOf,
  type QueryOf,
  type SupportTicket,
  type TicketPage,
} from '@coldmail/contracts';
import {
  call,
  callEndpoint,
  type Persona,
  signUp,
  startTestApi,
  type TestApi,
  unique,
} from './support/test-api';

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

const contact = (fields: Partial<BodyOf<typeof contract.support.create>>) =>
  callEndpoint(api, contract.support.create, {
    body: {
      ticketUserName: 'Vera Visitor',
      ticketUserEmail: `vera-${unique()}@example.com`,
      phone: '+33 1 23 45 67 89',
      subject: 'Pricing question',
      message: 'Do credits expire?',
      ...fields,
    },
  });

/** The spec's client's body, with fields the contract does not name: sent as it is. */
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

const reply = (
  persona: Persona,
  ticket: SupportTicket,
  body: BodyOf<typeof contract.support.update>,
) =>
  callEndpoint(api, contract.support.update, {
    token: persona.token,
    params: { id: ticket._id },
    body,
  });
/** A body the contract does not allow (unknown fields, a bad status), as it is. */
const replyRaw = (persona: Persona, ticket: SupportTicket, json: unknown) =>
  call<SupportTicket & ErrorBody>(api, 'PUT', `/support-message-status/${ticket._id}`, {
    token: persona.token,
    json,
  });

/** The e-mails the API has sent (.eml files in the test API's mail directory). */
const sentMails = async () => {
  const names = await readdir(api.config.mail.dir);
  return Promise.all(names.map((name) => readFile(join(api.config.mail.dir, name), 'utf8')));
};

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
      // The spec creates every new support message as 'user'; a visitor's has no account.
      ticketUserRole: 'user',
      phone: '+33 1 23 45 67 89',
      adminMessage: [],
    });
    const stored = await tickets().findOne({ ticketUserEmail: 'vera@example.com' });
    expect(stored?.userId ?? null).toBeNull();
  });

  it('needs a subject, a message and, from a visitor, a name and an e-mail', async () => {
    const before = await tickets().countDocuments();
    expect((await contact({ subject: '  ' })).error?.fieldErrors).toHaveProperty('subject');
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
    expect(refused.error?.fieldErrors).toEqual({ phone: 'Phone is required' });
    expect(await tickets().countDocuments()).toBe(before);
  });

  it('takes a visitor’s phone of at most 40 characters, like the other fields are bounded', async () => {
    const before = await tickets().countDocuments();
    expect((await contact({ phone: '1'.repeat(40) })).status).toBe(201);
    const refused = await contact({ phone: '1'.repeat(41) });
    expect(refused.status).toBe(400);
    expect(refused.error?.fieldErrors).toHaveProperty('phone');
    expect(await tickets().countDocuments()).toBe(before + 1);
  });

  it('names a missing phone with the other missing fields in one answer', async () => {
    const refused = await contact({ ticketUserName: ' ', phone: undefined });
    expect(refused.status).toBe(400);
    expect(refused.error?.fieldErrors).toEqual({
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
      // The spec's role for a ticket from the user area, whatever the account's role.
      ticketUserRole: 'user',
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

  it('strips markup written as HTML entities too, so no stored text becomes a tag in an e-mail', async () => {
    const created = await contact({
      subject: '&lt;img src=x onerror=alert(1)&gt;Refund',
      message: '&lt;script&gt;alert(document.cookie)&lt;/script&gt;Where is my refund?',
    });
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({ subject: 'Refund', message: 'Where is my refund?' });
    expect(
      await tickets().findOne({ ticketUserEmail: created.body.ticketUserEmail }),
    ).toMatchObject({ subject: 'Refund', message: 'Where is my refund?' });

    // Encoded twice, or pieced together from what removing a tag leaves: still no markup.
    const smuggled = await contact({
      subject: '&amp;lt;script&amp;gt;x()&amp;lt;/script&amp;gt;Hello',
      message: '<<b></b>img src=x onerror=alert(1)>Hi',
    });
    expect(smuggled.body).toMatchObject({ subject: 'Hello', message: 'Hi' });

    // Text that only looks like markup reads as typed, entities as the characters they stand for.
    const typed = await contact({
      subject: 'a &lt; b and c &gt; d',
      message: 'Tom &amp; Jerry: a < b and c > d',
    });
    expect(typed.body).toMatchObject({
      subject: 'a < b and c > d',
      message: 'Tom & Jerry: a < b and c > d',
    });
  });

  it('refuses a subject or message that is only markup, however written, storing nothing', async () => {
    const before = await tickets().countDocuments();
    const fromVisitor = await contact({
      subject: '&lt;img src=x onerror=alert(1)&gt;',
      message: '<b></b>',
    });
    expect(fromVisitor.status).toBe(400);
    expect(fromVisitor.error?.fieldErrors).toEqual({
      subject: 'Subject is required',
      message: 'Message is required',
    });
    const carol = await signUp(api, 'carol');
    const fromUser = await callEndpoint(api, contract.support.create, {
      token: carol.token,
      body: { subject: 'Invoice', message: '&lt;script&gt;x()&lt;/script&gt;' },
    });
    expect(fromUser.status).toBe(400);
    expect(fromUser.error?.fieldErrors).toEqual({ message: 'Message is required' });
    expect(await tickets().countDocuments()).toBe(before);
  });

  it('shows a signed-in user’s name on their ticket as text, without the markup it holds', async () => {
    const mallory = await signUp(api, '<img src=x onerror=alert(1)>Mallory', {
      email: `mallory-${unique()}@coldmail.test`,
    });
    const created = await openTicket(mallory);
    expect(created.status).toBe(201);
    expect(created.body.ticketUserName).toBe('Mallory');
    expect(await tickets().findOne({ ticketUserEmail: mallory.email })).toMatchObject({
      ticketUserName: 'Mallory',
    });
  });
});

describe('who reads which tickets', () => {
  let adasTicket: SupportTicket;

  beforeAll(async () => {
    adasTicket = (await openTicket(ada, 'Ada’s private ticket')).body;
    await openTicket(bob, 'Bob’s ticket');
  });

  it('a user lists only their own tickets, whatever the query says', async () => {
    for (const query of [{}, { userEmail: ada.email }]) {
      const listed = await callEndpoint(api, contract.support.list, { token: bob.token, query });
      expect(listed.status).toBe(200);
      expect(listed.body.items.length).toBeGreaterThan(0);
      expect(listed.body.items.every((ticket) => ticket.ticketUserEmail === bob.email)).toBe(true);
    }
  });

  it('refuses operator injection and anonymous readers', async () => {
    const injected = await call(api, 'GET', '/support-messages?userEmail[$ne]=x', {
      token: bob.token,
    });
    expect(injected.status).toBe(400);
    expect((await callEndpoint(api, contract.support.list, {})).status).toBe(401);
    expect(
      (await callEndpoint(api, contract.support.get, { params: { id: adasTicket._id } })).status,
    ).toBe(401);
  });

  it('another user’s ticket is not found, to read or to answer', async () => {
    expect(
      (
        await callEndpoint(api, contract.support.get, {
          token: bob.token,
          params: { id: adasTicket._id },
        })
      ).status,
    ).toBe(404);
    const meddled = await reply(bob, adasTicket, withEntry(adasTicket, 'hijack', 'user'));
    expect(meddled.status).toBe(404);
    expect(
      (await call(api, 'GET', '/support-message/not-an-id', { token: bob.token })).status,
    ).toBe(400);
  });

  it('an admin reads every ticket, newest first, or one user’s', async () => {
    const all = await callEndpoint(api, contract.support.list, {
      token: admin.token,
      query: { pageSize: 100 },
    });
    const times = all.body.items.map((ticket) => ticket.createdAt);
    expect(times).toEqual([...times].sort().reverse());
    expect(new Set(all.body.items.map((ticket) => ticket.ticketUserEmail)).size).toBeGreaterThan(2);
    const adas = await callEndpoint(api, contract.support.list, {
      token: admin.token,
      query: { userEmail: ada.email },
    });
    expect(adas.status).toBe(200);
    const stored = await tickets()
      .find({ ticketUserEmail: ada.email })
      .sort({ createdAt: -1, _id: -1 })
      .toArray();
    expect(adas.body.items.map((ticket) => ticket._id)).toEqual(
      stored.map((ticket) => ticket._id.toHexString()),
    );
    expect(adas.body.items.map((ticket) => ticket._id)).toContain(adasTicket._id);
    expect((await callEndpoint(api, contract.support.summary, { token: ada.token })).status).toBe(
      403,
    );
  });
});

describe('a contact-form message that gives a user’s address', () => {
  let victim: Persona;
  let planted: SupportTicket;
  let own: SupportTicket;

  beforeAll(async () => {
    victim = await signUp(api, 'victim');
    planted = (
      await contact({
        ticketUserEmail: victim.email,
        ticketUserName: 'Support Team',
        subject: 'Your credits expire today',
        message: 'Click http://evil.example to claim',
      })
    ).body;
    own = (await openTicket(victim, 'My own question')).body;
  });

  // Issue 55 item 1: the specification lists a user's tickets by their address; a message sent
  // signed out joins the account whose address is verified, marked as the contact form's.
  it('is among the tickets of the user whose verified address it gives, marked as the contact form’s', async () => {
    const listed = await callEndpoint(api, contract.support.list, { token: victim.token });
    expect(listed.body.items.map((ticket) => [ticket._id, ticket.viaContactForm])).toEqual([
      [own._id, undefined],
      [planted._id, true],
    ]);
    // The admin's list of that address has them both too (below).
    expect(listed.body.total).toBe(2);
    const read = await callEndpoint(api, contract.support.get, {
      token: victim.token,
      params: { id: planted._id },
    });
    expect(read.body).toMatchObject({ viaContactForm: true, ticketUserName: 'Support Team' });
    // Theirs to answer too (another one, so the admin's answer below meets the first as sent).
    const second = (await contact({ ticketUserEmail: victim.email, subject: 'Hello' })).body;
    const answered = await reply(victim, second, withEntry(second, 'Thanks!', 'user'));
    expect(answered.status).toBe(200);
  });

  it('is not the tickets of an account whose address is not verified', async () => {
    const unverified = await signUp(api, 'unverified', { verified: false });
    const sent = await contact({ ticketUserEmail: unverified.email, subject: 'Not yours yet' });
    expect(sent.status).toBe(201);
    const listed = await callEndpoint(api, contract.support.list, { token: unverified.token });
    expect(listed.body.items).toEqual([]);
    const read = await callEndpoint(api, contract.support.get, {
      token: unverified.token,
      params: { id: sent.body._id },
    });
    expect(read.status).toBe(404);
  });

  it('reaches the admin, whose reply is e-mailed to that address as before', async () => {
    const inbox = await callEndpoint(api, contract.support.list, {
      token: admin.token,
      query: { userEmail: victim.email },
    });
    expect(inbox.body.items.map((ticket) => ticket._id)).toEqual(
      expect.arrayContaining([own._id, planted._id]),
    );
    const answered = await reply(
      admin,
      planted,
      withEntry(planted, 'We never ask you to click links.', 'admin'),
    );
    expect(answered.status).toBe(200);
    expect(
      (await sentMails()).some(
        (mail) =>
          mail.includes(`To: ${victim.email}`) &&
          mail.includes('We never ask you to click links.') &&
          // The ticket is in no account, so the visitor is not sent to one to answer.
          mail.includes('another message from our contact form'),
      ),
    ).toBe(true);
  });

  it('does not use up that user’s own tickets for the hour', async () => {
    const target = await signUp(api, 'target');
    const spam = [];
    for (let attempt = 0; attempt < 6; attempt += 1) {
      spam.push((await contact({ ticketUserEmail: target.email })).status);
    }
    expect(spam).toEqual([201, 201, 201, 201, 201, 429]);

    // The account's own limit counts the account's own tickets.
    const ownTickets = [];
    for (let attempt = 0; attempt < 6; attempt += 1) {
      ownTickets.push((await openTicket(target, `Question ${attempt}`)).status);
    }
    expect(ownTickets).toEqual([201, 201, 201, 201, 201, 429]);
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
    const rewritten = await replyRaw(ada, answered.body, {
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

    expect(
      (await sentMails()).some(
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
    const bad = await replyRaw(admin, ticket, { ticketStatus: 'deleted' });
    expect(bad.status).toBe(400);
    const stored = await callEndpoint(api, contract.support.get, {
      token: bob.token,
      params: { id: ticket._id },
    });
    expect(stored.body.ticketStatus).toBe('open');
  });

  it('counts what the inbox has not read; opening a ticket reads it', async () => {
    const summary = () => callEndpoint(api, contract.support.summary, { token: admin.token });
    const before = (await summary()).body;
    const ticket = (await openTicket(bob, 'Unread one')).body;
    expect((await summary()).body).toMatchObject({
      total: before.total + 1,
      open: before.open + 1,
      unread: before.unread + 1,
    });
    const opened = await callEndpoint(api, contract.support.get, {
      token: admin.token,
      params: { id: ticket._id },
    });
    expect(opened.body.unread).toBe(false);
    expect((await summary()).body.unread).toBe(before.unread);

    // The admin replies: now the user has something unread.
    await reply(admin, opened.body, withEntry(opened.body, 'Looking into it', 'admin'));
    const mine = await callEndpoint(api, contract.support.list, { token: bob.token });
    expect(mine.body.items.find((entry) => entry._id === ticket._id)?.unread).toBe(true);
  });
});

describe('lists: summaries, a page at a time, filtered by the server', () => {
  let carol: Persona;
  let first: SupportTicket;

  beforeAll(async () => {
    carol = await signUp(api, 'carol-lists');
    first = (await openTicket(carol, 'First of three')).body;
    await reply(admin, first, withEntry(first, `Long answer ${'x'.repeat(400)}`, 'admin'));
    await openTicket(carol, 'Second of three');
    const third = (await openTicket(carol, 'Third of three')).body;
    await reply(admin, third, { ticketStatus: 'resolved' });
  });

  const list = (persona: Persona, query: QueryOf<typeof contract.support.list>) =>
    callEndpoint(api, contract.support.list, { token: persona.token, query });
  /** A query the contract does not allow (a bad status, an operator), as it is. */
  const listRaw = (persona: Persona, query: string) =>
    call<TicketPage & ErrorBody>(api, 'GET', `/support-messages?${query}`, {
      token: persona.token,
    });

  it('answers a page of summaries with the newest entry shortened and the counts, no conversation', async () => {
    const page = await list(carol, { pageSize: 2 });
    expect(page.status).toBe(200);
    expect(page.body).toMatchObject({ total: 3, page: 1, pageSize: 2 });
    expect(page.body.items.map((ticket) => ticket.subject)).toEqual([
      'Third of three',
      'Second of three',
    ]);
    expect(page.body.items[1]).not.toHaveProperty('adminMessage');
    expect(page.body.items[1]).toMatchObject({
      entryCount: 1,
      lastEntry: { message: 'My credits did not arrive.', sender: 'user' },
    });
    const next = await list(carol, { pageSize: 2, page: 2 });
    const oldest = next.body.items[0];
    expect(oldest?.subject).toBe('First of three');
    expect(oldest?.entryCount).toBe(2);
    expect(oldest?.lastEntry.sender).toBe('admin');
    expect(oldest?.lastEntry.message.length).toBeLessThanOrEqual(160);
    expect(oldest?.lastEntry.message.startsWith('Long answer xxx')).toBe(true);
  });

  it('filters by status and by a creation time range', async () => {
    const resolved = await list(carol, { status: 'resolved' });
    expect(resolved.body.items.map((ticket) => ticket.subject)).toEqual(['Third of three']);
    const since = new Date(Date.parse(first.createdAt) + 1).toISOString();
    const later = await list(carol, {
      from: since,
      to: new Date(Date.now() + 60_000).toISOString(),
    });
    expect(later.body.items.map((ticket) => ticket.subject).sort()).toEqual([
      'Second of three',
      'Third of three',
    ]);
  });

  it('lets an admin search addresses by any part, any case, typed literally', async () => {
    const found = await list(admin, { email: 'CAROL-LISTS', pageSize: 100 });
    expect(found.body.total).toBe(3);
    const literal = await list(admin, { email: '.*' });
    expect(literal.body.total).toBe(0);
    // A user's search never widens their own list.
    const widened = await list(bob, { email: 'carol' });
    expect(widened.body.items.every((ticket) => ticket.ticketUserEmail === bob.email)).toBe(true);
  });

  it('refuses a page size over 100, a bad status and an injected operator', async () => {
    expect((await list(carol, { pageSize: 101 })).status).toBe(400);
    expect((await listRaw(carol, 'status=deleted')).status).toBe(400);
    expect((await listRaw(admin, 'email[$regex]=.')).status).toBe(400);
    expect((await list(carol, { from: 'yesterday' })).status).toBe(400);
  });
});

describe('a conversation has bounds', () => {
  it('5,000 replies from one buyer leave the ticket at its cap, each answer small, liveness answering', async () => {
    const flooder = await signUp(api, 'flooder');
    const ticket = (await openTicket(flooder, 'Flood')).body;
    const entry = 'x'.repeat(5000);
    // Longer than any stored conversation, so each one is an append until the ticket is full
    // (the earlier entries' texts are not read: empty ones keep the body under its limit).
    const flood = [
      ...Array.from({ length: MAX_TICKET_ENTRIES }, () => ({ message: '' })),
      { message: entry },
    ];
    const statuses = new Map<number, number>();
    let largest = 0;
    let liveness = 0;
    for (let round = 0; round < 500; round += 1) {
      const answers = await Promise.all(
        Array.from({ length: 10 }, () =>
          fetch(`${api.url}/support-message-status/${ticket._id}`, {
            method: 'PUT',
            headers: {
              authorization: `Bearer ${flooder.token}`,
              'content-type': 'application/json',
            },
            body: JSON.stringify({ adminMessage: flood }),
          }).then(async (response) => {
            const text = await response.text();
            largest = Math.max(largest, text.length);
            return response.status;
          }),
        ),
      );
      for (const status of answers) statuses.set(status, (statuses.get(status) ?? 0) + 1);
      if (round % 50 === 0) {
        liveness = (await fetch(`${api.url}/api/health/live`)).status;
        expect(liveness).toBe(200);
      }
    }
    const stored = await tickets().findOne({ subject: 'Flood', ticketUserEmail: flooder.email });
    const bytes = (stored?.adminMessage ?? []).reduce(
      (sum: number, item: { message: string }) => sum + Buffer.byteLength(item.message),
      0,
    );
    expect(bytes).toBeLessThanOrEqual(MAX_TICKET_CONVERSATION_BYTES);
    expect(bytes).toBeGreaterThan(MAX_TICKET_CONVERSATION_BYTES - 5000);
    expect(stored?.adminMessage.length).toBeLessThanOrEqual(MAX_TICKET_ENTRIES);
    expect(stored?.conversationBytes).toBe(bytes);
    // Refused with a clear 409 once full; never a 500.
    expect([...statuses.keys()].sort()).toEqual([200, 409]);
    expect(statuses.get(200)).toBe(stored?.adminMessage.length);
    expect(largest).toBeLessThan(MAX_TICKET_CONVERSATION_BYTES + 8 * 1024);
    const refused = await reply(flooder, ticket, { adminMessage: flood });
    expect(refused.status).toBe(409);
    expect(refused.error?.message).toMatch(/open a new ticket/);
  }, 180_000);

  it('takes at most 100 short replies', async () => {
    const chatty = await signUp(api, 'chatty-user');
    const ticket = (await openTicket(chatty, 'Many short replies')).body;
    const statuses: number[] = [];
    for (let count = 0; count <= MAX_TICKET_ENTRIES; count += 1) {
      statuses.push(
        (
          await reply(chatty, ticket, {
            adminMessage: Array.from({ length: count + 1 }, () => ({ message: 'ok' })),
          })
        ).status,
      );
    }
    expect(statuses.filter((status) => status === 200)).toHaveLength(MAX_TICKET_ENTRIES);
    expect(statuses.at(-1)).toBe(409);
    // A list longer than a full conversation and its new entry is refused as it is read.
    const tooLong = await reply(chatty, ticket, {
      adminMessage: Array.from({ length: MAX_TICKET_ENTRIES + 2 }, () => ({ message: 'ok' })),
    });
    expect(tooLong.status).toBe(400);
    expect((await tickets().findOne({ subject: 'Many short replies' }))?.adminMessage).toHaveLength(
      MAX_TICKET_ENTRIES,
    );
  }, 60_000);

  it('refuses one reply over 10,000 bytes however few characters', async () => {
    const ticket = (await openTicket(ada, 'Emoji')).body;
    const refused = await reply(ada, ticket, { adminMessage: [{ message: '😀'.repeat(2600) }] });
    expect(refused.status).toBe(400);
    expect((await tickets().findOne({ subject: 'Emoji' }))?.adminMessage).toHaveLength(0);
  });

  it('is limited as a sensitive route: a buyer past the limit is told to wait', async () => {
    const limited = await startTestApi({ THROTTLE_SENSITIVE_LIMIT: '5' });
    try {
      const dan = await signUp(limited, 'dan');
      const ticket = (
        await callEndpoint(limited, contract.support.create, {
          token: dan.token,
          body: { subject: 'Limits', message: 'Hello' },
        })
      ).body;
      const statuses: number[] = [];
      for (let count = 0; count < 7; count += 1) {
        statuses.push(
          (
            await callEndpoint(limited, contract.support.update, {
              token: dan.token,
              params: { id: ticket._id },
              body: { adminMessage: Array.from({ length: count + 1 }, () => ({ message: 'hi' })) },
            })
          ).status,
        );
      }
      expect(statuses).toEqual([200, 200, 200, 200, 200, 429, 429]);
    } finally {
      await limited.close();
    }
  });
});
