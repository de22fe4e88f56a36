import { z } from 'zod';
import type { LandingBlockName } from './landing-blocks';

/**
 * The admin-edited content blocks the pages read. Each block's settings are one object; the API
 * answers what an admin saved, or the block's defaults until then.
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
  imageUrl: z
    .string(LOGO_IMAGE_REQUIRED_MESSAGE)
    .trim()
    .min(1, LOGO_IMAGE_REQUIRED_MESSAGE)
    .pipe(imageUrlSchema),
  altText: text(120).default(''),
  linkUrl: linkUrlSchema.default('/'),
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
}

/** Each landing block's schemas, by the name in ./landing-blocks.ts (the compiler checks both). */
export const landingBlockSchemas = {
  banner: { settings: bannerSettingsSchema, body: bannerBodySchema, label: 'the banner section' },
  features: {
    settings: featuresSettingsSchema,
    body: featuresBodySchema,
    label: 'the features section',
  },
  about: { settings: aboutSettingsSchema, body: aboutBodySchema, label: 'the about section' },
  testimonial: {
    settings: testimonialSettingsSchema,
    body: testimonialBodySchema,
    label: 'the testimonial section',
  },
  contact: {
    settings: contactSettingsSchema,
    body: contactBodySchema,
    label: 'the contact section',
  },
  footer: { settings: footerSettingsSchema, body: footerBodySchema, label: 'the site footer' },
} as const satisfies Record<LandingBlockName, LandingBlockSchemas>;

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
