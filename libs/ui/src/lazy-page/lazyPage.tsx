import type { ComponentType, ReactNode } from 'react';
import { PageLoader } from '../spinner/PageLoader';
import { loadable } from './loadable';
import styles from './lazyPage.module.css';

/**
 * A remote's page whose code loads the first time it is shown, so each route is its own chunk
 * and a remote's first page does not carry the others. Until it arrives a loader fills the first
 * screen (the footer below does not jump).
 *
 * @example
 * const pageElements = {
 *   buy: lazyPage(() => import('../features/checkout/components/PackageCheckoutPage'), 'PackageCheckoutPage'),
 * };
 */
export function lazyPage<Name extends string>(
  load: () => Promise<Record<Name, ComponentType>>,
  name: Name,
): ReactNode {
  const Page = loadable(
    async () => (await load())[name],
    <div className={styles.loading}>
      <PageLoader />
    </div>,
  );
  return <Page />;
}
