/** Built from world-countries when the app builds (see sovereignStatesPlugin in tools/vite-config). */
declare module 'virtual:sovereign-states' {
  /** ISO 3166-1 alpha-2 codes of the sovereign states, sorted. */
  export const sovereignStateCodes: readonly string[];
}
