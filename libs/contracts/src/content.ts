import { z } from 'zod';

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
export const footerResponseSchema = z.object({
  success: z.literal(true),
  data: footerSettingsSchema,
  message: z.string(),
});
export type FooterResponse = z.infer<typeof footerResponseSchema>;
