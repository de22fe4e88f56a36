import { EmptyState } from '@coldmail/ui';

/** A menu entry whose editor is not built yet says so, instead of a blank panel. */
export function ComingPanel({ what }: { what: string }) {
  return (
    <EmptyState
      title="Not available yet"
      description={`${what} comes with the landing-page content editors. Until then the landing page shows its built-in content.`}
    />
  );
}
