import { parseArgs } from 'node:util';
import { stderrLogger } from './logger';
import { startEmbeddedMongo } from './server';

const USAGE = 'usage: embedded-mongo [--dbpath DIR] [--port N] [--host 127.0.0.1]';

async function main(): Promise<void> {
  let values: { dbpath?: string; port?: string; host?: string; help?: boolean };
  try {
    ({ values } = parseArgs({
      options: {
        dbpath: { type: 'string' },
        port: { type: 'string' },
        host: { type: 'string' },
        help: { type: 'boolean', short: 'h' },
      },
    }));
  } catch (err) {
    process.stderr.write(`${(err as Error).message}\n${USAGE}\n`);
    process.exit(2);
  }
  if (values.help) {
    process.stdout.write(`${USAGE}\n`);
    return;
  }
  const port = values.port === undefined ? 27017 : Number(values.port);
  if (!Number.isInteger(port) || port < 0 || port > 65535) {
    process.stderr.write(`invalid --port ${values.port}\n${USAGE}\n`);
    process.exit(2);
  }
  if (values.dbpath === undefined) {
    stderrLogger.warn('no --dbpath given: running in memory, data is lost on exit');
  }
  const server = await startEmbeddedMongo({
    dbPath: values.dbpath,
    port,
    host: values.host ?? '127.0.0.1',
    logger: stderrLogger,
  });
  // Exactly one line on stdout, so scripts can wait for it and read the URI.
  process.stdout.write(`ready ${server.uri}\n`);

  let stopping = false;
  const shutdown = (signal: string): void => {
    if (stopping) return;
    stopping = true;
    stderrLogger.info(`${signal}: flushing and stopping`);
    server.stop().then(
      () => process.exit(0),
      (err: Error) => {
        stderrLogger.error(`shutdown failed: ${err.message}`);
        process.exit(1);
      },
    );
  };
  process.on('SIGINT', () => shutdown('SIGINT'));
  process.on('SIGTERM', () => shutdown('SIGTERM'));
}

main().catch((err: Error) => {
  stderrLogger.error(err.message);
  process.exit(1);
});
