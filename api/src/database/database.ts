import { mkdirSync } from 'node:fs';
import type { LoggerService } from '@nestjs/common';
import type { AppConfig } from '../config/app-config';

export interface Database {
  uri: string;
  /** Stops the embedded server when this process started one; a no-op for an external MongoDB. */
  stop(): Promise<void>;
}

/**
 * The configured MongoDB, or, when MONGODB_URI is unset, the embedded MongoDB-compatible server
 * (tools/embedded-mongo) on `.data/mongo`, so `node api/dist/main.js` works with nothing else
 * installed. Logs which one is used, without credentials.
 */
export async function openDatabase(config: AppConfig, logger: LoggerService): Promise<Database> {
  if (config.database.uri) {
    logger.log(`Database: MongoDB at ${redactCredentials(config.database.uri)}`, 'Database');
    return { uri: config.database.uri, stop: async () => undefined };
  }
  // Loaded only here: a production deployment with MONGODB_URI never needs the package.
  const { startEmbeddedMongo } = await import('@coldmail/embedded-mongo');
  const dbPath = config.database.embeddedDataDir;
  mkdirSync(dbPath, { recursive: true });
  const embedded = await startEmbeddedMongo({
    dbPath,
    logger: {
      info: (message) => logger.log(message, 'EmbeddedMongo'),
      warn: (message) => logger.warn(message, 'EmbeddedMongo'),
      error: (message) => logger.error(message, undefined, 'EmbeddedMongo'),
    },
  });
  const uri = `${embedded.uri}coldmail`;
  logger.log(
    `Database: embedded MongoDB on ${dbPath} (${uri}); set MONGODB_URI to use a real one`,
    'Database',
  );
  return { uri, stop: () => embedded.stop() };
}

/**
 * The URI fit for the logs: user and password, and the query string (options such as
 * authMechanismProperties or tlsCertificateKeyFilePassword can carry secrets), left out.
 */
export function redactCredentials(uri: string): string {
  return uri.replace(/\/\/[^@/]*@/, '//***@').replace(/\?.*$/s, '?…');
}
