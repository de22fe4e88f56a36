import { contract } from '@coldmail/contracts';

/**
 * The health probes' paths. An orchestrator and a load balancer call them every few seconds on
 * every instance, so their answered requests are neither traced, logged at info, nor given an
 * ETag.
 */
export const PROBE_PATHS: ReadonlySet<string> = new Set(
  Object.values(contract.health).map((endpoint) => endpoint.path),
);
