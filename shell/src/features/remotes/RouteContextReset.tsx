import type { ReactNode } from 'react';
import { UNSAFE_RouteContext } from '@coldmail/router';

const rootRouteContext = { outlet: null, matches: [], isDataRoute: false };

/**
 * A remote's `<Routes>` list full paths (`/buy/:id`, `/user/orders`), so the remote reads the
 * same whether the shell mounts it or it runs standalone. Descendant routes normally match
 * relative to the parent route; resetting the route context makes them match from the root.
 */
export function RouteContextReset({ children }: { children: ReactNode }) {
  return (
    <UNSAFE_RouteContext.Provider value={rootRouteContext}>{children}</UNSAFE_RouteContext.Provider>
  );
}
