import type {
  AboutSettings,
  BannerSettings,
  ContactSettings,
  FeaturesSettings,
  LegalPageSettings,
  TestimonialSettings,
} from '@coldmail/contracts';
import { Link } from '@coldmail/router';
import { clsx } from 'clsx';
import { useRef, type ReactNode } from 'react';
import { useNearViewport } from '../viewport/useNearViewport';
import styles from './Blocks.module.css';
import { cssUrl } from './cssUrl';
import { YouTubePlayer } from './YouTubePlayer';

/** Text with its line breaks kept (stored text is plain: never HTML). */
function Lines({ text }: { text: string }) {
  const lines = text.split(/\r?\n/);
  return (
    <>
      {lines.map((line, index) => (
        <span key={index}>
          {line}
          {index < lines.length - 1 && <br />}
        </span>
      ))}
    </>
  );
}

/** Plain text as paragraphs: a blank line starts a new one, a single break stays a break. */
function Paragraphs({ text }: { text: string }) {
  return (
    <>
      {text
        .split(/\r?\n\s*\r?\n/)
        .map((paragraph) => paragraph.trim())
        .filter(Boolean)
        .map((paragraph, index) => (
          <p key={index}>
            <Lines text={paragraph} />
          </p>
        ))}
    </>
  );
}

/** A link from content: site paths through the router, http(s) URLs as they are. */
function ContentLink({ to, children }: { to: string; children: ReactNode }) {
  if (!to) return null;
  if (to.startsWith('/')) {
    return (
      <Link className={styles.button} to={to}>
        {children}
      </Link>
    );
  }
  return (
    <a className={styles.button} href={to} rel="noopener noreferrer">
      {children}
    </a>
  );
}

/**
 * An image from content, decorative (the text around it says what matters): lazy and sized so
 * nothing shifts while it loads. Nothing when the admin has not set it.
 */
function ContentImage({
  src,
  className,
  width,
  height,
}: {
  src: string;
  className?: string;
  width: number;
  height: number;
}) {
  if (!src) return null;
  return (
    <img
      className={className}
      src={src}
      alt=""
      aria-hidden="true"
      width={width}
      height={height}
      loading="lazy"
      decoding="async"
    />
  );
}

/**
 * A block's section with the admin's background image, when one is set. The image fills the
 * section behind a solid panel that holds the block's text (around all of it, or where the block
 * puts `styles.backdropPanel` itself when `panel` is false), so the text keeps its contrast
 * whatever the image shows. Below the fold the image loads as the section nears the viewport,
 * not with the first screen.
 */
function BlockSection({
  labelledBy,
  image,
  aboveTheFold = false,
  className = styles.section,
  panel = true,
  children,
}: {
  labelledBy: string;
  image: string;
  aboveTheFold?: boolean;
  className?: string;
  panel?: boolean;
  children: ReactNode;
}) {
  const section = useRef<HTMLElement>(null);
  // Nothing to watch for without an image.
  const near = useNearViewport(section, { margin: '200px', immediately: aboveTheFold || !image });
  return (
    <section
      ref={section}
      className={clsx(className, image && styles.backdrop)}
      style={image && near ? { backgroundImage: cssUrl(image) } : undefined}
      aria-labelledby={labelledBy}
    >
      {image && panel ? <div className={styles.backdropPanel}>{children}</div> : children}
    </section>
  );
}

/** A block's subtitle, after the admin's small title image when one is set. */
function Eyebrow({ text, image }: { text: string; image: string }) {
  if (!text && !image) return null;
  return (
    <p className={styles.eyebrow}>
      <ContentImage src={image} className={styles.titleImage} width={32} height={32} />
      {text}
    </p>
  );
}

export function BannerBlock({ banner }: { banner: BannerSettings }) {
  return (
    <BlockSection
      labelledBy="banner-title"
      image={banner.backgroundImage}
      aboveTheFold
      className={styles.banner}
      panel={false}
    >
      <div className={clsx(styles.bannerText, banner.backgroundImage && styles.backdropPanel)}>
        {banner.subTitle && <p className={styles.eyebrow}>{banner.subTitle}</p>}
        <h1 id="banner-title" className={styles.bannerTitle}>
          {banner.mainTitle}{' '}
          {banner.highlightText && <mark className={styles.highlight}>{banner.highlightText}</mark>}
        </h1>
        {banner.description && (
          <p className={styles.lead}>
            <Lines text={banner.description} />
          </p>
        )}
        {banner.buttonText && <ContentLink to={banner.buttonLink}>{banner.buttonText}</ContentLink>}
      </div>
      <div className={styles.media}>
        <YouTubePlayer
          url={banner.youtubeUrl}
          title={[banner.mainTitle, banner.highlightText].filter(Boolean).join(' ')}
        />
      </div>
    </BlockSection>
  );
}

