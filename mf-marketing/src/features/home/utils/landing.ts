/** Spec: the landing page shows the first 3 packages. */
export const LANDING_PACKAGE_COUNT = 3;

/** The site's description: the landing page's meta description, and every page's by default. */
export const SITE_DESCRIPTION =
  'Create personalized cold-email templates in seconds with an AI generator: tell it who you are writing to and why, pick a tone, and get a ready-to-send email.';
