import { describe, expect, it } from 'vitest';
import { newSupportMessageBodySchema } from './schemas';

describe('newSupportMessageBodySchema', () => {
  it('lets a signed-in user’s ticket leave the phone out (the service asks it of visitors)', () => {
    expect(
      newSupportMessageBodySchema.parse({ subject: ' Help ', message: 'Credits missing' }),
    ).toEqual({ subject: 'Help', message: 'Credits missing' });
  });
});
