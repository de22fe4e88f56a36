export {
  creditPackage,
  geminiKey,
  item,
  itemOrder,
  packageOrder,
  paypalSettings,
  userRecord,
} from './builders';
export { currentPath, renderRemote } from './renderRemote';
export {
  startTestApi,
  type ApiReply,
  type ApiRequest,
  type ApiRoutes,
  type TestApi,
} from './testApi';
