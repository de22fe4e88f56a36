import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { contract, type BodyOf } from '@coldmail/contracts';
import { SMTPServer } from 'smtp-server';
import {
  call,
  callEndpoint,
  type Persona,
  signUp,
  startTestApi,
  type TestApi,
  unique,
} from './support/test-api';

interface ReceivedMail {
  from: string;
  to: string[];
  raw: string;
}

/** A local SMTP server that keeps what it receives. */
async function startSmtpServer(): Promise<{
  url: string;
  mails: ReceivedMail[];
  close(): Promise<void>;
}> {
  const mails: ReceivedMail[] = [];
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS', 'AUTH'],
    logger: false,
    onData(stream, session, done) {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('end', () => {
        mails.push({
          from: session.envelope.mailFrom ? session.envelope.mailFrom.address : '',
          to: session.envelope.rcptTo.map((rcpt) => rcpt.address),
          raw: Buffer.concat(chunks).toString('utf8'),
        });
        done();
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', () => resolve()));
  const address = server.server.address();
  const port = typeof address === 'object' && address ? address.port : 0;
  return {
    url: `smtp://127.0.0.1:${port}`,
    mails,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/** The message's HTML part, decoded from quoted-printable if the mailer chose that. */
function htmlPartOf(raw: string): string {
  const part = /Content-Type: text\/html[^]*?\r?\n\r?\n([^]*?)\r?\n--/i.exec(raw)?.[1] ?? '';
  return /Content-Transfer-Encoding: quoted-printable/i.test(raw)
    ? part
        .replace(/=\r?\n/g, '')
        .replace(/=([0-9A-F]{2})/g, (_match, hex: string) => String.fromCharCode(parseInt(hex, 16)))
    : part;
}

const messageBody =
  '<p>Hello <b>friend</b>, see <a href="https://coldmail.test/offer">the offer</a>.</p>' +
  '<script>alert("x")</script><img src="x" onerror="alert(1)"><a href="javascript:alert(2)">bad</a>';

let smtp: Awaited<ReturnType<typeof startSmtpServer>>;
let api: TestApi;
let admin: Persona;
let buyer: Persona;
const adminEmail = `admin-${unique()}@coldmail.test`;

beforeAll(async () => {
  smtp = await startSmtpServer();
  api = await startTestApi({
    ADMIN_EMAILS: adminEmail,
    SMTP_URL: smtp.url,
    MAIL_FROM: 'Coldmail <team@coldmail.test>',
  });
  admin = await signUp(api, 'admin', { email: adminEmail });
  buyer = await signUp(api, 'buyer');
  // The link to set the admin's password (ADMIN_EMAILS) is not what these tests count.
  expect(smtp.mails.map((mail) => mail.to)).toEqual([[adminEmail]]);
  smtp.mails.length = 0;
});

afterAll(async () => {
  await api?.close();
  await smtp?.close();
});

describe('POST /send-message', () => {
  const send = (token: string | undefined, body: BodyOf<typeof contract.messages.send>) =>
    callEndpoint(api, contract.messages.send, { token, body });

  it('is for admins only, and sends nothing otherwise', async () => {
    const json = { toEmail: admin.email, subject: 'Hi', messageBody: 'x' };
    expect((await send(undefined, json)).status).toBe(401);
    const refused = await send(buyer.token, json);
    expect(refused.status).toBe(403);
    // The spec's client reads the failure's text from `error`; `message` stays.
    expect(refused.error).toMatchObject({
      message: expect.any(String),
      error: refused.error?.message,
    });
    const invalid = await send(admin.token, { ...json, toEmail: 'not an address' });
    expect(invalid.status).toBe(400);
    expect(invalid.error).toMatchObject({ error: invalid.error?.message });
    expect(smtp.mails).toHaveLength(0);
  });

  it('mails the user sanitized HTML and keeps a copy on their record', async () => {
    const requestedAt = Date.now();
    const response = await send(admin.token, {
      toEmail: buyer.email.toUpperCase(),
      subject: 'Your credits',
      messageBody,
    });
    const answeredAt = Date.now();
    expect(response.status).toBe(200);
    expect(response.body).toEqual({ success: true, message: 'Message sent successfully.' });

    expect(smtp.mails).toHaveLength(1);
    const mail = smtp.mails[0]!;
    expect(mail.to).toEqual([buyer.email]);
    expect(mail.from).toBe('team@coldmail.test');
    expect(mail.raw).toMatch(/^Subject: Your credits\r?$/m);
    const html = htmlPartOf(mail.raw);
    expect(html).toContain('<b>friend</b>');
    expect(html).toContain('href="https://coldmail.test/offer"');
    expect(html).not.toMatch(/<script|onerror|javascript:/i);

    const record = await callEndpoint(api, contract.users.list, {
      token: buyer.token,
      query: { userEmail: buyer.email },
    });
    const logs = record.body[0]?.messageLogs ?? [];
    expect(logs).toHaveLength(1);
    expect(logs[0]).toEqual({
      subject: 'Your credits',
      messageBody: expect.stringContaining('<b>friend</b>'),
      sentAt: expect.any(String),
      sentBy: admin.email,
    });
    expect(logs[0]?.messageBody).not.toMatch(/<script|onerror|javascript:/i);
    // Stamped when this request sent it.
    const sentAt = Date.parse(logs[0]?.sentAt ?? '');
    expect(sentAt).toBeGreaterThanOrEqual(requestedAt);
    expect(sentAt).toBeLessThanOrEqual(answeredAt);
  });

  it('answers 404 for an address with no user, and sends nothing', async () => {
    const before = smtp.mails.length;
    const response = await send(admin.token, {
      toEmail: `nobody-${unique()}@coldmail.test`,
      subject: 'Hi',
      messageBody: 'Hello',
    });
    expect(response.status).toBe(404);
    expect(smtp.mails).toHaveLength(before);
  });

  it.each([
    ['toEmail', { toEmail: 'not-an-address', subject: 'Hi', messageBody: 'x' }],
    ['subject', { toEmail: 'a@b.test', subject: '  ', messageBody: 'x' }],
  ])('rejects a bad %s with 400', async (field, body) => {
    const response = await send(admin.token, body);
    expect(response.status).toBe(400);
    expect(response.error?.fieldErrors?.[field]).toBeDefined();
  });

  it.each([
    ['messageBody', { toEmail: 'a@b.test', subject: 'Hi' }],
    ['toEmail', { toEmail: { $gt: '' }, subject: 'Hi', messageBody: 'x' }],
  ])('rejects a bad %s with 400', async (field, json) => {
    const response = await call<{ fieldErrors?: Record<string, string> }>(
      api,
      'POST',
      '/send-message',
      { token: admin.token, json },
    );
    expect(response.status).toBe(400);
    expect(response.body.fieldErrors?.[field]).toBeDefined();
  });
});

describe('without SMTP settings', () => {
  it('writes each message as an .eml file instead', async () => {
    const local = await startTestApi({ ADMIN_EMAILS: adminEmail });
    try {
      const localAdmin = await callEndpoint(local, contract.users.createOrSync, {
        token: admin.token,
        body: {},
      });
      expect(localAdmin.status).toBe(200);
      const response = await callEndpoint(local, contract.messages.send, {
        token: admin.token,
        body: { toEmail: adminEmail, subject: 'Note to self', messageBody: '<i>kept</i>' },
      });
      expect(response.status).toBe(200);
      const files = readdirSync(local.config.mail.dir).filter((name) => name.endsWith('.eml'));
      expect(files).toHaveLength(1);
      const eml = readFileSync(join(local.config.mail.dir, files[0]!), 'utf8');
      expect(eml).toMatch(/^Subject: Note to self$/m);
      expect(eml).toContain(`To: ${adminEmail}`);
    } finally {
      await local.close();
    }
  });
});
