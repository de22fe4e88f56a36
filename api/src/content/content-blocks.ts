import { footerSettingsSchema, navLogoSchema } from '@coldmail/contracts';
import type { z } from 'zod';

interface ContentBlock<Schema extends z.ZodType> {
  /** The block's settings as the contract describes them. */
  schema: Schema;
  /** What the block shows until an admin saves it; fields an admin never saved come from here. */
  defaults: () => z.output<Schema>;
}

const block = <Schema extends z.ZodType>(
  schema: Schema,
  defaults: () => z.output<Schema>,
): ContentBlock<Schema> => ({ schema, defaults });

/**
 * Every admin-edited content block, by name (the key it is stored under). Adding a block is one
 * entry here, its schemas in @coldmail/contracts and its handlers in the controller.
 */
export const contentBlocks = {
  navLogo: block(navLogoSchema, () => ({
    imageUrl: '',
    altText: 'ColdMail AI',
    linkUrl: '/',
    isActive: false,
  })),
  footer: block(footerSettingsSchema, () => ({
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
    contactInfo: {
      title: 'Get in touch',
      description:
        'Questions about credits, orders or your templates? Write to us from the Contact page, or open a support ticket from your dashboard.',
    },
    socialLinks: { facebook: '', twitter: '', linkedin: '', youtube: '' },
    copyrightText: `© ${new Date().getFullYear()} ColdMail AI. All rights reserved.`,
  })),
};

export type ContentBlockName = keyof typeof contentBlocks;
export const contentBlockNames = Object.keys(contentBlocks) as ContentBlockName[];
export type ContentSettings<Name extends ContentBlockName> = z.output<
  (typeof contentBlocks)[Name]['schema']
>;
