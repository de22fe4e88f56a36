import { describe, expect, it } from 'vitest';
import { registerFormSchema, resetPasswordFormSchema } from './auth';

const valid = {
  name: 'Ada Lovelace',
  email: 'ada@example.com',
  password: 'secret1',
  confirmPassword: 'secret1',
  terms: true as const,
};

function messages(result: { success: boolean; error?: { issues: { message: string }[] } }) {
  return result.error?.issues.map((issue) => issue.message) ?? [];
}

describe('registerFormSchema', () => {
  it('accepts a complete registration', () => {
    expect(registerFormSchema.safeParse(valid).success).toBe(true);
  });

  it('says the spec text when passwords differ', () => {
    const result = registerFormSchema.safeParse({ ...valid, confirmPassword: 'secret2' });
    expect(messages(result)).toContain('Passwords do not match');
  });

  it('requires at least 6 characters', () => {
    const result = registerFormSchema.safeParse({
      ...valid,
      password: 'abc',
      confirmPassword: 'abc',
    });
    expect(messages(result)).toContain('Password must be at least 6 characters');
  });

  it('requires the terms checkbox', () => {
    expect(registerFormSchema.safeParse({ ...valid, terms: false }).success).toBe(false);
  });
});

describe('resetPasswordFormSchema', () => {
  it('asks for an email when blank', () => {
    expect(messages(resetPasswordFormSchema.safeParse({ email: '  ' }))).toEqual([
      'Please enter your email address',
    ]);
  });
});
