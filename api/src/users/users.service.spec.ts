import { randomBytes } from 'node:crypto';
import { getConnectionToken } from '@nestjs/mongoose';
import { Test } from '@nestjs/testing';
import type { Connection } from 'mongoose';
import { AuditModule } from '../audit/audit.module';
import { AuthModule } from '../auth/auth.module';
import { loadConfig } from '../config/app-config';
import { ConfigModule } from '../config/config.module';
import { DatabaseModule } from '../database/database.module';
import { LimitsModule } from '../limits/limits.module';
import { UsersModule } from './users.module';
import { UsersService } from './users.service';
import { Telemetry } from '../telemetry/telemetry';
import { TelemetryModule } from '../telemetry/telemetry.module';

const mongoUri = `${process.env.TEST_MONGODB_URI}users_service_${randomBytes(4).toString('hex')}`;

/** The real UsersService on the test database, with the given ADMIN_EMAILS. */
async function usersServiceWith(adminEmails: string) {
  const module = await Test.createTestingModule({
    imports: [
      ConfigModule.forRoot(loadConfig({ NODE_ENV: 'test', ADMIN_EMAILS: adminEmails })),
      DatabaseModule.forRoot(mongoUri),
      TelemetryModule.forRoot(Telemetry.off()),
      LimitsModule,
      AuthModule,
      AuditModule,
      UsersModule,
    ],
  }).compile();
  await module.init();
  return { service: module.get(UsersService), module };
}

describe('UsersService: sign-in and Admin', () => {
  const modules: { close(): Promise<unknown> }[] = [];
  afterAll(async () => {
    const first = modules[0] as { get(token: string): Connection } | undefined;
    await first?.get(getConnectionToken()).dropDatabase();
    for (const module of modules) await module.close();
  });

  async function service(adminEmails: string) {
    const created = await usersServiceWith(adminEmails);
    modules.push(created.module);
    return created.service;
  }

  /** A signed-in account: its uid is derived from the address unless given. */
  const account = (
    email: string,
    options: { name?: string | null; verified?: boolean; uid?: string } = {},
  ) => ({
    uid: options.uid ?? `uid-${email}`,
    email,
    name: options.name ?? null,
    emailVerified: options.verified ?? true,
  });

  it('never makes anyone Admin at sign-in, listed in ADMIN_EMAILS or not, verified or not', async () => {
    const users = await service('boss@coldmail.test');
    const squatter = account('boss@coldmail.test', { verified: false });
    expect((await users.accounts.createOrSync(squatter, {})).userRole).toBe('member');
    // The owner opens the squatter's verification link; its next sign-in carries email_verified.
    expect(
      (await users.accounts.createOrSync({ ...squatter, emailVerified: true }, {})).userRole,
    ).toBe('member');
    expect((await users.accounts.findForAccount(squatter))?.userRole).toBe('member');
  });

  it('grants Admin to one account: its record, its address’s unclaimed record, or a new one', async () => {
    const users = await service('');
    const member = await users.accounts.createOrSync(account('member@coldmail.test'), {});
    const granted = await users.privileged.grantAdmin(account('member@coldmail.test'));
    expect(granted).toMatchObject({
      changed: true,
      record: { _id: member._id, userRole: 'Admin' },
    });
    expect((await users.privileged.grantAdmin(account('member@coldmail.test'))).changed).toBe(
      false,
    );

    await users.ensureSeeded({ email: 'old@coldmail.test', userName: 'Old', userRole: 'member' });
    const unclaimed = await users.privileged.grantAdmin(account('old@coldmail.test'));
    expect(unclaimed.record).toMatchObject({ userName: 'Old', userRole: 'Admin' });
    expect(await users.accounts.findForAccount(account('old@coldmail.test'))).toEqual(
      unclaimed.record,
    );

    const fresh = await users.privileged.grantAdmin({ uid: 'uid-new', email: 'New@coldmail.test' });
    expect(fresh.record).toMatchObject({ userEmail: 'new@coldmail.test', userRole: 'Admin' });

    // An address whose record belongs to another account is refused, and nothing changes.
    await expect(
      users.privileged.grantAdmin(account('member@coldmail.test', { uid: 'uid-other' })),
    ).rejects.toMatchObject({ status: 409 });

    expect(await users.privileged.revokeAdmin('uid-member@coldmail.test')).toBe(true);
    expect(await users.privileged.revokeAdmin('uid-member@coldmail.test')).toBe(false);
    expect((await users.findByEmail('member@coldmail.test'))?.userRole).toBe('member');
  });

  it('binds a record to its Firebase account: a re-registered address does not inherit it', async () => {
    const users = await service('');
    const original = await users.accounts.createOrSync(account('owner@coldmail.test'), {});
    const newcomer = account('owner@coldmail.test', { uid: 'uid-after-deletion' });
    expect(await users.accounts.findForAccount(newcomer)).toBeNull();
    await expect(users.accounts.createOrSync(newcomer, {})).rejects.toMatchObject({ status: 409 });
    expect(await users.accounts.findForAccount(account('owner@coldmail.test'))).toEqual(original);
  });

  it('lets only a verified address claim a record no account has claimed yet', async () => {
    const users = await service('');
    const seed = { email: 'legacy@coldmail.test', userName: 'Legacy', userRole: 'Seller' as const };
    await users.ensureSeeded(seed);
    const unverified = account(seed.email, { verified: false });
    expect(await users.accounts.findForAccount(unverified)).toBeNull();
    await expect(users.accounts.createOrSync(unverified, {})).rejects.toMatchObject({
      status: 403,
    });
    const claimed = await users.accounts.createOrSync(account(seed.email), {});
    // The record is theirs, its role is not: an address proves less than the operator's grant.
    expect(claimed).toMatchObject({ userRole: 'member', userName: 'Legacy' });
    // Claimed now: another account with the same address is refused.
    await expect(
      users.accounts.createOrSync(account(seed.email, { uid: 'uid-other' }), {}),
    ).rejects.toMatchObject({ status: 409 });
  });

  it('does not touch updatedAt when an existing user signs in again', async () => {
    const users = await service('');
    const first = await users.accounts.createOrSync(account('again@coldmail.test'), {});
    // An hour later by the clock (Date only): any write now would stamp a later updatedAt.
    jest.useFakeTimers({
      now: Date.parse(first.updatedAt) + 3_600_000,
      doNotFake: [
        'hrtime',
        'nextTick',
        'performance',
        'queueMicrotask',
        'setImmediate',
        'clearImmediate',
        'setInterval',
        'clearInterval',
        'setTimeout',
        'clearTimeout',
      ],
    });
    try {
      const second = await users.accounts.createOrSync(
        account('again@coldmail.test', { name: 'New' }),
        {},
      );
      expect(second).toEqual(first);
      expect(await users.findByEmail('again@coldmail.test')).toEqual(first);
    } finally {
      jest.useRealTimers();
    }
  });

  it('leaves an existing record alone when the demo seed runs again', async () => {
    const users = await service('');
    const seed = { email: 'seeded@coldmail.test', userName: 'Seeded', userRole: 'Seller' as const };
    expect(await users.ensureSeeded(seed)).toBe(true);
    const record = await users.findByEmail(seed.email);
    const id = record?._id ?? '';
    await users.updateOwnProfile({ email: seed.email, userId: id }, id, { userName: 'Renamed' });
    expect(await users.ensureSeeded(seed)).toBe(false);
    expect(await users.findByEmail(seed.email)).toMatchObject({
      userName: 'Renamed',
      userRole: 'Seller',
    });
  });
});
