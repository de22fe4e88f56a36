// The zod-free entry `@coldmail/contracts/routes`: what the browser's typed client needs at run
// time. Types come from the main entry with `import type`, which costs nothing in a bundle.
export {
  buildPath,
  matchPath,
  staleDomainsOf,
  successStatusOf,
  type Access,
  type HttpMethod,
  type Route,
} from './http';
export { routes, type Routes } from './routes';
export { newTraceparent } from './trace-context';
