import { Catalog } from './catalog/catalog';
import type { ServerInfo } from './commands/context';
import { CursorRegistry } from './cursors/cursorRegistry';
import type { Logger } from './logger';
import type { DurableStore } from './storage/durableStore';

/** The state every connection shares: one catalog, one cursor registry, one journal. */
export interface ServerCore {
  catalog: Catalog;
  cursors: CursorRegistry;
  store: DurableStore | undefined;
  logger: Logger;
  info: ServerInfo;
}

export function createCore(cursorTimeoutMs: number, logger: Logger, inMemory: boolean): ServerCore {
  return {
    catalog: new Catalog(),
    cursors: new CursorRegistry(cursorTimeoutMs),
    store: undefined,
    logger,
    info: { startedAt: new Date(), inMemory, processId: String(process.pid) },
  };
}
