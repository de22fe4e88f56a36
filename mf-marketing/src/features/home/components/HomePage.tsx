import { pages } from '@coldmail/registry/pages';
import { api } from '@coldmail/session';
import {
  AboutBlock,
  Alert,
  BannerBlock,
  ContactBlock,
  FeaturesBlock,
  Spinner,
  TestimonialBlock,
} from '@coldmail/ui';
import { useQuery } from '@coldmail/query';
import { useDeferredValue, useEffect } from 'react';
import { ContactForm } from '../../../components/ContactForm';
import { PackagesSection } from './PackagesSection';
import styles from './HomePage.module.css';

const DESCRIPTION =
  'Create personalized cold-email templates in seconds with an AI generator: tell it who you are writing to and why, pick a tone, and get a ready-to-send email.';

/**
 * The page's title (the page registry's, which the shell sets too) and description, as the spec
 * gives them, also where this remote runs on its own.
 */
function useDocumentMeta() {
  useEffect(() => {
    document.title = pages.home.title;
    let meta = document.querySelector<HTMLMetaElement>('meta[name="description"]');
    if (!meta) {
      meta = document.createElement('meta');
      meta.name = 'description';
      document.head.append(meta);
    }
    meta.content = DESCRIPTION;
  }, []);
}

/**
 * The landing page: the admin-edited blocks in the spec's order (banner, about, features,
 * packages, testimonials, contact), all from one read. An inactive block is simply absent.
 * Until that read answers, one placeholder fills the first screen and nothing else is drawn:
 * the blocks then arrive together, so nothing already on screen (the footer, the packages) moves.
 */
export function HomePage() {
  useDocumentMeta();
  const content = useQuery(api.content.landing.query());
  // Read alongside the content rather than after it (PackagesSection shares this query).
  useQuery(api.packages.list.query());
  // The blocks are drawn in a deferred render, which React splits into short slices, yielding
  // to the browser between them: neither the first render (the content may be read before this
  // page's code arrives) nor the answer's arrival becomes one long task. Until then (null) the
  // placeholder stays.
  const blocks = useDeferredValue(content.data, null);
  if (content.isPending || (content.data !== undefined && blocks !== content.data)) {
    return (
      <div data-remote="marketing" data-page="HomePage">
        <div className={styles.firstScreen}>
          <Spinner size="lg" srLabel="Loading..." />
        </div>
      </div>
    );
  }
  return (
    <div data-remote="marketing" data-page="HomePage">
      {content.isError ? (
        <div className={styles.error}>
          <Alert tone="error">
            This page's content could not be loaded. Please try again later.
          </Alert>
        </div>
      ) : (
        <>
          {blocks?.banner && <BannerBlock banner={blocks.banner} />}
          {blocks?.about && <AboutBlock about={blocks.about} />}
          {blocks?.features && <FeaturesBlock features={blocks.features} />}
        </>
      )}
      <div id="packages">
        <PackagesSection />
      </div>
      {blocks?.testimonial && <TestimonialBlock testimonial={blocks.testimonial} />}
      {(!blocks || blocks.contact) && (
        <div id="contact">
          {blocks?.contact ? (
            <ContactBlock contact={blocks.contact}>
              {(buttonText) => <ContactForm buttonText={buttonText} />}
            </ContactBlock>
          ) : (
            content.isError && <ContactForm />
          )}
        </div>
      )}
    </div>
  );
}
