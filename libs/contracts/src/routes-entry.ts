// The zod-free entry `@coldmail/contracts/routes`: what the browser's typed client needs at run
// time. Types come from the main entry with `import type`, which costs nothing in a bundle.
export { landingBlockPaths } from './content/landing-blocks';
export { buildPath, staleDomainsOf, type Route } from './http';
export { routes } from './routes';
export { newTraceparent } from './trace-context';
