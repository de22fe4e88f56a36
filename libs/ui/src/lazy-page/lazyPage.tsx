import { lazy, Suspense, type ComponentType, type ReactNode } from 'react';
import { PageLoader } from '../spinner/PageLoader';
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
  const Page = lazy(async (): Promise<{ default: ComponentType }> => ({
    default: (await load())[name],
  }));
  return (
    <Suspense
      fallback={
        <div className={styles.loading}>
          <PageLoader />
        </div>
      }
    >
      <Page />
    </Suspense>
  );
}
