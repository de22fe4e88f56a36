import { describe, expect, it } from 'vitest';
import { idParamSchema } from '../common';
import {
  adminUserUpdateBodySchema,
  createUserBodySchema,
  profileUpdateBodySchema,
  sendMessageBodySchema,
  userEmailQuerySchema,
} from './schemas';

describe('profileUpdateBodySchema', () => {
  it('accepts the profile form and trims it', () => {
    expect(
      profileUpdateBodySchema.parse({
        userName: ' Ada ',
        phone: '+44 (0)20 7946-0958',
        profileURL: null,
      }),
    ).toEqual({ userName: 'Ada', phone: '+44 (0)20 7946-0958', profileURL: null });
  });

  it('takes the spec payload’s email, normalised like every address', () => {
    expect(profileUpdateBodySchema.parse({ email: ' Ada@Example.COM ' })).toEqual({
      email: 'ada@example.com',
    });
    expect(profileUpdateBodySchema.safeParse({ email: 'not an address' }).success).toBe(false);
  });

  it.each(['userRole', 'userMembership', 'currentBalance', 'userEmail', 'UserEmail'])(
    'rejects %s: a user cannot set it on their own profile',
    (field) => {
      const result = profileUpdateBodySchema.safeParse({ userName: 'Ada', [field]: 'x' });
      expect(result.success).toBe(false);
      expect(result.error?.issues[0]).toMatchObject({ code: 'unrecognized_keys', keys: [field] });
    },
  );

  it('refuses operator objects and non-http photo URLs', () => {
    expect(profileUpdateBodySchema.safeParse({ userName: { $gt: '' } }).success).toBe(false);
    expect(profileUpdateBodySchema.safeParse({ profileURL: 'javascript:alert(1)' }).success).toBe(
      false,
    );
  });
});

describe('createUserBodySchema', () => {
  it('takes the spec payload: name, address and photo (or null), each optional', () => {
    expect(createUserBodySchema.parse({})).toEqual({});
    expect(
      createUserBodySchema.parse({
        userName: 'Ada',
        userEmail: 'Ada@B.test',
        profileURL: null,
      }),
    ).toEqual({ userName: 'Ada', userEmail: 'ada@b.test', profileURL: null });
  });

  it('refuses fields the spec does not send', () => {
    expect(createUserBodySchema.safeParse({ userRole: 'Admin' }).success).toBe(false);
    expect(createUserBodySchema.safeParse({ email: 'a@b.test' }).success).toBe(false);
  });
});

describe('adminUserUpdateBodySchema', () => {
  it('takes any of name, role, membership and a whole-number balance of zero or more', () => {
    // The balance shown may be below zero on an older record; a new one never is.
    const balance = { currentBalance: 3, previousBalance: -4 };
    expect(adminUserUpdateBodySchema.parse(balance)).toEqual(balance);
    expect(
      adminUserUpdateBodySchema.safeParse({ ...balance, currentBalance: -3 }).error?.issues,
    ).toEqual([expect.objectContaining({ message: 'Credits cannot be negative' })]);
    expect(adminUserUpdateBodySchema.safeParse({ ...balance, currentBalance: 2.5 }).success).toBe(
      false,
    );
    expect(adminUserUpdateBodySchema.safeParse({ ...balance, currentBalance: '2' }).success).toBe(
      false,
    );
    expect(adminUserUpdateBodySchema.safeParse({ userRole: 'owner' }).success).toBe(false);
  });

  it('takes previousBalance only with a new balance', () => {
    for (const body of [{ previousBalance: 5 }, { userName: 'A', previousBalance: 5 }]) {
      const result = adminUserUpdateBodySchema.safeParse(body);
      expect(result.success).toBe(false);
      expect(result.error?.issues.map((issue) => issue.path)).toContainEqual(['previousBalance']);
    }
  });

  it('takes the spec payload, whose UserEmail is not a change by itself', () => {
    expect(
      adminUserUpdateBodySchema.parse({
        userName: 'Ada',
        UserEmail: 'ADA@b.test',
        userRole: 'moderator',
        userMembership: 'basic',
        currentBalance: 4,
      }),
    ).toEqual({
      userName: 'Ada',
      UserEmail: 'ada@b.test',
      userRole: 'moderator',
      userMembership: 'basic',
      currentBalance: 4,
    });
    expect(adminUserUpdateBodySchema.safeParse({}).success).toBe(false);
    expect(adminUserUpdateBodySchema.safeParse({ UserEmail: 'a@b.test' }).success).toBe(false);
    expect(adminUserUpdateBodySchema.safeParse({ userEmail: 'a@b.test' }).success).toBe(false);
  });
});

describe('addresses, ids and queries', () => {
  it('lower-cases and trims e-mail addresses', () => {
    expect(userEmailQuerySchema.parse({ userEmail: ' Ada@Example.COM ' })).toEqual({
      userEmail: 'ada@example.com',
    });
    expect(sendMessageBodySchema.shape.toEmail.safeParse('nope').success).toBe(false);
  });

  it('rejects a query parameter given twice or as an operator', () => {
    expect(userEmailQuerySchema.safeParse({ userEmail: ['a@b.test', 'c@d.test'] }).success).toBe(
      false,
    );
    expect(userEmailQuerySchema.safeParse({ 'userEmail[$ne]': 'x' }).success).toBe(false);
  });

  it('accepts only 24-hex-digit ids', () => {
    expect(idParamSchema.safeParse({ id: '0123456789abcdefABCDEF01' }).success).toBe(true);
    expect(idParamSchema.safeParse({ id: '0123456789abcdef' }).success).toBe(false);
  });
});
