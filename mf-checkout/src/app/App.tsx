import { pagesOf, type PageIdOf } from '@coldmail/registry/pages';
import { Route, Routes } from '@coldmail/router';
import type { ReactNode } from 'react';
import { PackageCheckoutPage } from '../features/checkout/components/PackageCheckoutPage';
import { ItemCheckoutPage } from '../features/checkout/components/ItemCheckoutPage';
import { PayNowPage } from '../features/payment/components/PayNowPage';
import { ItemPayNowPage } from '../features/payment/components/ItemPayNowPage';
import { PendingPaymentPage } from '../features/pending-payment/components/PendingPaymentPage';
import { PackagePendingPage } from '../features/pending-payment/components/PackagePendingPage';
import { ItemPendingPage } from '../features/pending-payment/components/ItemPendingPage';

const pageElements: Record<PageIdOf<'checkout'>, ReactNode> = {
  buy: <PackageCheckoutPage />,
  itemBuy: <ItemCheckoutPage />,
  payNow: <PayNowPage />,
  itemPayNow: <ItemPayNowPage />,
  userPendingPayment: <PendingPaymentPage />,
  userPackagePendingPayment: <PackagePendingPage />,
  userItemPendingPayment: <ItemPendingPage />,
};

/** This remote's pages, at the registry's paths (where the shell mounts it). */
export default function App() {
  return (
    <Routes>
      {pagesOf('checkout').map((page) => (
        <Route key={page.id} path={page.path} element={pageElements[page.id]} />
      ))}
    </Routes>
  );
}
