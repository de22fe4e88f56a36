import { contract, type AuditPage, type QueryOf } from '@coldmail/contracts';
import type { AuthContext } from '../src/auth/auth-context';
import { AuditService } from '../src/audit/audit.service';
import {
  call,
  callEndpoint,
  type Persona,
  signUp,
  startTestApi,
  type TestApi,
  unique,
} from './support/test-api';

let api: TestApi;
let admin: Persona;
let buyer: Persona;
const adminEmail = `admin-${unique()}@coldmail.test`;

const actor = (email: string): AuthContext => ({
  uid: 'u',
  email,
  name: null,
  emailVerified: true,
  user: null,
});

beforeAll(async () => {
  api = await startTestApi({ ADMIN_EMAILS: adminEmail });
  admin = await signUp(api, 'admin', { email: adminEmail });
  buyer = await signUp(api, 'buyer');
  // ADMIN_EMAILS made the admin's account at start-up, an entry of its own (tested with the
  // bootstrap); these tests start from an empty log.
  await api.db.collection('audit_log').deleteMany({ action: 'user.admin.bootstrap' });
  const audit = api.app.get(AuditService);
  await audit.record(actor(adminEmail), {
    action: 'user.update',
    target: { kind: 'user', id: buyer.id, label: buyer.email },
    before: { currentBalance: 5 },
    after: { currentBalance: 8 },
  });
  await audit.record(actor('other-admin@coldmail.test'), {
    action: 'settings.paypal.update',
    target: { kind: 'settings', label: 'PayPal' },
    before: { clientId: 'a', clientSecret: 'old-secret-value' },
    after: { clientId: 'b', clientSecret: 'new-secret-value' },
  });
});

afterAll(async () => {
  await api?.close();
});

const list = (query: QueryOf<typeof contract.audit.list> = {}, token = admin.token) =>
  callEndpoint(api, contract.audit.list, { token, query });
/** A query the contract does not allow (an operator, a repeated key), as it is. */
const listRaw = (query: string, token = admin.token) =>
  call<AuditPage>(api, 'GET', `/api/audit-log${query}`, { token });

describe('GET /api/audit-log (admin)', () => {
  it('lists admin changes newest first, with who, what, before and after', async () => {
    const response = await list();
    expect(response.status).toBe(200);
    expect(response.body.total).toBe(2);
    expect(response.body.items.map((entry) => entry.action)).toEqual([
      'settings.paypal.update',
      'user.update',
    ]);
    expect(response.body.items[1]).toMatchObject({
      actor: { email: adminEmail },
      target: { kind: 'user', id: buyer.id, label: buyer.email },
      before: { currentBalance: 5 },
      after: { currentBalance: 8 },
    });
  });

  it('never stores or shows a secret', async () => {
    const [paypal] = (await list({ action: 'settings.paypal.update' })).body.items;
    expect(paypal?.before).toEqual({ clientId: 'a', clientSecret: '••••' });
    expect(JSON.stringify(await api.db.collection('audit_log').find().toArray())).not.toContain(
      'secret-value',
    );
  });

  it('filters by action, actor (part of the e-mail, any case), kind and inclusive days', async () => {
    expect((await list({ action: 'user.update' })).body.total).toBe(1);
    expect((await list({ actor: 'OTHER-ADMIN' })).body.items[0]?.action).toBe(
      'settings.paypal.update',
    );
    expect((await list({ targetKind: 'user' })).body.total).toBe(1);
    // Each entry is found on its own day (UTC) whatever its time, and not on the days around it.
    const idsFound = async (query: QueryOf<typeof contract.audit.list>) =>
      (await list(query)).body.items.map(({ _id }) => _id);
    const shift = (day: string, days: number) =>
      new Date(Date.parse(day) + days * 86_400_000).toISOString().slice(0, 10);
    for (const entry of (await list()).body.items) {
      const day = entry.at.slice(0, 10);
      expect(await idsFound({ from: day, to: day })).toContain(entry._id);
      expect(await idsFound({ to: shift(day, -1) })).not.toContain(entry._id);
      expect(await idsFound({ from: shift(day, 1) })).not.toContain(entry._id);
    }
    expect((await list({ to: '2000-01-01' })).body.total).toBe(0);
    expect((await list({ pageSize: 1, page: 2 })).body.items).toHaveLength(1);
  });

  it('is for admins only and refuses malformed or operator queries', async () => {
    expect((await callEndpoint(api, contract.audit.list, {})).status).toBe(401);
    expect((await list({}, buyer.token)).status).toBe(403);
    for (const query of [{ pageSize: 1000 }, { from: 'yesterday' }]) {
      expect((await list(query)).status).toBe(400);
    }
    for (const query of ['?action[$ne]=x', '?actor=a&actor=b']) {
      expect((await listRaw(query)).status).toBe(400);
    }
  });
});
