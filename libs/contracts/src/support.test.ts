import { describe, expect, it } from 'vitest';
import { contactFormSchema, newSupportMessageBodySchema } from './support';

const contactForm = {
  name: 'Vera Visitor',
  email: 'vera@example.com',
  phone: '+33 1 23 45 67 89',
  subject: 'Pricing',
  message: 'Do credits expire?',
};

/** The message zod gives for one field, or undefined when that field passes. */
function problemWith(field: string, form: Record<string, unknown>) {
  const result = contactFormSchema.safeParse(form);
  return result.error?.issues.find((issue) => issue.path[0] === field)?.message;
}

describe('contactFormSchema', () => {
  it.each([
    ['missing', undefined],
    ['blank', '   '],
  ])(
    'requires the phone number, in the words of the other required fields (%s)',
    (_case, phone) => {
      expect(problemWith('phone', { ...contactForm, phone })).toBe('Phone is required');
    },
  );

  it('bounds the phone number at 40 characters', () => {
    expect(problemWith('phone', { ...contactForm, phone: '1'.repeat(40) })).toBeUndefined();
    expect(problemWith('phone', { ...contactForm, phone: '1'.repeat(41) })).toBe(
      'Phone must be at most 40 characters',
    );
  });
});

describe('newSupportMessageBodySchema', () => {
  it('lets a signed-in user’s ticket leave the phone out (the service asks it of visitors)', () => {
    expect(
      newSupportMessageBodySchema.parse({ subject: ' Help ', message: 'Credits missing' }),
    ).toEqual({ subject: 'Help', message: 'Credits missing' });
  });
});
