import { pagesOf, type PageIdOf } from '@coldmail/registry/pages';
import { PageRoutes } from '@coldmail/ui';
import type { ReactNode } from 'react';
import { HomePage } from '../features/home/components/HomePage';
import { AboutPage } from '../features/about/components/AboutPage';
import { ContactPage } from '../features/contact/components/ContactPage';
import { PremiumItemPage } from '../features/premium/components/PremiumItemPage';
import { LegalPage } from '../features/legal/components/LegalPage';
import { legalPageBlocks } from './legal-pages';

const pageElements: Record<PageIdOf<'marketing'>, ReactNode> = {
  home: <HomePage />,
  // The specification's /about: the about section as the page's header band, then the landing.
  about: (
    <>
      <AboutPage />
      <HomePage ownsDocumentMeta={false} />
    </>
  ),
  contact: <ContactPage />,
  premiumItem: <PremiumItemPage />,
  privacy: <LegalPage name={legalPageBlocks.privacy} />,
  terms: <LegalPage name={legalPageBlocks.terms} />,
  refundPolicy: <LegalPage name={legalPageBlocks.refundPolicy} />,
};

/** This remote's pages, at the registry's paths (where the shell mounts it). */
export default function App() {
  return <PageRoutes pages={pagesOf('marketing')} elements={pageElements} />;
}
