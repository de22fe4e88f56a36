import { api } from '@coldmail/session';
import { AboutBlock, Alert, PageLoader } from '@coldmail/ui';
import { useQuery } from '@coldmail/query';

/** /about — the about block as the page's header band. */
export function AboutPage() {
  const content = useQuery(api.content.landing.query());
  return (
    <section data-remote="marketing" data-page="AboutPage">
      {content.isPending ? (
        <PageLoader />
      ) : content.isError ? (
        <Alert tone="error">Failed to fetch about section data</Alert>
      ) : content.data.about ? (
        <AboutBlock about={content.data.about} headingLevel={1} />
      ) : (
        <h1>About Us</h1>
      )}
    </section>
  );
}
