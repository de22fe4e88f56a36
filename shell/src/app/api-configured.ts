// Apart from runtime-config.ts, which reads the page's start-up script: the server entry
// imports this too (through the remote error boundary).
let markConfigured: () => void = () => {};
/** Resolves once the API's address is set (bootstrap.tsx): calls made before it wait for it. */
export const apiConfigured = new Promise<void>((resolve) => {
  markConfigured = resolve;
});
export const apiIsConfigured = (): void => markConfigured();
