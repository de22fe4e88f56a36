import { z } from 'zod';
import { echoedFieldsOf } from '../common';
import type { LandingBlockName } from './landing-blocks';

/**
 * The admin-edited content blocks the pages read. Each block's settings are one object; the API
 * answers what an admin saved, or the block's defaults until then. Each block's body accepts
 * every field of its settings (echoedFieldsOf), so a block may be sent back whole as GET answered it.
 */

/** The header logo. Inactive (the default), the site's own logo shows. */
export const navLogoSchema = z.object({
  imageUrl: z.string(),
  altText: z.string(),
  linkUrl: z.string(),
  isActive: z.boolean(),
});
export type NavLogo = z.infer<typeof navLogoSchema>;

/** GET /api/nav-logo: the settings sit at data.data, where the spec's clients read them. */
export const navLogoResponseSchema = z.object({
  success: z.literal(true),
  data: z.object({ data: navLogoSchema }),
});
export type NavLogoResponse = z.infer<typeof navLogoResponseSchema>;

export const footerLinkSchema = z.object({ text: z.string(), url: z.string() });
export type FooterLink = z.infer<typeof footerLinkSchema>;

/** The site footer; hidden unless isActive. copyrightText is HTML (sanitised where shown). */
export const footerSettingsSchema = z.object({
  isActive: z.boolean(),
  backgroundImage: z.string(),
  logo: z.string(),
  description: z.string(),
  companyLinks: z.object({ title: z.string(), links: z.array(footerLinkSchema) }),
  /** The legal pages' links (privacy, terms, refunds), a column of their own. */
  legalLinks: z.object({ title: z.string(), links: z.array(footerLinkSchema) }),
  contactInfo: z.object({ title: z.string(), description: z.string() }),
  socialLinks: z.object({
    facebook: z.string(),
    twitter: z.string(),
    linkedin: z.string(),
    youtube: z.string(),
  }),
  copyrightText: z.string(),
});
export type FooterSettings = z.infer<typeof footerSettingsSchema>;

/** GET /api/footer */
export type FooterResponse = z.infer<ContentResponseSchema<typeof footerSettingsSchema>>;

// ——— Editing the blocks (Admin) ———

const MAX_TEXT = 2000;
/** Spec §9: the testimonial block has six client image slots. */
export const CLIENT_IMAGE_SLOTS = 6;
const text = (max = MAX_TEXT) => z.string().trim().max(max, `At most ${max} characters`);
const required = (label: string, max = 300) =>
  z.string(`${label} is required`).trim().min(1, `${label} is required`).max(max);

/** An image: empty, an http(s) URL, or one of our uploads. */
export const imageUrlSchema = z.union([
  z.literal(''),
  z.url({ protocol: /^https?$/, error: 'Must be an http(s) URL' }),
]);

const SITE_PATH = /^\/(?!\/)[^\s]*$/;
const HTTP_URL = z.url({ protocol: /^https?$/ });

/** A link: empty, a path on this site ('/about'), or an http(s) URL; never javascript: and the like. */
export const linkUrlSchema = z
  .string()
  // One check with one message: a union of the two forms would report only 'Invalid input'.
  .refine(
    (link) => link === '' || SITE_PATH.test(link) || HTTP_URL.safeParse(link).success,
    'Must be a path such as /contact or an http(s) URL',
  );

export const YOUTUBE_URL_MESSAGE = 'Please enter a valid YouTube URL';
export const BANNER_IMAGE_MESSAGE = 'Please enter a valid image URL (jpg, jpeg, png, gif, webp)';
const YOUTUBE_URL =
  /^https?:\/\/(www\.|m\.)?(youtube\.com\/(watch\?(.*&)?v=|embed\/)|youtu\.be\/)[\w-]{6,}/i;
/** The spec's rule (http(s), ending in an image extension), plus our own uploaded images. */
const BANNER_IMAGE =
  /^https?:\/\/\S+(\.(jpe?g|png|gif|webp)(\?\S*)?|\/image-server\/files\/[0-9a-f]{24})$/i;

