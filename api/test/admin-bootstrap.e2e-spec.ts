import { execFile } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { emulatorClient } from '@coldmail/auth-emulator';
import { contract } from '@coldmail/contracts';
import {
  callEndpoint,
  type Persona,
  signUp,
  startTestApi,
  type TestApi,
  unique,
} from './support/test-api';

const run = promisify(execFile);

/** What every admin page asks first: the admin-only user directory. */
const adminDirectory = (api: TestApi, token: string) =>
  callEndpoint(api, contract.users.adminList, { token }).then((response) => response.status);

/**
 * The directory's answer once the API has seen a role change made by another process (the CLI):
 * callers' roles are cached for a few seconds per API process.
 */
async function adminDirectoryBecomes(api: TestApi, token: string, status: number) {
  const deadline = Date.now() + 15_000;
  let last = await adminDirectory(api, token);
  while (last !== status && Date.now() < deadline) {
    await new Promise((resolve) => setTimeout(resolve, 200));
    last = await adminDirectory(api, token);
  }
  return last;
}

const mailsTo = (api: TestApi, address: string) =>
  readdirSync(api.config.mail.dir)
    .filter((name) => name.endsWith('.eml'))
    .map((name) => readFileSync(join(api.config.mail.dir, name), 'utf8'))
    .filter((eml) => eml.includes(`To: ${address}`));

/** The operator's command, run as production runs it (the built CLI, the API's environment). */
async function adminCommand(api: TestApi, ...args: string[]) {
  const result = await run(process.execPath, [join(__dirname, '../dist/cli/admin.js'), ...args], {
    env: {
      PATH: process.env.PATH ?? '',
      NODE_ENV: 'test',
      LOG_LEVEL: 'silent',
      MONGODB_URI: api.config.database.uri ?? '',
      FIREBASE_AUTH_EMULATOR_HOST: api.config.firebase.emulatorHost ?? '',
      FIREBASE_PROJECT_ID: api.config.firebase.projectId ?? '',
      GEMINI_KEYS_SECRET: randomBytes(32).toString('base64'),
    },
  }).catch((error: { code: number; stdout: string; stderr: string }) => error);
  return result;
}

// Issue 30, item 7: Admin belongs to an account, granted by an operator step, and ADMIN_EMAILS
// is a bootstrap nobody can win by registering the address first.
describe('ADMIN_EMAILS cannot be won by registering the address first', () => {
  const listed = `owner-${unique()}@coldmail.test`;
  let api: TestApi | undefined;
  let attackerUid = '';
  afterAll(async () => {
    await api?.close();
  });

  it('the attacker’s account stays a member, even once the owner opened its verification link', async () => {
    // The attacker registers the owner's address with their own password; the verification
    // e-mail reaches the owner, who opens it. Then the operator deploys with ADMIN_EMAILS.
    const emulator = emulatorClient({
      host: process.env.TEST_AUTH_EMULATOR_HOST,
      projectId: process.env.TEST_FIREBASE_PROJECT_ID,
    });
    const attacker = await emulator.createUser(listed, 'attacker-password', 'Mallory', {
      emailVerified: true,
    });
    attackerUid = attacker.uid;
    api = await startTestApi({ ADMIN_EMAILS: listed });

    const token = await api.emulator.signIn(listed, 'attacker-password');
    const synced = await callEndpoint(api, contract.users.createOrSync, { token, body: {} });
    expect(synced.status).toBe(200);
    expect(synced.body.userRole).toBe('member');
    expect(await adminDirectory(api, token)).toBe(403);
    // No link went to the address: the account exists, and it is not the API's.
    expect(mailsTo(api, listed)).toEqual([]);
  });

  it('the operator can check the account, grant it by uid, and take Admin back', async () => {
    if (!api) throw new Error('the previous test did not start the API');
    const shown = await adminCommand(api, 'show', listed);
    expect(JSON.parse(shown.stdout)).toMatchObject({
      uid: attackerUid,
      email: listed,
      createdByBootstrap: false,
      role: 'member',
      providers: ['password'],
    });
    // Grant takes a uid, never an address (which names whoever registered it first).
    const byAddress = await adminCommand(api, 'grant', listed);
    expect(byAddress).toMatchObject({ code: 2 });

    expect((await adminCommand(api, 'grant', attackerUid)).stdout).toContain('is Admin');
    const token = await api.emulator.signIn(listed, 'attacker-password');
    expect(await adminDirectoryBecomes(api, token, 200)).toBe(200);
    expect((await adminCommand(api, 'revoke', attackerUid)).stdout).toContain('member now');
    expect(await adminDirectoryBecomes(api, token, 403)).toBe(403);

    const audit = await api.db
      .collection('audit_log')
      .find({ 'target.label': listed })
      .sort({ at: 1 })
      .toArray();
    expect(audit.map((entry) => [entry.action, entry.actor.email])).toEqual([
      ['user.admin.grant', 'operator (command line)'],
      ['user.admin.revoke', 'operator (command line)'],
    ]);
  });
});

describe('ADMIN_EMAILS for an address with no account yet', () => {
  const listed = `boss-${unique()}@coldmail.test`;
  let api: TestApi;
  let owner: Persona | undefined;
  beforeAll(async () => {
    api = await startTestApi({ ADMIN_EMAILS: listed });
  });
  afterAll(() => api.close());

  it('creates the account as Admin and mails the address a link to set its password', async () => {
    const [mail] = mailsTo(api, listed);
    expect(mail).toMatch(/^Subject: Your ColdMail AI admin account$/m);
    expect(mail).toContain('oobCode=');
    // Nobody can register the address now; only the mailbox's reader can set the password.
    await expect(api.emulator.createUser(listed, 'attacker-password')).rejects.toThrow(
      /EMAIL_EXISTS/,
    );
    owner = await signUp(api, 'boss', { email: listed });
    expect(await adminDirectory(api, owner.token)).toBe(200);
  });

  it('keeps it Admin at the next start, without mailing again', async () => {
    const again = await startTestApi({ ADMIN_EMAILS: listed }, { sameDatabaseAs: api });
    try {
      const token = await again.emulator.signIn(listed, owner?.password ?? '');
      expect(await adminDirectory(again, token)).toBe(200);
      expect(mailsTo(again, listed)).toEqual([]);
    } finally {
      await again.close();
    }
  });
});
