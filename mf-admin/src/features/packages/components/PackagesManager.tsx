import type { CreditPackage } from '@coldmail/contracts';
import { MAX_PACKAGES, featureBulletsOf } from '@coldmail/contracts/package-features';
import { api } from '@coldmail/session';
import {
  Alert,
  Button,
  ConfirmDialog,
  EmptyState,
  PageLoader,
  PricingCard,
  formatMoney,
  toast,
} from '@coldmail/ui';
import { useMutation, useQuery } from '@coldmail/query';
import { lazy, Suspense, useId, useState } from 'react';
import styles from './Packages.module.css';

// The form (and its validation library) loads when an admin adds or edits a package, not with
// the dashboard that lists them.
const PackageFormModal = lazy(async () => ({
  default: (await import('./PackageFormModal')).PackageFormModal,
}));

/** The packages manager: cards with edit and delete, and an add modal, at most three packages. */
export function PackagesManager() {
  const packages = useQuery(api.packages.list.query());
  const [editing, setEditing] = useState<{ pkg: CreditPackage | null } | null>(null);
  const [deleting, setDeleting] = useState<CreditPackage | null>(null);
  const fullHintId = useId();
  const remove = useMutation({
    mutationFn: (pkg: CreditPackage) => api.packages.delete({ params: { id: pkg._id } }),
    onSuccess: (_answer, pkg) => {
      toast.success('Package deleted successfully');
      // The call settles once the lists are fresh, by when another deletion may be asking.
      setDeleting((current) => (current?._id === pkg._id ? null : current));
    },
    onError: (error) => toast.error(`Failed to delete package: ${error.message}`),
  });

  if (packages.isPending) return <PageLoader />;
  if (packages.isError) return <Alert tone="error">Failed to fetch packages</Alert>;
  const full = packages.data.length >= MAX_PACKAGES;
  return (
    <div className={styles.manager}>
      <div className={styles.toolbar}>
        {/* At the limit it refuses, yet stays focusable so the hint saying why is read with it. */}
        <Button
          aria-disabled={full || undefined}
          aria-describedby={full ? fullHintId : undefined}
          onClick={() => {
            if (!full) setEditing({ pkg: null });
          }}
        >
          Add Package
        </Button>
        {full && (
          <span id={fullHintId} className={styles.hint}>
            Maximum 3 packages allowed
          </span>
        )}
      </div>
      {packages.data.length === 0 ? (
        <EmptyState
          title="No packages"
          description="No packages available. Add a new package to get started."
        />
      ) : (
        <div className={styles.cards}>
          {packages.data.map((pkg) => {
            const name = pkg.packageName || 'Package';
            return (
              <PricingCard
                key={pkg._id}
                title={name}
                headingLevel={3}
                price={formatMoney(pkg.price, pkg.currency)}
                iconUrl={pkg.icon}
                details={`${pkg.credit} credits · ${pkg.validity} days`}
                features={featureBulletsOf(pkg)}
                action={
                  <span className={styles.actions}>
                    <Button
                      size="sm"
                      variant="secondary"
                      aria-label={`Edit ${name}`}
                      onClick={() => setEditing({ pkg })}
                    >
                      Edit
                    </Button>
                    <Button
                      size="sm"
                      variant="danger"
                      aria-label={`Delete ${name}`}
                      onClick={() => setDeleting(pkg)}
                    >
                      Delete
                    </Button>
                  </span>
                }
              />
            );
          })}
        </div>
      )}
      {editing && (
        <Suspense fallback={null}>
          <PackageFormModal open pkg={editing.pkg} onClose={() => setEditing(null)} />
        </Suspense>
      )}
      <ConfirmDialog
        open={deleting !== null}
        title="Delete package"
        message={`Delete the package ${deleting?.packageName ?? ''}? Orders already placed keep their details.`}
        confirmLabel="Delete"
        busyLabel="Deleting..."
        tone="danger"
        busy={remove.isPending}
        onConfirm={() => deleting && remove.mutate(deleting)}
        onCancel={() => setDeleting(null)}
      />
    </div>
  );
}