export const bannerSettingsSchema = z.object({
  subTitle: z.string(),
  mainTitle: z.string(),
  highlightText: z.string(),
  description: z.string(),
  buttonText: z.string(),
  buttonLink: z.string(),
  youtubeUrl: z.string(),
  backgroundImage: z.string(),
  isActive: z.boolean(),
});
export type BannerSettings = z.infer<typeof bannerSettingsSchema>;

export const bannerBodySchema = z.strictObject({
  ...echoedFieldsOf(bannerSettingsSchema),
  subTitle: text(200).default(''),
  mainTitle: required('Main title', 200),
  highlightText: text(200).default(''),
  description: text().default(''),
  buttonText: text(60).default(''),
  buttonLink: linkUrlSchema.default(''),
  youtubeUrl: z
    .union([z.literal(''), z.string().trim().regex(YOUTUBE_URL, YOUTUBE_URL_MESSAGE)])
    .default(''),
  backgroundImage: z
    .union([z.literal(''), z.string().trim().regex(BANNER_IMAGE, BANNER_IMAGE_MESSAGE)])
    .default(''),
  isActive: z.boolean().optional(),
});

export const bannerStatsSchema = z.object({
  isActive: z.boolean(),
  hasYoutubeVideo: z.boolean(),
  hasBackgroundImage: z.boolean(),
  lastUpdated: z.string().nullable(),
});

const step = z.object({ icon: z.string(), title: z.string(), description: z.string() });
export const featuresSettingsSchema = z.object({
  title: z.string(),
  subtitle: z.string(),
  backgroundImage: z.string(),
  circleTitleImage: z.string(),
  arrowImage: z.string(),
  barShapeImage: z.string(),
  steps: z.array(step),
  isActive: z.boolean(),
});
export type FeaturesSettings = z.infer<typeof featuresSettingsSchema>;
export const featuresBodySchema = z.strictObject({
  ...echoedFieldsOf(featuresSettingsSchema),
  title: required('Title'),
  subtitle: text(300).default(''),
  backgroundImage: imageUrlSchema.default(''),
  circleTitleImage: imageUrlSchema.default(''),
  arrowImage: imageUrlSchema.default(''),
  barShapeImage: imageUrlSchema.default(''),
  steps: z
    .array(z.strictObject({ icon: imageUrlSchema, title: text(120), description: text(600) }))
    .max(12)
    .default([]),
  isActive: z.boolean().optional(),
});

const aboutFeature = z.object({ title: z.string(), description: z.string() });
export const aboutSettingsSchema = z.object({
  title: z.string(),
  subtitle: z.string(),
  description: z.string(),
  features: z.array(aboutFeature),
  buttonText: z.string(),
  buttonLink: z.string(),
  backgroundImage: z.string(),
  mainImage: z.string(),
  circleTitleImage: z.string(),
  isActive: z.boolean(),
});
export type AboutSettings = z.infer<typeof aboutSettingsSchema>;
export const aboutBodySchema = z.strictObject({
  ...echoedFieldsOf(aboutSettingsSchema),
  title: required('Title'),
  subtitle: text(300).default(''),
  description: text().default(''),
  features: z
    .array(z.strictObject({ title: text(120), description: text(600) }))
    .max(12)
    .default([]),
  buttonText: text(60).default(''),
  buttonLink: linkUrlSchema.default(''),
  backgroundImage: imageUrlSchema.default(''),
  mainImage: imageUrlSchema.default(''),
  circleTitleImage: imageUrlSchema.default(''),
  isActive: z.boolean().optional(),
});

const testimonial = z.object({
  quote: z.string(),
  clientName: z.string(),
  clientTitle: z.string(),
});
export const testimonialSettingsSchema = z.object({
  title: z.string(),
  subtitle: z.string(),
  backgroundImage: z.string(),
  circleTitleImage: z.string(),
  quoteIcon: z.string(),
  clientImages: z.array(z.string()),
  testimonials: z.array(testimonial),
  isActive: z.boolean(),
});
export type TestimonialSettings = z.infer<typeof testimonialSettingsSchema>;
export const testimonialBodySchema = z.strictObject({
  ...echoedFieldsOf(testimonialSettingsSchema),
  title: required('Title'),
  subtitle: text(300).default(''),
  backgroundImage: imageUrlSchema.default(''),
  circleTitleImage: imageUrlSchema.default(''),
  quoteIcon: imageUrlSchema.default(''),
  clientImages: z.array(imageUrlSchema).max(CLIENT_IMAGE_SLOTS).default([]),
  testimonials: z
    .array(z.strictObject({ quote: text(1000), clientName: text(120), clientTitle: text(120) }))
    .max(20)
    .default([]),
  isActive: z.boolean().optional(),
});

