import { randomBytes } from 'node:crypto';
import { getConnectionToken } from '@nestjs/mongoose';
import { Test } from '@nestjs/testing';
import type { Connection } from 'mongoose';
import { loadConfig } from '../config/app-config';
import { ConfigModule } from '../config/config.module';
import { DatabaseModule } from '../database/database.module';
import { UsersModule } from './users.module';
import { UsersService } from './users.service';

const mongoUri = `${process.env.TEST_MONGODB_URI}users_service_${randomBytes(4).toString('hex')}`;

/** The real UsersService on the test database, with the given ADMIN_EMAILS. */
async function usersServiceWith(adminEmails: string) {
  const module = await Test.createTestingModule({
    imports: [
      ConfigModule.forRoot(loadConfig({ NODE_ENV: 'test', ADMIN_EMAILS: adminEmails })),
      DatabaseModule.forRoot(mongoUri),
      UsersModule,
    ],
  }).compile();
  await module.init();
  return { service: module.get(UsersService), module };
}

describe('UsersService.createOrSync and ADMIN_EMAILS', () => {
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

  it('makes a listed address Admin when its record is created', async () => {
    const users = await service('boss@coldmail.test');
    const boss = await users.createOrSync({ email: 'boss@coldmail.test', name: 'Boss' }, {});
    const staff = await users.createOrSync({ email: 'staff@coldmail.test', name: null }, {});
    expect(boss.userRole).toBe('Admin');
    expect(staff.userRole).toBe('member');
  });

  it('applies only on first sign-in: listing or unlisting later changes no role', async () => {
    const before = await service('');
    await before.createOrSync({ email: 'late@coldmail.test', name: null }, {});

    const after = await service('late@coldmail.test');
    const late = await after.createOrSync({ email: 'late@coldmail.test', name: null }, {});
    expect(late.userRole).toBe('member');
    // boss@ was created as Admin above and is no longer listed here.
    const boss = await after.createOrSync({ email: 'boss@coldmail.test', name: null }, {});
    expect(boss.userRole).toBe('Admin');
  });

  it('does not touch updatedAt when an existing user signs in again', async () => {
    const users = await service('');
    const first = await users.createOrSync({ email: 'again@coldmail.test', name: null }, {});
    await new Promise((resolve) => setTimeout(resolve, 10));
    const second = await users.createOrSync({ email: 'again@coldmail.test', name: 'New' }, {});
    expect(second).toEqual(first);
  });

  it('leaves an existing record alone when the demo seed runs again', async () => {
    const users = await service('');
    const seed = { email: 'seeded@coldmail.test', userName: 'Seeded', userRole: 'Seller' as const };
    expect(await users.ensureSeeded(seed)).toBe(true);
    const record = await users.findByEmail(seed.email);
    await users.updateOwnProfile(seed.email, record?._id ?? '', { userName: 'Renamed' });
    expect(await users.ensureSeeded(seed)).toBe(false);
    expect(await users.findByEmail(seed.email)).toMatchObject({
      userName: 'Renamed',
      userRole: 'Seller',
    });
  });
});
