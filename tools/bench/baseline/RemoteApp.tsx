// The baseline bundles every remote's pages straight into the shell: the same pages as the
// federated build, without Module Federation, to measure what federation costs.
import AccountApp from '@baseline/account';
import AdminApp from '@baseline/admin';
import CheckoutApp from '@baseline/checkout';
import GeneratorApp from '@baseline/generator';
import MarketingApp from '@baseline/marketing';
import type { ComponentType } from 'react';
import { UNSAFE_RouteContext } from '@coldmail/router';

const apps: Record<string, ComponentType> = {
  marketing: MarketingApp,
  checkout: CheckoutApp,
  account: AccountApp,
  admin: AdminApp,
  generator: GeneratorApp,
};

const rootRouteContext = { outlet: null, matches: [], isDataRoute: false };

export function RemoteApp({ remote }: { remote: string }) {
  const App = apps[remote];
  if (!App) return null;
  return (
    <UNSAFE_RouteContext.Provider value={rootRouteContext}>
      <App />
    </UNSAFE_RouteContext.Provider>
  );
}
