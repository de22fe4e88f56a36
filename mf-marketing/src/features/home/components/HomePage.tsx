import { pages } from '@coldmail/registry/pages';
import { api } from '@coldmail/session';
import {
  AboutBlock,
  Alert,
  BannerBlock,
  ContactBlock,
  FeaturesBlock,
  TestimonialBlock,
} from '@coldmail/ui';
import { useQuery } from '@coldmail/query';
import { useEffect } from 'react';
import { ContactForm } from '../../../components/ContactForm';
import { SITE_DESCRIPTION } from '../utils/landing';
import { landingFailed, useLandingBlock, useLandingRead } from '../hooks/useLandingBlock';
import { PackagesSection } from './PackagesSection';
import styles from './HomePage.module.css';

/**
 * The page's title (the page registry's, which the shell sets too) and description, as the spec
 * gives them, also where this remote runs on its own.
 */
function useDocumentMeta(owned: boolean) {
  useEffect(() => {
    if (!owned) return;
    document.title = pages.home.title;
    let meta = document.querySelector<HTMLMetaElement>('meta[name="description"]');
    if (!meta) {
      meta = document.createElement('meta');
      meta.name = 'description';
      document.head.append(meta);
    }
    meta.content = SITE_DESCRIPTION;
  }, [owned]);
}

/** A block's failure, in the spec's words: 'Error: Failed to fetch banner data'. */
function BlockError({ text }: { text: string }) {
  return (
    <div className={styles.error}>
      <Alert tone="error">Error: {text}</Alert>
    </div>
  );
}

/** Contact and testimonials say they are loading; banner, about and features show nothing. */
function BlockLoading() {
  return <p className={styles.loading}>Loading...</p>;
}

function Banner() {
  const state = useLandingBlock('banner');
  if (state.status === 'error') return <BlockError text={state.text} />;
  return state.status === 'loaded' && state.block ? <BannerBlock banner={state.block} /> : null;
}

function About() {
  const state = useLandingBlock('about');
  if (state.status === 'error') return <BlockError text={state.text} />;
  return state.status === 'loaded' && state.block ? <AboutBlock about={state.block} /> : null;
}

function Features() {
  const state = useLandingBlock('features');
  if (state.status === 'error') return <BlockError text={state.text} />;
  return state.status === 'loaded' && state.block ? <FeaturesBlock features={state.block} /> : null;
}

function Testimonials() {
  const state = useLandingBlock('testimonial');
  if (state.status === 'loading') return <BlockLoading />;
  if (state.status === 'error') return <BlockError text={state.text} />;
  return state.block ? <TestimonialBlock testimonial={state.block} /> : null;
}

/** The contact block; when it cannot be read, the form still shows under the error. */
function Contact() {
  const state = useLandingBlock('contact');
  if (state.status === 'loading') return <BlockLoading />;
  if (state.status === 'error') {
    return (
      <div id="contact">
        <BlockError text={state.text} />
        <ContactForm />
      </div>
    );
  }
  return state.block ? (
    <div id="contact">
      <ContactBlock contact={state.block}>
        {(buttonText) => <ContactForm buttonText={buttonText} />}
      </ContactBlock>
    </div>
  ) : null;
}

/**
 * The landing page: the admin-edited blocks in the spec's order (banner, about, features,
 * packages, testimonials, contact), from one read. Each block has the spec's own states: banner,
 * about and features show nothing while loading, testimonials and contact a loading text, the
 * packages a spinner; when the one read fails, each block is read on its own and fails on its
 * own ('Error: Failed to fetch banner data'), so one block's failure never blanks the page. An
 * inactive block is simply absent. Below /about's band (`ownsDocumentMeta` false) the page's
 * title and description stay that page's.
 */
export function HomePage({ ownsDocumentMeta = true }: { ownsDocumentMeta?: boolean } = {}) {
  useDocumentMeta(ownsDocumentMeta);
  const landing = useLandingRead();
  // Read alongside the content rather than after it (PackagesSection shares this query).
  useQuery(api.packages.list.query());
  return (
    <div data-remote="marketing" data-page="HomePage">
      {landing.data === undefined && !landingFailed(landing) ? (
        // Nothing is drawn while the first blocks load, but their screen is kept, so the
        // packages and the footer below do not move when the blocks arrive.
        <div className={styles.firstScreen} />
      ) : (
        <>
          <Banner />
          <About />
          <Features />
        </>
      )}
      <div id="packages">
        <PackagesSection />
      </div>
      <Testimonials />
      <Contact />
    </div>
  );
}
