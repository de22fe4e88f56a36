export {
  contactSettings,
  creditPackage,
  featuresSettings,
  footerSettings,
  geminiKey,
  item,
  itemOrder,
  navLogo,
  packageOrder,
  paypalSettings,
  promoCode,
  taxRates,
  userRecord,
  supportTicket,
  ticketPage,
  ticketSummary,
} from './builders';
export { currentPath, recordFailed, recordLoaded, renderRemote, signInBuyer } from './renderRemote';
export {
  startTestApi,
  type ApiReply,
  type ApiRequest,
  type ApiRoutes,
  type TestApi,
} from './testApi';
