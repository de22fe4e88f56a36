// Issue 50, item 3: an Admin or Seller record no account has claimed is never won by an address.
// An address proves less than the operator's grant: whoever gets a token verified for it (a mail
// scanner opening the verification link, say) gets a member's record at most.
import { contract } from '@coldmail/contracts';
import { FirebaseAuthService } from '../src/auth/firebase-auth.service';
import { UsersService } from '../src/users/users.service';
import { AdminAccountsService } from '../src/admin-accounts/admin-accounts.service';
import { callEndpoint, signUp, startTestApi, type TestApi, unique } from './support/test-api';

let api: TestApi;
const users = () => api.db.collection('users');

beforeAll(async () => {
  api = await startTestApi();
});
afterAll(() => api.close());

/** A record made before accounts were bound (or by an admin's edit of one), unclaimed. */
async function unclaimedRecord(role: 'Admin' | 'Seller', createdAt = new Date()) {
  const email = `${role.toLowerCase()}-${unique()}@coldmail.test`;
  await users().insertOne({
    userEmail: email,
    userName: `Unclaimed ${role}`,
    userRole: role,
    userMembership: 'free',
    currentBalance: 0,
    createdAt,
    updatedAt: createdAt,
  });
  return email;
}

describe.each(['Admin', 'Seller'] as const)('an unclaimed %s record', (role) => {
  it('goes to the first verified token for its address as a member’s record, and says so in the audit log', async () => {
    const email = await unclaimedRecord(role);
    if (role === 'Admin') {
      // What the attacker reads, signed in with any account: the list of admin addresses.
      const anyone = await signUp(api, 'anyone');
      const listed = await callEndpoint(api, contract.users.admins, { token: anyone.token });
      expect(listed.body.map((entry) => entry.userEmail)).toContain(email);
    }
    // The attacker got the address verified: the emulator's stand-in for the clicked link.
    const attacker = await api.emulator.createUser(email, `pw-${unique()}`, undefined, {
      emailVerified: true,
    });

    // Before the record is bound, the token reaches nothing privileged.
    const adminList = await callEndpoint(api, contract.users.adminList, {
      token: attacker.idToken,
    });
    expect(adminList.status).toBe(403);

    const synced = await callEndpoint(api, contract.users.createOrSync, {
      token: attacker.idToken,
      body: {},
    });
    expect(synced.status).toBe(200);
    expect(synced.body.userRole).toBe('member');
    expect(await users().findOne({ userEmail: email })).toMatchObject({
      firebaseUid: attacker.uid,
      userRole: 'member',
      boundBy: 'address',
    });
    expect(
      (await callEndpoint(api, contract.users.adminList, { token: attacker.idToken })).status,
    ).toBe(403);
    const audited = await api.db
      .collection('audit_log')
      .findOne({ action: 'user.claim.role-withheld', 'target.label': email });
    expect(audited).toMatchObject({ before: { userRole: role }, after: { userRole: 'member' } });
  });
});

describe('the operator’s grant', () => {
  it('still makes an unclaimed Admin record the account’s, by its uid', async () => {
    const email = await unclaimedRecord('Admin');
    const owner = await api.emulator.createUser(email, `pw-${unique()}`, undefined, {
      emailVerified: true,
    });
    await api.app.get(AdminAccountsService).grant(owner.uid);
    const record = await callEndpoint(api, contract.users.createOrSync, {
      token: owner.idToken,
      body: {},
    });
    expect(record.body.userRole).toBe('Admin');
    expect(
      (await callEndpoint(api, contract.users.adminList, { token: owner.idToken })).status,
    ).toBe(200);
  });
});

describe('roles won through an address before this rule', () => {
  it('are listed for the operator at start-up until a grant confirms them', async () => {
    const service = api.app.get(UsersService);
    // Bound the old way: a record from before its account, taken whole by the account.
    const won = await unclaimedRecord('Seller', new Date(Date.now() - 86_400_000));
    const winner = await api.emulator.createUser(won, `pw-${unique()}`, undefined, {
      emailVerified: true,
    });
    await users().updateOne({ userEmail: won }, { $set: { firebaseUid: winner.uid } });
    // Made at sign-up, then made Seller by an admin: nothing to review.
    const promoted = await signUp(api, 'promoted');
    await users().updateOne(
      { userEmail: promoted.email },
      { $set: { userRole: 'Seller' }, $unset: { boundBy: 1 } },
    );
    const listed = await service.privileged.privilegedClaimsToReview();
    expect(listed.map((claim) => claim.email)).toContain(won);
    expect(listed.map((claim) => claim.email)).not.toContain(promoted.email);

    const admin = await unclaimedRecord('Admin', new Date(Date.now() - 86_400_000));
    const adminAccount = await api.emulator.createUser(admin, `pw-${unique()}`, undefined, {
      emailVerified: true,
    });
    await users().updateOne({ userEmail: admin }, { $set: { firebaseUid: adminAccount.uid } });
    expect(
      (await service.privileged.privilegedClaimsToReview()).map((claim) => claim.email),
    ).toContain(admin);
    await api.app.get(AdminAccountsService).grant(adminAccount.uid);
    expect(
      (await service.privileged.privilegedClaimsToReview()).map((claim) => claim.email),
    ).not.toContain(admin);
  });
});

describe('an admin’s protection of their own record', () => {
  it('holds by record, whatever address their token now carries', async () => {
    const email = `self-${unique()}@coldmail.test`;
    const account = await api.emulator.createUser(email, 'pw-self-admin', undefined, {
      emailVerified: true,
    });
    const record = await api.app.get(AdminAccountsService).grant(account.uid);
    // The account moves to an address it has not verified: the record keeps the old one.
    const moved = `moved-${unique()}@coldmail.test`;
    await api.app
      .get(FirebaseAuthService)
      .auth.updateUser(account.uid, { email: moved, emailVerified: false });
    const token = await api.emulator.signIn(moved, 'pw-self-admin');

    const params = { id: record._id };
    const demoted = await callEndpoint(api, contract.users.adminUpdate, {
      token,
      params,
      body: { userRole: 'member' },
    });
    expect(demoted.status).toBe(400);
    expect(demoted.error?.fieldErrors?.userRole).toBe('You cannot change your own role.');
    const deleted = await callEndpoint(api, contract.users.delete, { token, params });
    expect(deleted.status).toBe(400);
    expect(await users().findOne({ userEmail: email })).toMatchObject({ userRole: 'Admin' });
  });
});
