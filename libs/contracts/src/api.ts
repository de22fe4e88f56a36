import { defineContract } from './contract';
import { healthEndpoints } from './health/endpoints';
import { usersEndpoints, messagesEndpoints } from './users/endpoints';
import { uploadsEndpoints } from './uploads/endpoints';
import { packagesEndpoints } from './packages/endpoints';
import { itemsEndpoints } from './items/endpoints';
import { packageOrdersEndpoints, itemOrdersEndpoints } from './orders/endpoints';
import { paymentsEndpoints, paypalSettingsEndpoints } from './payments/endpoints';
import { creditsEndpoints } from './credits/endpoints';
import { contentEndpoints } from './content/endpoints';
import { geminiKeysEndpoints } from './gemini-keys/endpoints';
import { supportEndpoints } from './support/endpoints';
import { generatorEndpoints } from './generator/endpoints';
import { auditEndpoints } from './audit/endpoints';
import { statsEndpoints } from './stats/endpoints';
import { remoteReleasesEndpoints } from './remote-releases/endpoints';
import { accountEndpoints } from './account/endpoints';
import { invoicesEndpoints } from './invoices/endpoints';
import { promoCodesEndpoints } from './promo-codes/endpoints';
import { routes } from './routes';

/**
 * The API: every endpoint's route (./routes.ts) with what it takes and answers, from each
 * domain's folder. The API declares its handlers from these entries, the apps call them through
 * the typed client, and the tests' stand-in API answers only what these schemas accept.
 */
export const contract = defineContract(routes, {
  health: healthEndpoints,
  users: usersEndpoints,
  messages: messagesEndpoints,
  uploads: uploadsEndpoints,
  packages: packagesEndpoints,
  items: itemsEndpoints,
  packageOrders: packageOrdersEndpoints,
  itemOrders: itemOrdersEndpoints,
  payments: paymentsEndpoints,
  credits: creditsEndpoints,
  content: contentEndpoints,
  paypalSettings: paypalSettingsEndpoints,
  geminiKeys: geminiKeysEndpoints,
  support: supportEndpoints,
  generator: generatorEndpoints,
  audit: auditEndpoints,
  stats: statsEndpoints,
  remoteReleases: remoteReleasesEndpoints,
  account: accountEndpoints,
  invoices: invoicesEndpoints,
  promoCodes: promoCodesEndpoints,
});

export type ApiContract = typeof contract;
