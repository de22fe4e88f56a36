import { ApiError } from '@coldmail/session';
import { describe, expect, it } from 'vitest';
import { messageOf } from './messages';

describe('messageOf', () => {
  it("gives the spec's fallback when the API could not be reached", () => {
    expect(messageOf(new ApiError('Network Error', 0), 'Failed to fetch keys')).toBe(
      'Failed to fetch keys',
    );
  });

  it("gives the server's message, or the first field message of a refused form", () => {
    expect(messageOf(new ApiError('Database unavailable', 500), 'Failed to add key')).toBe(
      'Database unavailable',
    );
    expect(
      messageOf(
        new ApiError('Validation failed', 400, { key: 'Key is too long (at most 256 characters)' }),
        'Failed to add key',
      ),
    ).toBe('Key is too long (at most 256 characters)');
  });
});
