/** Spec: the landing page shows the first 3 packages. */
export const LANDING_PACKAGE_COUNT = 3;
