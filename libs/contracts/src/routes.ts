// Zod-free (see ./http.ts): every endpoint of the API, by domain, as the browser's typed client
// needs it. Each domain's folder holds its routes (routes.ts), what each endpoint takes and
// answers (endpoints.ts, which must name exactly the same entries) and its schemas.
import { defineRoutes } from './http';
import { healthRoutes } from './health/routes';
import { usersRoutes, messagesRoutes } from './users/routes';
import { uploadsRoutes } from './uploads/routes';
import { packagesRoutes } from './packages/routes';
import { itemsRoutes } from './items/routes';
import { packageOrdersRoutes, itemOrdersRoutes } from './orders/routes';
import { paymentsRoutes, paypalSettingsRoutes } from './payments/routes';
import { creditsRoutes } from './credits/routes';
import { contentRoutes } from './content/routes';
import { geminiKeysRoutes } from './gemini-keys/routes';
import { supportRoutes } from './support/routes';
import { generatorRoutes } from './generator/routes';
import { auditRoutes } from './audit/routes';
import { statsRoutes } from './stats/routes';
import { remoteReleasesRoutes } from './remote-releases/routes';
import { accountRoutes } from './account/routes';
import { invoicesRoutes } from './invoices/routes';
import { promoCodesRoutes } from './promo-codes/routes';

export const routes = defineRoutes({
  health: healthRoutes,
  users: usersRoutes,
  messages: messagesRoutes,
  uploads: uploadsRoutes,
  packages: packagesRoutes,
  items: itemsRoutes,
  packageOrders: packageOrdersRoutes,
  itemOrders: itemOrdersRoutes,
  payments: paymentsRoutes,
  credits: creditsRoutes,
  content: contentRoutes,
  paypalSettings: paypalSettingsRoutes,
  geminiKeys: geminiKeysRoutes,
  support: supportRoutes,
  generator: generatorRoutes,
  audit: auditRoutes,
  stats: statsRoutes,
  remoteReleases: remoteReleasesRoutes,
  account: accountRoutes,
  invoices: invoicesRoutes,
  promoCodes: promoCodesRoutes,
});

export type Routes = typeof routes;
