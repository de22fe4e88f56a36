import { pagesOf, type PageIdOf } from '@coldmail/registry/pages';
import { PageRoutes } from '@coldmail/ui';
import type { ReactNode } from 'react';
import { GenerateEmailPage } from '../features/generate-email/components/GenerateEmailPage';

const pageElements: Record<PageIdOf<'generator'>, ReactNode> = {
  userGenerateEmail: <GenerateEmailPage />,
};

/** This remote's pages, at the registry's paths (where the shell mounts it). */
export default function App() {
  return <PageRoutes pages={pagesOf('generator')} elements={pageElements} />;
}
