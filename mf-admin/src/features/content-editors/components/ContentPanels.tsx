import type {
  AboutSettings,
  BannerSettings,
  ContactSettings,
  FeaturesSettings,
  FooterSettings,
  NavLogo,
  TestimonialSettings,
} from '@coldmail/contracts';
import {
  AboutBlock,
  BannerBlock,
  ContactBlock,
  FeaturesBlock,
  TestimonialBlock,
} from '@coldmail/ui';
import { ContentEditor } from './ContentEditor';
import styles from './ContentEditor.module.css';

// Each panel previews with the landing page's own block component.

export const LogoPanel = () => (
  <ContentEditor
    block="navLogo"
    preview={(settings) => {
      const logo = settings as unknown as NavLogo;
      return (
        <div className={styles.simplePreview}>
          {logo.imageUrl ? (
            <img src={logo.imageUrl} alt={logo.altText} height={48} />
          ) : (
            <span>No logo image: the site's own logo shows.</span>
          )}
        </div>
      );
    }}
  />
);

export const BannerPanel = () => (
  <ContentEditor
    block="banner"
    preview={(settings) => <BannerBlock banner={settings as unknown as BannerSettings} />}
  />
);

export const FeaturesPanel = () => (
  <ContentEditor
    block="features"
    preview={(settings) => <FeaturesBlock features={settings as unknown as FeaturesSettings} />}
  />
);

export const AboutPanel = () => (
  <ContentEditor
    block="about"
    preview={(settings) => <AboutBlock about={settings as unknown as AboutSettings} />}
  />
);

export const TestimonialPanel = () => (
  <ContentEditor
    block="testimonial"
    preview={(settings) => (
      <TestimonialBlock testimonial={settings as unknown as TestimonialSettings} />
    )}
  />
);

export const ContactPanel = () => (
  <ContentEditor
    block="contact"
    preview={(settings) => (
      <ContactBlock contact={settings as unknown as ContactSettings}>
        <p>The contact form shows here.</p>
      </ContactBlock>
    )}
  />
);

export const FooterPanel = () => (
  <ContentEditor
    block="footer"
    preview={(settings) => {
      const footer = settings as unknown as FooterSettings;
      return (
        <div className={styles.simplePreview}>
          {footer.logo && <img src={footer.logo} alt="" height={40} />}
          <p>{footer.description}</p>
          <strong>{footer.companyLinks.title}</strong>
          <ul>
            {footer.companyLinks.links.map((link, index) => (
              <li key={index}>{link.text}</li>
            ))}
          </ul>
          <small>{footer.copyrightText}</small>
        </div>
      );
    }}
  />
);
