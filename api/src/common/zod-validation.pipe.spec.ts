import { BadRequestException } from '@nestjs/common';
import { objectIdSchema, profileUpdateBodySchema } from '@coldmail/contracts';
import { ZodValidationPipe } from './zod-validation.pipe';

function rejection(run: () => unknown): unknown {
  try {
    run();
  } catch (error) {
    expect(error).toBeInstanceOf(BadRequestException);
    return (error as BadRequestException).getResponse();
  }
  throw new Error('expected a 400');
}

describe('ZodValidationPipe', () => {
  it('passes on the parsed value (trimmed)', () => {
    const pipe = new ZodValidationPipe(profileUpdateBodySchema);
    expect(pipe.transform({ city: '  Oslo ' }, { type: 'body' })).toEqual({ city: 'Oslo' });
  });

  it('answers one message per field, unknown fields included', () => {
    const pipe = new ZodValidationPipe(profileUpdateBodySchema);
    expect(
      rejection(() =>
        pipe.transform({ userName: { $gt: '' }, userRole: 'Admin', phone: 'x' }, { type: 'body' }),
      ),
    ).toEqual({
      statusCode: 400,
      message: 'Validation failed',
      fieldErrors: {
        userName: expect.stringMatching(/expected string/),
        userRole: 'This field is not accepted',
        phone: 'Invalid phone number',
      },
    });
  });

  it('names a path parameter by its name', () => {
    const pipe = new ZodValidationPipe(objectIdSchema);
    expect(rejection(() => pipe.transform('42', { type: 'param', data: 'id' }))).toMatchObject({
      fieldErrors: { id: 'Invalid id' },
    });
  });

  it('names the whole body when it is not an object at all', () => {
    const pipe = new ZodValidationPipe(profileUpdateBodySchema);
    expect(rejection(() => pipe.transform(['x'], { type: 'body' }))).toMatchObject({
      fieldErrors: { body: expect.any(String) },
    });
  });
});