export const contactSettingsSchema = z.object({
  title: z.string(),
  subtitle: z.string(),
  backgroundImage: z.string(),
  starImage: z.string(),
  contactImage: z.string(),
  formTitle: z.string(),
  buttonText: z.string(),
  isActive: z.boolean(),
});
export type ContactSettings = z.infer<typeof contactSettingsSchema>;
export const contactBodySchema = z.strictObject({
  ...echoedFieldsOf(contactSettingsSchema),
  title: required('Title'),
  subtitle: text(300).default(''),
  backgroundImage: imageUrlSchema.default(''),
  starImage: imageUrlSchema.default(''),
  contactImage: imageUrlSchema.default(''),
  formTitle: text(200).default(''),
  buttonText: text(60).default(''),
  isActive: z.boolean().optional(),
});

export const footerBodySchema = z.strictObject({
  ...echoedFieldsOf(footerSettingsSchema),
  backgroundImage: imageUrlSchema.default(''),
  logo: z.string('Logo is required').trim().min(1, 'Logo is required').pipe(imageUrlSchema),
  description: text().default(''),
  contactInfo: z
    .strictObject({ title: text(120), description: text(600) })
    .default({ title: '', description: '' }),
  companyLinks: z
    .strictObject({
      title: text(120),
      links: z.array(z.strictObject({ text: text(60), url: linkUrlSchema })).max(12),
    })
    .default({ title: '', links: [] }),
  // Not in the spec's body: a client that does not send it keeps the links as they are.
  legalLinks: z
    .strictObject({
      title: text(120),
      links: z.array(z.strictObject({ text: text(60), url: linkUrlSchema })).max(12),
    })
    .optional(),
  socialLinks: z
    .strictObject({
      facebook: linkUrlSchema,
      twitter: linkUrlSchema,
      linkedin: linkUrlSchema,
      youtube: linkUrlSchema,
    })
    .default({ facebook: '', twitter: '', linkedin: '', youtube: '' }),
  copyrightText: text(300).default(''),
  isActive: z.boolean().optional(),
});

export const LOGO_IMAGE_REQUIRED_MESSAGE = 'Logo image is required';
/** The spec: imageUrl required (an admin sets an image; only the unsaved default has none). */
export const navLogoBodySchema = z.strictObject({
  ...echoedFieldsOf(navLogoSchema),
  imageUrl: z
    .string(LOGO_IMAGE_REQUIRED_MESSAGE)
    .trim()
    .min(1, LOGO_IMAGE_REQUIRED_MESSAGE)
    .pipe(imageUrlSchema),
  altText: text(120).default(''),
  linkUrl: linkUrlSchema.default('/'),
  isActive: z.boolean().optional(),
});

/**
 * A legal page (privacy policy, terms, refund policy): a title, the date it takes effect, an
 * introduction and titled sections of plain text (a blank line starts a new paragraph).
 */
export const legalPageSettingsSchema = z.object({
  title: z.string(),
  effectiveDate: z.string(),
  intro: z.string(),
  sections: z.array(z.object({ title: z.string(), body: z.string() })),
  isActive: z.boolean(),
});
export type LegalPageSettings = z.infer<typeof legalPageSettingsSchema>;
export const legalPageBodySchema = z.strictObject({
  ...echoedFieldsOf(legalPageSettingsSchema),
  title: required('Title', 120),
  effectiveDate: text(60).default(''),
  intro: text(4000).default(''),
  sections: z
    .array(z.strictObject({ title: text(200), body: text(8000) }))
    .max(40)
    .default([]),
  isActive: z.boolean().optional(),
});

/** What every block's read and write answer: the block as stored now. */
export const contentResponseSchema = <Settings extends z.ZodType>(settings: Settings) =>
  z.object({ success: z.literal(true), message: z.string(), data: settings });
