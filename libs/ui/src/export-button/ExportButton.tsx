import { useState } from 'react';
import { Button } from '../button/Button';
import { toast } from '../toast/toast';

export interface ExportButtonProps {
  /** Downloads the export (the list's search, sort and filters, every row); rejects on failure. */
  onExport: () => Promise<void>;
}

/** A table's Export button: downloads what the table selects as CSV, busy while it does. */
export function ExportButton({ onExport }: ExportButtonProps) {
  const [busy, setBusy] = useState(false);
  const run = async () => {
    setBusy(true);
    try {
      await onExport();
    } catch (error) {
      toast.error(`Export failed: ${error instanceof Error ? error.message : String(error)}`);
    } finally {
      setBusy(false);
    }
  };
  return (
    <Button variant="secondary" onClick={() => void run()} disabled={busy}>
      {busy ? 'Exporting…' : 'Export CSV'}
    </Button>
  );
}
