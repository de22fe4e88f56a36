// What only a server entry uses (bundled into it, never shared with the browser's pages): the
// query cache's state as data for the page (see @coldmail/ssr).
export { dehydrate } from '@tanstack/react-query';
