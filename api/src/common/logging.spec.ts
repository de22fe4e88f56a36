import { Writable } from 'node:stream';
import { mongo } from 'mongoose';
import { createRootLogger, redactEmails } from './logging';

function capture() {
  const lines: string[] = [];
  const stream = new Writable({
    write(chunk: Buffer, _encoding, done) {
      lines.push(chunk.toString());
      done();
    },
  });
  return { logger: createRootLogger('info', stream), lines };
}

describe('the API logger', () => {
  it('logs a database error without the data it repeats (a duplicate e-mail address)', () => {
    const { logger, lines } = capture();
    const duplicate = new mongo.MongoServerError({
      message:
        'E11000 duplicate key error collection: coldmail.users index: userEmail_1 dup key: ' +
        '{ userEmail: "ada@example.com" }',
      code: 11000,
      keyValue: { userEmail: 'ada@example.com' },
      errorResponse: { keyValue: { userEmail: 'ada@example.com' } },
    });
    logger.error({ err: duplicate }, 'Unhandled error');
    expect(lines).toHaveLength(1);
    const line = lines[0] ?? '';
    expect(line).not.toContain('ada@example.com');
    expect(JSON.parse(line)).toMatchObject({
      msg: 'Unhandled error',
      err: { code: 11000, message: expect.stringContaining('E11000') },
    });
  });

  it('logs no Authorization header', () => {
    const { logger, lines } = capture();
    logger.info({ req: { headers: { authorization: 'Bearer secret-token' } } }, 'request');
    expect(lines[0]).not.toContain('secret-token');
  });

  it('redacts addresses in request URLs', () => {
    expect(redactEmails('/api/users?userEmail=ada%40example.com&x=1')).toBe(
      '/api/users?userEmail=[email]&x=1',
    );
  });
});
