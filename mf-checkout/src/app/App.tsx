import { Route, Routes } from '@coldmail/router';
import { PackageCheckoutPage } from '../features/checkout/components/PackageCheckoutPage';
import { ItemCheckoutPage } from '../features/checkout/components/ItemCheckoutPage';
import { PayNowPage } from '../features/payment/components/PayNowPage';
import { ItemPayNowPage } from '../features/payment/components/ItemPayNowPage';
import { PendingPaymentPage } from '../features/pending-payment/components/PendingPaymentPage';
import { PackagePendingPage } from '../features/pending-payment/components/PackagePendingPage';
import { ItemPendingPage } from '../features/pending-payment/components/ItemPendingPage';

/** This remote's pages; the shell mounts them at the paths below. */
export default function App() {
  return (
    <Routes>
      <Route path="/buy/:id" element={<PackageCheckoutPage />} />
      <Route path="/item-buy/:id" element={<ItemCheckoutPage />} />
      <Route path="/pay-now/:id" element={<PayNowPage />} />
      <Route path="/item-pay-now/:id" element={<ItemPayNowPage />} />
      <Route path="/user/pending-payment" element={<PendingPaymentPage />} />
      <Route path="/user/package-pending-payment" element={<PackagePendingPage />} />
      <Route path="/user/item-pending-payment" element={<ItemPendingPage />} />
    </Routes>
  );
}
