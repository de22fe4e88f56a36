import type { BannerSettings } from '@coldmail/contracts';
import { api } from '@coldmail/session';
import {
  AboutBlock,
  BannerBlock,
  ContactBlock,
  ContactForm,
  FeaturesBlock,
  FooterBlock,
  SiteLogo,
  TestimonialBlock,
  formatDate,
} from '@coldmail/ui';
import { useQuery } from '@coldmail/query';
import { ContentEditor } from './ContentEditor';
import styles from './ContentEditor.module.css';

// Each panel previews with the landing page's own block component.

export const LogoPanel = () => (
  <ContentEditor
    block="navLogo"
    preview={(logo) => (
      // As the header draws it: the image when one is set, the site's own wordmark otherwise.
      <div className={styles.logoPreview}>
        <SiteLogo logo={logo.imageUrl ? logo : null} to="/" />
      </div>
    )}
  />
);

const bannerPreview = (settings: BannerSettings) => <BannerBlock banner={settings} />;

const BANNER_SECTIONS = [
  { title: 'Text content', keys: ['subTitle', 'mainTitle', 'highlightText', 'description'] },
  { title: 'Button', keys: ['buttonText', 'buttonLink'] },
  { title: 'Media', keys: ['youtubeUrl', 'backgroundImage'] },
] as const;

/** The banner's state at a glance, from GET /api/banner-section/stats. */
function BannerStats() {
  const stats = useQuery(api.content.bannerStats.query());
  if (!stats.data) return null;
  const { isActive, hasYoutubeVideo, hasBackgroundImage, lastUpdated } = stats.data.data;
  const entries = [
    ['Status', isActive ? 'Active' : 'Inactive'],
    ['Video', hasYoutubeVideo ? 'YouTube video set' : 'No video'],
    ['Background', hasBackgroundImage ? 'Image set' : 'No image'],
    ['Last updated', lastUpdated ? formatDate(lastUpdated) : 'Never (defaults)'],
  ];
  return (
    <dl className={styles.stats} aria-label="Banner status">
      {entries.map(([term, value]) => (
        <div key={term}>
          <dt>{term}</dt>
          <dd>{value}</dd>
        </div>
      ))}
    </dl>
  );
}

/** Banner Section (the menu's variant): text, button and media groups with the banner's stats. */
export const BannerPanel = () => (
  <ContentEditor
    block="banner"
    sections={BANNER_SECTIONS}
    summary={<BannerStats />}
    preview={bannerPreview}
  />
);

/**
 * The home-banner panel, which the spec keeps out of the menu: the same block as one short form,
 * opened from the admin dashboard's banner tile.
 */
export const HomeBannerPanel = () => <ContentEditor block="banner" preview={bannerPreview} />;

export const FeaturesPanel = () => (
  <ContentEditor block="features" preview={(settings) => <FeaturesBlock features={settings} />} />
);

export const AboutPanel = () => (
  <ContentEditor block="about" preview={(settings) => <AboutBlock about={settings} />} />
);

export const TestimonialPanel = () => (
  <ContentEditor
    block="testimonial"
    preview={(settings) => <TestimonialBlock testimonial={settings} />}
  />
);

export const ContactPanel = () => (
  <ContentEditor
    block="contact"
    preview={(settings) => (
      // The visitors' own form, labelled as the admin sets it; inert here (nothing is sent).
      <ContactBlock contact={settings}>
        {(buttonText) => <ContactForm buttonText={buttonText} />}
      </ContactBlock>
    )}
  />
);

export const FooterPanel = () => (
  <ContentEditor block="footer" preview={(settings) => <FooterBlock footer={settings} />} />
);
