export { startEmbeddedMongo } from './server';
export type { EmbeddedMongo, EmbeddedMongoOptions } from './server';
export type { Logger } from './logger';
export { DbPathLockedError } from './storage/lockFile';
export { JournalDamagedError } from './storage/durableStore';
export { nodeStorageFs } from './storage/storageFs';
export type { StorageFile, StorageFs } from './storage/storageFs';
