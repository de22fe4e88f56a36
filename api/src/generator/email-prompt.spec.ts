import { readsAsEmail } from './email-prompt';

describe('readsAsEmail', () => {
  it('recognises a finished email: a subject line, or a greeting and a sign-off', () => {
    expect(
      readsAsEmail('Subject: Quick hello\n\nBody:\nDear Ada,\n\nHi.\n\nBest regards,\nBob'),
    ).toBe(true);
    expect(readsAsEmail('**Subject:** A better CRM\n\nHello Ada,\n...')).toBe(true);
    expect(readsAsEmail('Hi Ada,\n\nWe help dentists fill their chairs.\n\nCheers,\nBob')).toBe(
      true,
    );
  });

  it('lets a prompt through, even one that talks about subjects, greetings and sign-offs', () => {
    expect(
      readsAsEmail(
        'Write a friendly cold email to dental clinic owners in Lyon about our booking software. ' +
          'Open with a greeting by first name, keep the subject line under eight words, mention the ' +
          'free trial, end with a call to book a 15-minute demo and sign off with "Best regards".',
      ),
    ).toBe(false);
    expect(readsAsEmail('Audience: dentists\nGoal: a demo\nTone: warm\nLength: 150 words')).toBe(
      false,
    );
  });
});
