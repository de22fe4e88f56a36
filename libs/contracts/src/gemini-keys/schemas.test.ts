import { describe, expect, it } from 'vitest';
import {
  GEMINI_KEY_REQUIRED_MESSAGE,
  geminiKeyBodySchema,
  geminiKeyUpdateBodySchema,
} from './schemas';

const messagesOf = (result: { error?: { issues: { message: string }[] } }) =>
  result.error?.issues.map((issue) => issue.message) ?? [];

describe('geminiKeyBodySchema', () => {
  it('trims name and key and makes a new key active by default', () => {
    expect(geminiKeyBodySchema.parse({ name: ' Main ', key: ' AIzaSy-abc_123 ' })).toEqual({
      name: 'Main',
      key: 'AIzaSy-abc_123',
      isActive: true,
    });
  });

  it("refuses a blank name or key with the spec's message", () => {
    for (const body of [
      { name: '   ', key: 'AIzaSy-abc' },
      { name: 'Main', key: ' \t ' },
    ]) {
      expect(messagesOf(geminiKeyBodySchema.safeParse(body))).toEqual([
        GEMINI_KEY_REQUIRED_MESSAGE,
      ]);
    }
  });

  it('refuses a key that could not travel in a request header', () => {
    expect(geminiKeyBodySchema.safeParse({ name: 'Main', key: 'AIza Sy' }).success).toBe(false);
    expect(geminiKeyBodySchema.safeParse({ name: 'Main', key: 'AIzaSy€' }).success).toBe(false);
  });

  it('refuses fields it does not know', () => {
    expect(
      geminiKeyBodySchema.safeParse({ name: 'Main', key: 'AIzaSy', useCount: 0 }).success,
    ).toBe(false);
  });
});

describe('geminiKeyUpdateBodySchema', () => {
  it('accepts an empty or masked key, meaning "keep the stored key"', () => {
    expect(geminiKeyUpdateBodySchema.parse({ name: 'Main', key: '', isActive: false }).key).toBe(
      '',
    );
    expect(
      geminiKeyUpdateBodySchema.parse({ name: 'Main', key: 'AIzaSyAB...wxyz', isActive: true }).key,
    ).toBe('AIzaSyAB...wxyz');
  });

  it('still requires a name and the whole record', () => {
    expect(
      messagesOf(geminiKeyUpdateBodySchema.safeParse({ name: '', key: '', isActive: true })),
    ).toEqual([GEMINI_KEY_REQUIRED_MESSAGE]);
    expect(geminiKeyUpdateBodySchema.safeParse({ name: 'Main', key: '' }).success).toBe(false);
  });
});
