import { Route, Routes } from '@coldmail/router';
import type { ReactNode } from 'react';

export interface PageRoutesProps<Id extends string> {
  /** The app's pages from the page registry (`pagesOf(owner)`), each at its path. */
  pages: readonly { id: Id; path: string }[];
  /** What each page shows; a remote's entry is usually `lazyPage(...)`. */
  elements: Record<Id, ReactNode>;
}

/** A remote's routes: every page the registry gives it, at the registry's path. */
export function PageRoutes<Id extends string>({ pages, elements }: PageRoutesProps<Id>) {
  return (
    <Routes>
      {pages.map((page) => (
        <Route key={page.id} path={page.path} element={elements[page.id]} />
      ))}
    </Routes>
  );
}
