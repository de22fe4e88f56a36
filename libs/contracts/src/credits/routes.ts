// Zod-free: the browser's typed client loads these (see ../routes-entry.ts).
import { domainRoutes } from '../http';

export const creditsRoutes = domainRoutes({
  history: {
    method: 'GET',
    path: '/api/credits/history',
    access: 'owner',
  },
  /** What a new account gets for free (TRIAL_CREDITS), for the pages that say so. */
  trialOffer: {
    method: 'GET',
    path: '/api/credits/trial-offer',
    access: 'public',
  },
});
