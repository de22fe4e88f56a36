import { Route, Routes } from '@coldmail/router';
import { HomePage } from '../features/home/components/HomePage';
import { AboutPage } from '../features/about/components/AboutPage';
import { ContactPage } from '../features/contact/components/ContactPage';
import { PremiumItemPage } from '../features/premium/components/PremiumItemPage';
import { PackagesSection } from '../features/packages/components/PackagesSection';

/** This remote's pages; the shell mounts them at the paths below. */
export default function App() {
  return (
    <Routes>
      <Route
        path="/"
        element={
          <HomePage>
            <PackagesSection />
          </HomePage>
        }
      />
      <Route path="/about" element={<AboutPage />} />
      <Route path="/contact" element={<ContactPage />} />
      <Route path="/premium/:slug/:itemId" element={<PremiumItemPage />} />
    </Routes>
  );
}
