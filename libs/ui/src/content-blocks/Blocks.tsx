import type {
  AboutSettings,
  BannerSettings,
  ContactSettings,
  FeaturesSettings,
  TestimonialSettings,
} from '@coldmail/contracts';
import { Link } from '@coldmail/router';
import type { ReactNode } from 'react';
import styles from './Blocks.module.css';
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

/** An image from content, lazy and sized so nothing shifts while it loads. */
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
      width={width}
      height={height}
      loading="lazy"
      decoding="async"
    />
  );
}

export function BannerBlock({ banner }: { banner: BannerSettings }) {
  return (
    <section
      className={styles.banner}
      style={
        banner.backgroundImage ? { backgroundImage: `url("${banner.backgroundImage}")` } : undefined
      }
      aria-labelledby="banner-title"
    >
      <div className={styles.bannerText}>
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
        <YouTubePlayer url={banner.youtubeUrl} title={banner.mainTitle} />
      </div>
    </section>
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
    <section className={styles.section} aria-labelledby="about-title">
      <div className={styles.columns}>
        <ContentImage src={about.mainImage} className={styles.sideImage} width={480} height={360} />
        <div>
          {about.subtitle && <p className={styles.eyebrow}>{about.subtitle}</p>}
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
    </section>
  );
}

export function FeaturesBlock({ features }: { features: FeaturesSettings }) {
  return (
    <section className={styles.section} aria-labelledby="features-title">
      {features.subtitle && <p className={styles.eyebrow}>{features.subtitle}</p>}
      <h2 id="features-title" className={styles.sectionTitle}>
        <Lines text={features.title} />
      </h2>
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
    </section>
  );
}

export function TestimonialBlock({ testimonial }: { testimonial: TestimonialSettings }) {
  const faces = testimonial.clientImages.filter(Boolean);
  return (
    <section className={styles.section} aria-labelledby="testimonial-title">
      {testimonial.subtitle && <p className={styles.eyebrow}>{testimonial.subtitle}</p>}
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
            <blockquote>“{entry.quote}”</blockquote>
            <figcaption>
              <strong>{entry.clientName}</strong>
              {entry.clientTitle && <span>, {entry.clientTitle}</span>}
            </figcaption>
          </figure>
        ))}
      </div>
    </section>
  );
}

/** The contact block's heading; the page puts its form inside. */
export function ContactBlock({
  contact,
  children,
}: {
  contact: ContactSettings;
  children?: ReactNode;
}) {
  return (
    <section className={styles.section} aria-labelledby="contact-title">
      {contact.subtitle && <p className={styles.eyebrow}>{contact.subtitle}</p>}
      <h2 id="contact-title" className={styles.sectionTitle}>
        {contact.title}
      </h2>
      <div className={styles.columns}>
        <ContentImage
          src={contact.contactImage}
          className={styles.sideImage}
          width={480}
          height={360}
        />
        <div className={styles.formSide}>
          {contact.formTitle && <h3 className={styles.stepTitle}>{contact.formTitle}</h3>}
          {children}
        </div>
      </div>
    </section>
  );
}