export type ContentResponseSchema<Settings extends z.ZodType> = ReturnType<
  typeof contentResponseSchema<Settings>
>;

/** One landing block's schemas. */
export interface LandingBlockSchemas {
  /** The block as the page shows it (what an admin saved, or its defaults). */
  readonly settings: z.ZodObject;
  /** What an admin may save: the spec's validation, field by field. */
  readonly body: z.ZodType;
  /** How the API's documentation names it ('the banner section'). */
  readonly label: string;
  /** How the admin screens and the audit log name it ('Banner section'). */
  readonly auditLabel: string;
  /** What its handlers answer (the spec's texts). */
  readonly messages: BlockMessages;
  /** What the block shows until an admin saves it; fields an admin never saved come from here. */
  readonly defaults: () => object;
}

/** What a landing block's handlers answer (the spec's texts). */
export interface BlockMessages {
  readonly read: string;
  readonly updated: string;
  readonly reset: string;
  /** What is shown or hidden: 'Banner section' → 'Banner section activated successfully'. */
  readonly toggled: string;
}

/**
 * Each landing block, declared once, by the name in ./landing-blocks.ts (the compiler checks
 * both): its schemas, what it shows until an admin saves it, and how the API names it and
 * answers. The routes, the API's handlers and the editor's typing are derived from here.
 */
