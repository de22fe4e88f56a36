import { api } from '@coldmail/session';
import { Alert, Spinner } from '@coldmail/ui';
import { useQuery } from '@coldmail/query';
import { LANDING_PACKAGE_COUNT } from '../utils/landing';
import { PackageCard } from './PackageCard';
import styles from './Packages.module.css';

/** What a new account gets for free, when the store gives anything (TRIAL_CREDITS). */
function TrialOffer() {
  const offer = useQuery(api.credits.trialOffer.query());
  const credits = offer.data?.credits ?? 0;
  if (credits === 0) return null;
  return (
    <p className={styles.trial}>
      New accounts get {credits} free {credits === 1 ? 'credit' : 'credits'} to try the generator.
    </p>
  );
}

/** The home page's pricing block: the first three packages, each with a 'Buy Now' link. */
export function PackagesSection() {
  const packages = useQuery(api.packages.list.query());
  return (
    <section className={styles.section} aria-labelledby="pricing-packages-title">
      <h2 id="pricing-packages-title" className={styles.title}>
        Pricing Packages
      </h2>
      <TrialOffer />
      {packages.isPending ? (
        <div className={styles.center}>
          <Spinner size="lg" srLabel="Loading packages..." />
        </div>
      ) : packages.isError ? (
        <Alert tone="error">Failed to fetch packages</Alert>
      ) : (
        <div className={styles.grid}>
          {packages.data.slice(0, LANDING_PACKAGE_COUNT).map((pkg) => (
            <PackageCard key={pkg._id} pkg={pkg} />
          ))}
        </div>
      )}
    </section>
  );
}
