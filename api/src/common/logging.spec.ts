import { Writable } from 'node:stream';
import fastify from 'fastify';
import { mongo } from 'mongoose';
import { createRootLogger, lazyRequestLogger, redactEmails, RequestLogController } from './logging';

function capture(level: 'info' | 'debug' = 'info') {
  const lines: string[] = [];
  const stream = new Writable({
    write(chunk: Buffer, _encoding, done) {
      // Request lines come several to a write.
      lines.push(...chunk.toString().split('\n').filter(Boolean));
      done();
    },
  });
  return { logger: createRootLogger(level, stream), lines };
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

  it("writes one line per request, and the request's own lines, each with its request id", async () => {
    const { logger, lines } = capture();
    const server = fastify({
      loggerInstance: logger,
      logController: new RequestLogController(logger),
      childLoggerFactory: lazyRequestLogger,
    });
    server.get('/quiet', () => ({ ok: true }));
    server.get('/chatty', (request) => {
      request.log.warn({ step: 1 }, 'looked something up');
      return { ok: true };
    });
    server.get('/broken', () => {
      throw new Error('it broke');
    });
    await server.inject({ url: '/quiet?email=ada%40example.com' });
    await server.inject({ url: '/chatty' });
    await server.inject({ url: '/broken' });
    await server.close();
    // The lines of one turn of the event loop are written together, at its end.
    await new Promise(setImmediate);

    const written = lines.map((line) => JSON.parse(line) as Record<string, unknown>);
    const completed = written.filter((line) => line.msg === 'request completed');
    expect(completed.map((line) => [line.req, line.res, line.level])).toEqual([
      [{ method: 'GET', url: '/quiet?email=[email]' }, { statusCode: 200 }, 30],
      [{ method: 'GET', url: '/chatty' }, { statusCode: 200 }, 30],
      [{ method: 'GET', url: '/broken' }, { statusCode: 500 }, 50],
    ]);
    const chatty = written.find((line) => line.msg === 'looked something up');
    expect(chatty).toMatchObject({ step: 1, level: 40, reqId: completed[1]?.reqId });
    expect(new Set(completed.map((line) => line.reqId)).size).toBe(3);
    // Fastify's error handler logs the error through the request's logger.
    expect(written).toContainEqual(
      expect.objectContaining({
        reqId: completed[2]?.reqId,
        err: expect.objectContaining({ message: 'it broke' }),
      }),
    );
  });

  it("logs a probe's answered requests at debug only, and a failing probe as any request", async () => {
    const linesAt = async (level: 'info' | 'debug') => {
      const { logger, lines } = capture(level);
      const server = fastify({
        loggerInstance: logger,
        logController: new RequestLogController(logger, new Set(['/health'])),
        childLoggerFactory: lazyRequestLogger,
      });
      let up = true;
      server.get('/health', async (_request, reply) =>
        up ? { ok: true } : reply.code(503).send(),
      );
      server.get('/packages', () => []);
      await server.inject({ url: '/health' });
      await server.inject({ url: '/packages' });
      up = false;
      await server.inject({ url: '/health' });
      await server.close();
      await new Promise(setImmediate);
      return lines
        .map((line) => JSON.parse(line) as { msg: string; level: number; req: { url: string } })
        .filter((line) => line.msg === 'request completed')
        .map((line) => [line.req.url, line.level]);
    };
    expect(await linesAt('info')).toEqual([
      ['/packages', 30],
      ['/health', 50],
    ]);
    expect(await linesAt('debug')).toEqual([
      ['/health', 20],
      ['/packages', 30],
      ['/health', 50],
    ]);
  });
});
