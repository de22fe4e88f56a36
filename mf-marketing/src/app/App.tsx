import { pagesOf, type PageIdOf } from '@coldmail/registry/pages';
import { Route, Routes } from '@coldmail/router';
import type { ReactNode } from 'react';
import { HomePage } from '../features/home/components/HomePage';
import { AboutPage } from '../features/about/components/AboutPage';
import { ContactPage } from '../features/contact/components/ContactPage';
import { PremiumItemPage } from '../features/premium/components/PremiumItemPage';

const pageElements: Record<PageIdOf<'marketing'>, ReactNode> = {
  home: <HomePage />,
  about: <AboutPage />,
  contact: <ContactPage />,
  premiumItem: <PremiumItemPage />,
};

/** This remote's pages, at the registry's paths (where the shell mounts it). */
export default function App() {
  return (
    <Routes>
      {pagesOf('marketing').map((page) => (
        <Route key={page.id} path={page.path} element={pageElements[page.id]} />
      ))}
    </Routes>
  );
}
