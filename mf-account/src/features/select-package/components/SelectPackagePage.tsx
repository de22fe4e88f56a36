import { api } from '@coldmail/session';
import { Alert, EmptyState, PageHeader, PageLoader } from '@coldmail/ui';
import { useQuery } from '@coldmail/query';
import { PackageCard } from './PackageCard';
import styles from './SelectPackage.module.css';

/** /user/select-package ('Upgrade Package') — choose a package to buy more credits. */
export function SelectPackagePage() {
  const packages = useQuery(api.packages.list.query());
  return (
    <section className={styles.page} data-remote="account" data-page="SelectPackagePage">
      <PageHeader title="Upgrade Package" subtitle="Choose a package to add credits." />
      {packages.isPending ? (
        <PageLoader />
      ) : packages.isError ? (
        <Alert tone="error">Failed to fetch packages</Alert>
      ) : packages.data.length === 0 ? (
        <EmptyState title="No packages available" />
      ) : (
        <div className={styles.grid}>
          {packages.data.map((pkg) => (
            <PackageCard key={pkg._id} pkg={pkg} />
          ))}
        </div>
      )}
    </section>
  );
}
