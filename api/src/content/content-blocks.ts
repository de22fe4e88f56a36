import {
  aboutBodySchema,
  aboutSettingsSchema,
  bannerBodySchema,
  bannerSettingsSchema,
  contactBodySchema,
  contactSettingsSchema,
  featuresBodySchema,
  featuresSettingsSchema,
  footerBodySchema,
  footerSettingsSchema,
  navLogoBodySchema,
  navLogoSchema,
  testimonialBodySchema,
  testimonialSettingsSchema,
  type LandingBlockName,
} from '@coldmail/contracts';
import type { z } from 'zod';

/** What a landing block's handlers answer (the spec's texts). */
export interface BlockMessages {
  read: string;
  updated: string;
  reset: string;
  /** What is shown or hidden: 'Banner section' → 'Banner section activated successfully'. */
  toggled: string;
}

interface ContentBlock<Schema extends z.ZodType, Body extends z.ZodType> {
  /** The block's settings as the contract describes them. */
  schema: Schema;
  /** What an admin may save (the spec's validation). */
  body: Body;
  /** How the admin screens and the audit log name it. */
  label: string;
  /** What the block shows until an admin saves it; fields an admin never saved come from here. */
  defaults: () => z.output<Schema>;
}

const block = <Schema extends z.ZodType, Body extends z.ZodType>(
  schema: Schema,
  body: Body,
  label: string,
  defaults: () => z.output<Schema>,
): ContentBlock<Schema, Body> => ({ schema, body, label, defaults });

/**
 * Each landing block's answers. Its routes come from @coldmail/contracts (landingBlockPaths and
 * landingBlockSchemas), its handlers from landingBlockController.
 */
export const landingBlockMessages: Record<LandingBlockName, BlockMessages> = {
  banner: {
    read: 'Banner section retrieved successfully',
    updated: 'Banner section updated successfully!',
    reset: 'Banner section reset to default successfully!',
    toggled: 'Banner section',
  },
  features: {
    read: 'Features section retrieved successfully',
    updated: 'Features section updated successfully',
    reset: 'Features section reset to default successfully',
    toggled: 'Features section',
  },
  about: {
    read: 'About section retrieved successfully',
    updated: 'About section updated successfully',
    reset: 'About section reset to default successfully',
    toggled: 'About section',
  },
  testimonial: {
    read: 'Testimonial section retrieved successfully',
    updated: 'Testimonial section updated successfully',
    reset: 'Testimonial section reset to default successfully',
    toggled: 'Testimonial section',
  },
  contact: {
    read: 'Contact section retrieved successfully',
    updated: 'Contact section updated successfully',
    reset: 'Contact section reset to default successfully',
    toggled: 'Contact section',
  },
  footer: {
    read: 'Footer settings retrieved successfully',
    updated: 'Footer updated successfully',
    reset: 'Footer reset to default successfully',
    toggled: 'Footer',
  },
};

/**
 * Every admin-edited content block, by name (the key it is stored under): the landing blocks
 * (see libs/contracts/README.md, "Adding a landing block") and the header logo.
 */
export const contentBlocks = {
  navLogo: block(navLogoSchema, navLogoBodySchema, 'Logo', () => ({
    imageUrl: '',
    altText: 'ColdMail AI',
    linkUrl: '/',
    isActive: false,
  })),
  footer: block(footerSettingsSchema, footerBodySchema, 'Footer', () => ({
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
  banner: block(bannerSettingsSchema, bannerBodySchema, 'Banner section', () => ({
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
  })),
  features: block(featuresSettingsSchema, featuresBodySchema, 'Featured section', () => ({
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
  })),
  about: block(aboutSettingsSchema, aboutBodySchema, 'About section', () => ({
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
  })),
  testimonial: block(
    testimonialSettingsSchema,
    testimonialBodySchema,
    'Testimonial section',
    () => ({
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
  ),
  contact: block(contactSettingsSchema, contactBodySchema, 'Contact section', () => ({
    title: 'Questions? We answer within a day',
    subtitle: 'Contact us',
    backgroundImage: '',
    starImage: '',
    contactImage: '',
    formTitle: 'Send us a message',
    buttonText: 'Send Message',
    isActive: true,
  })),
};

export type ContentBlockName = keyof typeof contentBlocks;
export const contentBlockNames = Object.keys(contentBlocks) as ContentBlockName[];
export type ContentSettings<Name extends ContentBlockName> = z.output<
  (typeof contentBlocks)[Name]['schema']
>;