export function AboutBlock({
  about,
  headingLevel = 2,
}: {
  about: AboutSettings;
  headingLevel?: 1 | 2;
}) {
  const Heading = headingLevel === 1 ? 'h1' : 'h2';
  return (
    <BlockSection labelledBy="about-title" image={about.backgroundImage}>
      <div className={styles.columns}>
        <ContentImage src={about.mainImage} className={styles.sideImage} width={480} height={360} />
        <div>
          <Eyebrow text={about.subtitle} image={about.circleTitleImage} />
          <Heading id="about-title" className={styles.sectionTitle}>
            {about.title}
          </Heading>
          {about.description && (
            <p className={styles.lead}>
              <Lines text={about.description} />
            </p>
          )}
          <ul className={styles.points}>
            {about.features.map((feature, index) => (
              <li key={index}>
                <strong>{feature.title}</strong> {feature.description}
              </li>
            ))}
          </ul>
          {about.buttonText && <ContentLink to={about.buttonLink}>{about.buttonText}</ContentLink>}
        </div>
      </div>
    </BlockSection>
  );
}

export function FeaturesBlock({ features }: { features: FeaturesSettings }) {
  return (
    <BlockSection labelledBy="features-title" image={features.backgroundImage}>
      <Eyebrow text={features.subtitle} image={features.circleTitleImage} />
      <h2 id="features-title" className={styles.sectionTitle}>
        <Lines text={features.title} />
      </h2>
      <ContentImage
        src={features.barShapeImage}
        className={styles.barShape}
        width={160}
        height={16}
      />
      <ContentImage src={features.arrowImage} className={styles.arrow} width={48} height={48} />
      <ol className={styles.steps}>
        {features.steps.map((step, index) => (
          <li key={index} className={styles.step}>
            {step.icon ? (
              <ContentImage src={step.icon} className={styles.stepIcon} width={48} height={48} />
            ) : (
              <span className={styles.stepNumber} aria-hidden="true">
                {index + 1}
              </span>
            )}
            <h3 className={styles.stepTitle}>{step.title}</h3>
            <p>{step.description}</p>
          </li>
        ))}
      </ol>
    </BlockSection>
  );
}

export function TestimonialBlock({ testimonial }: { testimonial: TestimonialSettings }) {
  const faces = testimonial.clientImages.filter(Boolean);
  return (
    <BlockSection labelledBy="testimonial-title" image={testimonial.backgroundImage}>
      <Eyebrow text={testimonial.subtitle} image={testimonial.circleTitleImage} />
      <h2 id="testimonial-title" className={styles.sectionTitle}>
        {testimonial.title}
      </h2>
      {faces.length > 0 && (
        <div className={styles.faces}>
          {faces.map((src, index) => (
            <ContentImage key={index} src={src} className={styles.face} width={56} height={56} />
          ))}
        </div>
      )}
      <div className={styles.quotes}>
        {testimonial.testimonials.map((entry, index) => (
          <figure key={index} className={styles.quote}>
            <ContentImage
              src={testimonial.quoteIcon}
              className={styles.quoteIcon}
              width={40}
              height={40}
            />
            {/* Without the admin's quote icon, typographic quotes mark the quotation. */}
            <blockquote>{testimonial.quoteIcon ? entry.quote : `“${entry.quote}”`}</blockquote>
            <figcaption>
              <strong>{entry.clientName}</strong>
              {entry.clientTitle && <span>, {entry.clientTitle}</span>}
            </figcaption>
          </figure>
        ))}
      </div>
    </BlockSection>
  );
}

/** The contact form's submit label until an admin sets one. */
export const CONTACT_BUTTON_TEXT = 'Send Message';

/**
 * The contact block around the page's form: `children` is given the label for its submit button
 * (the admin's buttonText) and draws the form with it.
 */
export function ContactBlock({
  contact,
  headingLevel = 2,
  children,
}: {
  contact: ContactSettings;
  /** 1 where the block is the page (/contact), 2 among the landing's blocks. */
  headingLevel?: 1 | 2;
  children?: (buttonText: string) => ReactNode;
}) {
  const buttonText = contact.buttonText.trim() || CONTACT_BUTTON_TEXT;
  const Heading = headingLevel === 1 ? 'h1' : 'h2';
  return (
    <BlockSection labelledBy="contact-title" image={contact.backgroundImage}>
      <Eyebrow text={contact.subtitle} image={contact.starImage} />
      <Heading id="contact-title" className={styles.sectionTitle}>
        {contact.title}
      </Heading>
      <div className={styles.columns}>
        <ContentImage
          src={contact.contactImage}
          className={styles.sideImage}
          width={480}
          height={360}
        />
        <div className={styles.formSide}>
          {contact.formTitle && <h3 className={styles.stepTitle}>{contact.formTitle}</h3>}
          {children?.(buttonText)}
        </div>
      </div>
    </BlockSection>
  );
}

/** A legal page (privacy policy, terms, refund policy) as its own page: a document to read. */
export function LegalPageBlock({ page }: { page: LegalPageSettings }) {
  return (
    <article className={styles.legal} aria-labelledby="legal-title">
      <h1 id="legal-title">{page.title}</h1>
      {page.effectiveDate && <p className={styles.legalDate}>Effective {page.effectiveDate}</p>}
      <Paragraphs text={page.intro} />
      {page.sections.map((section, index) => (
        <section key={index}>
          {section.title && <h2>{section.title}</h2>}
          <Paragraphs text={section.body} />
        </section>
      ))}
    </article>
  );
}
