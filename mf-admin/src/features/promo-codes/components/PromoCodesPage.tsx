import type { PromoCode } from '@coldmail/contracts';
import { Alert, Button, ConfirmDialog, PageHeader, PageLoader, toast } from '@coldmail/ui';
import { lazy, Suspense, useMemo, useState } from 'react';
import { usePromoCodeChanges, usePromoCodes, useProducts } from '../api/promo-codes';
import { PromoCodesTable } from './PromoCodesTable';
import styles from './PromoCodes.module.css';

// The form (and its validation library) loads when an admin adds or edits a code.
const PromoCodeFormModal = lazy(async () => ({
  default: (await import('./PromoCodeFormModal')).PromoCodeFormModal,
}));

/** /admin/promo-codes: the codes buyers may enter at checkout, to add, edit, pause or delete. */
export function PromoCodesPage() {
  const codes = usePromoCodes();
  const { packages, items } = useProducts();
  const changes = usePromoCodeChanges();
  const [editing, setEditing] = useState<{ code: PromoCode | null } | null>(null);
  const [deleting, setDeleting] = useState<PromoCode | null>(null);
  const names = useMemo(
    () =>
      new Map([
        ...(packages.data ?? []).map((pkg) => [pkg._id, pkg.packageName || 'Package'] as const),
        ...(items.data ?? []).map((item) => [item._id, item.name] as const),
      ]),
    [packages.data, items.data],
  );

  const switchPaused = async (code: PromoCode) => {
    const input = { params: { id: code._id } };
    try {
      if (code.paused) await changes.resume.mutateAsync(input);
      else await changes.pause.mutateAsync(input);
      toast.success(`Promo code ${code.code} ${code.paused ? 'resumed' : 'paused'}`);
    } catch (error) {
      const action = code.paused ? 'resume' : 'pause';
      toast.error(`Failed to ${action} promo code: ${(error as Error).message}`);
    }
  };

  const confirmDelete = async (code: PromoCode) => {
    try {
      await changes.remove.mutateAsync({ params: { id: code._id } });
      toast.success('Promo code deleted successfully');
    } catch (error) {
      toast.error(`Failed to delete promo code: ${(error as Error).message}`);
    }
    // The call settles once the list is fresh, by when another deletion may be asking.
    setDeleting((current) => (current?._id === code._id ? null : current));
  };

  const switching = changes.pause.isPending
    ? changes.pause.variables.params.id
    : changes.resume.isPending
      ? changes.resume.variables.params.id
      : null;

  let content;
  if (codes.isPending) content = <PageLoader />;
  else if (codes.isError) content = <Alert tone="error">Failed to fetch promo codes</Alert>;
  else {
    content = (
      <PromoCodesTable
        codes={codes.data}
        names={names}
        switchingId={switching}
        onEdit={(code) => setEditing({ code })}
        onSwitch={(code) => void switchPaused(code)}
        onDelete={setDeleting}
      />
    );
  }

  return (
    <section className={styles.page} data-remote="admin" data-page="PromoCodesPage">
      <PageHeader
        title="Promo Codes"
        actions={<Button onClick={() => setEditing({ code: null })}>Add Promo Code</Button>}
      />
      {content}
      {editing && (
        <Suspense fallback={null}>
          <PromoCodeFormModal code={editing.code} onClose={() => setEditing(null)} />
        </Suspense>
      )}
      <ConfirmDialog
        open={deleting !== null}
        title="Delete promo code"
        message={`Delete the promo code ${deleting?.code ?? ''}? Orders placed with it keep their discount.`}
        confirmLabel="Delete"
        busyLabel="Deleting..."
        busy={changes.remove.isPending}
        onConfirm={() => deleting && void confirmDelete(deleting)}
        onCancel={() => setDeleting(null)}
      />
    </section>
  );
}
