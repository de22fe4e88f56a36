import { parseArgs } from 'node:util';
import { stderrLogger } from './logger';
import { startEmbeddedMongo } from './server';

const USAGE = 'usage: embedded-mongo [--dbpath DIR] [--port N] [--host 127.0.0.1] [--repair]';

async function main(): Promise<void> {
  let values: { dbpath?: string; port?: string; host?: string; repair?: boolean; help?: boolean };
  try {
    ({ values } = parseArgs({
      options: {
        dbpath: { type: 'string' },
        port: { type: 'string' },
        host: { type: 'string' },
        repair: { type: 'boolean' },
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
    repair: values.repair ?? false,
    logger: stderrLogger,
    // The server has logged the failure and stopped; a supervisor must see it as a crash.
    onFatal: () => process.exit(1),
  });
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
  // Exactly one line on stdout, so scripts can wait for it and read the URI. It goes out only
  // now: stdout to a pipe is synchronous, so a reader may signal us as soon as it is written.
  process.stdout.write(`ready ${server.uri}\n`);
}

main().catch((err: Error) => {
  stderrLogger.error(err.message);
  process.exit(1);
});
