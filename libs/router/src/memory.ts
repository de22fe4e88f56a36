// The in-memory router, for what renders a page outside a browser: the page renderer's server
// entries and the tests. Kept out of the shared module (index.ts), which every browser loads.
export { MemoryRouter } from 'react-router-dom';