export const landingBlockSchemas = {
  banner: {
    settings: bannerSettingsSchema,
    body: bannerBodySchema,
    label: 'the banner section',
    auditLabel: 'Banner section',
    messages: {
      read: 'Banner section retrieved successfully',
      updated: 'Banner section updated successfully!',
      reset: 'Banner section reset to default successfully!',
      toggled: 'Banner section',
    },
    defaults: () => ({
      subTitle: 'AI cold-email templates',
      mainTitle: 'Write cold emails that',
      highlightText: 'get replies',
      description:
        'Tell ColdMail AI who you are writing to and why.\nIn seconds you get a subject line and a 120–200 word email in the tone you choose, ready to personalise and send.',
      buttonText: 'Generate your first email',
      buttonLink: '/user/generate-email',
      youtubeUrl: '',
      backgroundImage: '',
      isActive: true,
    }),
  },
  features: {
    settings: featuresSettingsSchema,
    body: featuresBodySchema,
    label: 'the features section',
    auditLabel: 'Featured section',
    messages: {
      read: 'Features section retrieved successfully',
      updated: 'Features section updated successfully',
      reset: 'Features section reset to default successfully',
      toggled: 'Features section',
    },
    defaults: () => ({
      title: 'From a blank page to a sent email\nin three steps',
      subtitle: 'How it works',
      backgroundImage: '',
      circleTitleImage: '',
      arrowImage: '',
      barShapeImage: '',
      steps: [
        {
          icon: '',
          title: 'Describe the email',
          description:
            'Who it is for, who it is from, the purpose and the details that matter: a product, a mutual contact, a recent post.',
        },
        {
          icon: '',
          title: 'Pick a tone',
          description:
            'Professional, friendly, persuasive or five more. Add your own instructions, or let the generator sharpen your prompt.',
        },
        {
          icon: '',
          title: 'Copy, tweak, send',
          description:
            'Get a subject line and a ready-to-send body. Copy it, download it, or reopen it later from your history.',
        },
      ],
      isActive: true,
    }),
  },
  about: {
    settings: aboutSettingsSchema,
    body: aboutBodySchema,
    label: 'the about section',
    auditLabel: 'About section',
    messages: {
      read: 'About section retrieved successfully',
      updated: 'About section updated successfully',
      reset: 'About section reset to default successfully',
      toggled: 'About section',
    },
    defaults: () => ({
      title: 'Cold outreach without the blank-page dread',
      subtitle: 'About ColdMail AI',
      description:
        'Founders, recruiters and sales teams use ColdMail AI to open conversations with people who do not know them yet. Each template is written for one recipient and one purpose, so it reads like a person wrote it.',
      features: [
        {
          title: 'Personal by design',
          description: 'Every email uses the recipient, the purpose and the details you give it.',
        },
        {
          title: 'Pay as you go',
          description: 'One credit per generated email. Credits come in packages; no subscription.',
        },
        {
          title: 'Your words, faster',
          description: 'Edit anything before you send it. The generator drafts, you decide.',
        },
      ],
      buttonText: 'See the packages',
      buttonLink: '/#packages',
      backgroundImage: '',
      mainImage: '',
      circleTitleImage: '',
      isActive: true,
    }),
  },
  testimonial: {
    settings: testimonialSettingsSchema,
    body: testimonialBodySchema,
    label: 'the testimonial section',
    auditLabel: 'Testimonial section',
    messages: {
      read: 'Testimonial section retrieved successfully',
      updated: 'Testimonial section updated successfully',
      reset: 'Testimonial section reset to default successfully',
      toggled: 'Testimonial section',
    },
    defaults: () => ({
      title: 'What our users say',
      subtitle: 'Testimonials',
      backgroundImage: '',
      circleTitleImage: '',
      quoteIcon: '',
      clientImages: ['', '', '', '', '', ''],
      testimonials: [
        {
          quote:
            'I used to spend an hour on every first email to a prospect. Now I spend five minutes, and more of them answer.',
          clientName: 'Maya R.',
          clientTitle: 'Founder, B2B analytics start-up',
        },
      ],
      isActive: true,
    }),
  },
  contact: {
    settings: contactSettingsSchema,
    body: contactBodySchema,
    label: 'the contact section',
    auditLabel: 'Contact section',
    messages: {
      read: 'Contact section retrieved successfully',
      updated: 'Contact section updated successfully',
      reset: 'Contact section reset to default successfully',
      toggled: 'Contact section',
    },
    defaults: () => ({
      title: 'Questions? We answer within a day',
      subtitle: 'Contact us',
      backgroundImage: '',
      starImage: '',
      contactImage: '',
      formTitle: 'Send us a message',
      buttonText: 'Send Message',
      isActive: true,
    }),
  },
  footer: {
    settings: footerSettingsSchema,
    body: footerBodySchema,
    label: 'the site footer',
    auditLabel: 'Footer',
    messages: {
      read: 'Footer settings retrieved successfully',
      updated: 'Footer updated successfully',
      reset: 'Footer reset to default successfully',
      toggled: 'Footer',
    },
    defaults: () => ({
      isActive: true,
      backgroundImage: '',
      logo: '',
      description:
        'Cold emails that get replies. Describe your offer and who you are writing to, and ColdMail AI drafts the subject line and the email for you to personalise and send: one credit per template.',
      companyLinks: {
        title: 'Company',
        links: [
          { text: 'Home', url: '/' },
          { text: 'About Us', url: '/about' },
          { text: 'Contact', url: '/contact' },
        ],
      },
      legalLinks: {
        title: 'Legal',
        links: [
          { text: 'Privacy Policy', url: '/privacy' },
          { text: 'Terms of Service', url: '/terms' },
          { text: 'Refund Policy', url: '/refund-policy' },
        ],
      },
      contactInfo: {
        title: 'Get in touch',
        description:
          'Questions about credits, orders or your templates? Write to us from the Contact page, or open a support ticket from your dashboard.',
      },
      socialLinks: { facebook: '', twitter: '', linkedin: '', youtube: '' },
      copyrightText: `© ${new Date().getFullYear()} ColdMail AI. All rights reserved.`,
    }),
  },
} as const satisfies { [Name in LandingBlockName]: LandingBlockSchemas };

type LandingBlockTable = typeof landingBlockSchemas;
/** A landing block's settings, by name. */
export type LandingBlockSettings<Name extends LandingBlockName> = z.output<
  LandingBlockTable[Name]['settings']
>;

/** GET /api/landing-content: every block in one read (and the logo); an inactive one is null. */
export const landingContentSchema = z.object({
  ...(Object.fromEntries(
    Object.entries(landingBlockSchemas).map(([name, { settings }]) => [name, settings.nullable()]),
  ) as { [Name in LandingBlockName]: z.ZodNullable<LandingBlockTable[Name]['settings']> }),
  navLogo: navLogoSchema.nullable(),
});
export type LandingContent = z.infer<typeof landingContentSchema>;
