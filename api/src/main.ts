import 'reflect-metadata';
import { resolve } from 'node:path';
import pino from 'pino';
import { loadEnvFiles } from '@coldmail/registry/env-files';
import { createApp } from './app';
import { createRootLogger, PinoNestLogger } from './common/logging';
import { shutDown } from './common/shutdown';
import { loadConfig, type AppConfig } from './config/app-config';
import { ConfigError } from './config/config-error';
import { ErrorTracker } from './telemetry/error-tracking';
import { openDatabase } from './database/database';
import { DemoSeedService } from './seed/demo-seed.service';

/** Time for the modules and the database to stop after the HTTP server has. */
const SHUTDOWN_MARGIN_MS = 10_000;

/** Off until the configuration is read; a crash or a failed start is reported once it is on. */
let errorTracker = ErrorTracker.off();

async function main(): Promise<void> {
  // Started by hand in development (NODE_ENV unset or development), the API reads .env.local and
  // .env at the workspace root under what the environment sets. Production and the tests set
  // NODE_ENV to their own value and read the environment alone.
  const nodeEnv = process.env.NODE_ENV;
  if (nodeEnv === undefined || nodeEnv === '' || nodeEnv === 'development') {
    loadEnvFiles(resolve(__dirname, '..', '..'));
  }
  let config: AppConfig;
  try {
    // The only read of the environment; everything else gets the validated config injected.
    config = loadConfig(process.env);
  } catch (error) {
    if (error instanceof ConfigError) {
      console.error(error.message);
      process.exit(1);
    }
    throw error;
  }

  // One pino logger for the whole process, so start-up lines are JSON like the rest.
  // Written to stdout synchronously, as Node itself writes to a pipe or a file: the request
  // lines of one turn of the event loop already go out together (RequestLogController), so
  // there is one write per turn, nothing waits in memory, and a crash loses no line. Writing
  // them at most every 10 ms instead measured the same (`npm run bench:api`).
  const rootLogger = createRootLogger(config.logLevel, pino.destination({ dest: 1, sync: true }));
  const bootLogger = new PinoNestLogger(rootLogger);
  errorTracker = await ErrorTracker.start(config.errorTracking, rootLogger);
  // A crash is logged as a JSON line like everything else and reported to the error tracker (when
  // one is set), then the process stops (as Node would) for the orchestrator to restart it.
  const crash = (kind: string) => (error: unknown) => {
    rootLogger.fatal({ err: error }, kind);
    void errorTracker.crashed(error, kind).finally(() => process.exit(1));
  };
  process.on('uncaughtException', crash('Uncaught exception'));
  process.on('unhandledRejection', crash('Unhandled promise rejection'));

  const database = await openDatabase(config, bootLogger);
  const app = await createApp(config, database.uri, rootLogger, errorTracker);
  await app.listen(config.port, config.host);
  bootLogger.log(`API listening on ${await app.getUrl()}`, 'Main');
  if (config.trial) {
    bootLogger.warn(
      `TRIAL: payments are confirmed by ${config.paypal.apiBase ?? 'PayPal'}, not taken; ` +
        'unset TRIAL and PAYPAL_API_BASE before the site goes live',
      'Main',
    );
  }

  if (config.seedDemoData) void app.get(DemoSeedService).run();

  let stopping = false;
  const stop = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    bootLogger.log(`${signal}: shutting down`, 'Main');
    // Whatever hangs, the process ends: the delay and the grace, plus time for the modules.
    const { delayMs, graceMs } = config.shutdown;
    setTimeout(
      () => {
        bootLogger.error('Shutdown took too long: exiting', 'Main');
        process.exit(1);
      },
      delayMs + graceMs + SHUTDOWN_MARGIN_MS,
    ).unref();
    let code = 0;
    try {
      await shutDown(app, config.shutdown);
    } catch (error) {
      bootLogger.error(error, 'Main');
      code = 1;
    } finally {
      await database.stop();
    }
    process.exit(code);
  };
  process.once('SIGINT', () => void stop('SIGINT'));
  process.once('SIGTERM', () => void stop('SIGTERM'));
}

main().catch((error: unknown) => {
  console.error('The API failed to start:', error);
  void errorTracker.crashed(error, 'Start-up failed').finally(() => process.exit(1));
});
