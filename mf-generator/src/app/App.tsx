import { pagesOf, type PageIdOf } from '@coldmail/registry/pages';
import { Route, Routes } from '@coldmail/router';
import type { ReactNode } from 'react';
import { GenerateEmailPage } from '../features/generate-email/components/GenerateEmailPage';

const pageElements: Record<PageIdOf<'generator'>, ReactNode> = {
  userGenerateEmail: <GenerateEmailPage />,
};

/** This remote's pages, at the registry's paths (where the shell mounts it). */
export default function App() {
  return (
    <Routes>
      {pagesOf('generator').map((page) => (
        <Route key={page.id} path={page.path} element={pageElements[page.id]} />
      ))}
    </Routes>
  );
}
