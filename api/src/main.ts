import 'reflect-metadata';
import { createApp } from './app';
import { createRootLogger, PinoNestLogger } from './common/logging';
import { ConfigError, loadConfig, type AppConfig } from './config/app-config';
import { openDatabase } from './database/database';
import { DemoSeedService } from './seed/demo-seed.service';

async function main(): Promise<void> {
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
  const rootLogger = createRootLogger(config.logLevel);
  const bootLogger = new PinoNestLogger(rootLogger);

  const database = await openDatabase(config, bootLogger);
  const app = await createApp(config, database.uri, rootLogger);
  await app.listen(config.port, config.host);
  bootLogger.log(`API listening on ${await app.getUrl()}`, 'Main');

  if (config.seedDemoData) void app.get(DemoSeedService).run();

  let stopping = false;
  const stop = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    bootLogger.log(`${signal}: shutting down`, 'Main');
    await app.close();
    await database.stop();
    process.exit(0);
  };
  process.once('SIGINT', () => void stop('SIGINT'));
  process.once('SIGTERM', () => void stop('SIGTERM'));
}

main().catch((error: unknown) => {
  console.error('The API failed to start:', error);
  process.exit(1);
});
