// The zod-free entry `@coldmail/contracts/routes`: what the browser's typed client needs at run
// time (the typed client loads it with its first call). Types come from the main entry with
// `import type`, which costs nothing in a bundle. A page that needs one part without the whole
// table imports that part's own entry (`/http`, `/landing-blocks`, `/trace-context`).
export { buildPath, type Route } from './http';
export { routes } from './routes';
