import {
  CLIENT_IMAGE_SLOTS,
  type EditedBlockName,
  type EditedBlockSettings,
  type LegalPageSettings,
  type NavLogo,
} from '@coldmail/contracts';
import {
  AboutBlock,
  BannerBlock,
  ContactBlock,
  ContactForm,
  FeaturesBlock,
  FooterBlock,
  LegalPageBlock,
  SiteLogo,
  TestimonialBlock,
} from '@coldmail/ui';
import type { ReactNode } from 'react';
import { area, image, link, text, type Field } from './fields';
import styles from './ContentEditor.module.css';

export type Action = 'fetch' | 'save' | 'toggle' | 'reset';

/** What the back office edits: every landing block, the legal pages, and the header logo. */
export type EditableBlock = 'navLogo' | EditedBlockName;

/** What an editable block holds: a landing block's or legal page's settings, or the logo. */
export type SettingsOf<Block extends EditableBlock> = Block extends EditedBlockName
  ? EditedBlockSettings<Block>
  : NavLogo;

/**
 * How the back office edits one block. Its calls come from the contract (a landing block's are
 * derived from its name), its panel and menu entry in Settings from here.
 */
export interface BlockEditor<Settings> {
  /** The form's fields, in order. */
  fields: Field[];
  /** The spec's error texts, by action. */
  texts: Record<Action, string>;
  /** Where the spec has its own text for a request that got no answer at all (no HTTP status). */
  unanswered?: Partial<Record<Action, string>>;
  toggleLabels?: [deactivate: string, activate: string];
  /** The field Save needs (the spec: title; the banner's mainTitle, footer logo, logo imageUrl). */
  required?: string;
  /** Milliseconds until a success or error banner goes (the spec: banner 5 s, logo 3 s). */
  clearAfter?: number;
  /** The live preview: the landing page's own component for the block. */
  preview(settings: Settings): ReactNode;
  /**
   * Its panel in Settings, in this table's order; `afterStore`: listed after the store's own
   * settings (Gemini keys, PayPal, packages), as the spec lists the footer.
   */
  menu: { id: string; label: string; afterStore?: boolean };
}

const sectionTexts = (name: string) => ({
  fetch: `Failed to fetch ${name} data`,
  save: `Failed to update ${name} data`,
  toggle: `Failed to toggle ${name} status`,
  reset: `Failed to reset ${name} data`,
});

const SECTION_TOGGLE: [string, string] = ['Deactivate Section', 'Activate Section'];

const linkList = (fields: Field[]): Field => ({
  key: 'links',
  label: 'Links',
  kind: 'list',
  itemLabel: 'link',
  item: fields,
  empty: { text: '', url: '' },
  // The spec: link lists default to three empty links.
  emptyCount: 3,
});

/** A legal page's editor: the same fields for each, its own name and menu entry. */
const legalPageEditor = (
  name: string,
  menu: BlockEditor<LegalPageSettings>['menu'],
): BlockEditor<LegalPageSettings> => ({
  fields: [
    text('title', 'Title'),
    text('effectiveDate', 'Effective date (shown as written)'),
    area('intro', 'Introduction (a blank line starts a new paragraph)'),
    {
      key: 'sections',
      label: 'Sections',
      kind: 'list',
      itemLabel: 'section',
      item: [text('title', 'Heading'), area('body', 'Text (a blank line starts a new paragraph)')],
      empty: { title: '', body: '' },
    },
  ],
  texts: sectionTexts(name),
  toggleLabels: ['Hide Page', 'Show Page'],
  required: 'title',
  preview: (settings) => <LegalPageBlock page={settings} />,
  menu: { ...menu, afterStore: true },
});

/**
 * Every editable block, one entry each (see libs/contracts/README.md, "Adding a landing block"),
 * in the order of the Settings menu.
 */
export const blockEditors: { [Block in EditableBlock]: BlockEditor<SettingsOf<Block>> } = {
  navLogo: {
    fields: [image('imageUrl', 'Logo image'), text('altText', 'Alt text'), link('linkUrl', 'Link')],
    texts: {
      fetch: 'Failed to load logo data',
      save: 'Failed to update logo',
      toggle: '',
      reset: '',
    },
    required: 'imageUrl',
    clearAfter: 3000,
    preview: (logo) => (
      // As the header draws it: the image when one is set, the site's own wordmark otherwise.
      <div className={styles.logoPreview}>
        <SiteLogo logo={logo.imageUrl ? logo : null} to="/" />
      </div>
    ),
    menu: { id: 'logo', label: 'Logo Update' },
  },
  banner: {
    fields: [
      text('subTitle', 'Subtitle'),
      text('mainTitle', 'Main title'),
      text('highlightText', 'Highlighted text'),
      area('description', 'Description'),
      text('buttonText', 'Button text'),
      link('buttonLink', 'Button link'),
      link('youtubeUrl', 'YouTube video URL'),
      image('backgroundImage', 'Background image'),
    ],
    texts: {
      fetch: 'Failed to fetch banner data',
      save: 'Failed to update banner section',
      toggle: 'Failed to toggle banner status',
      reset: 'Failed to reset banner section',
    },
    unanswered: { fetch: 'Failed to connect to server', save: 'Failed to save changes' },
    toggleLabels: SECTION_TOGGLE,
    required: 'mainTitle',
    clearAfter: 5000,
    preview: (settings) => <BannerBlock banner={settings} />,
    menu: { id: 'banner', label: 'Banner Section' },
  },
  features: {
    fields: [
      area('title', 'Title (a line break starts a new line)'),
      text('subtitle', 'Subtitle'),
      image('backgroundImage', 'Background image'),
      image('circleTitleImage', 'Title circle image'),
      image('arrowImage', 'Arrow image'),
      image('barShapeImage', 'Bar shape image'),
      {
        key: 'steps',
        label: 'Steps',
        kind: 'list',
        itemLabel: 'step',
        item: [image('icon', 'Icon'), text('title', 'Title'), area('description', 'Description')],
        empty: { icon: '', title: '', description: '' },
      },
    ],
    texts: sectionTexts('features section'),
    toggleLabels: SECTION_TOGGLE,
    required: 'title',
    preview: (settings) => <FeaturesBlock features={settings} />,
    menu: { id: 'featured', label: 'Featured Section' },
  },
  about: {
    fields: [
      text('title', 'Title'),
      text('subtitle', 'Subtitle'),
      area('description', 'Description'),
      {
        key: 'features',
        label: 'Features',
        kind: 'list',
        itemLabel: 'feature',
        item: [text('title', 'Title'), area('description', 'Description')],
        empty: { title: '', description: '' },
      },
      text('buttonText', 'Button text'),
      link('buttonLink', 'Button link'),
      image('mainImage', 'Main image'),
      image('backgroundImage', 'Background image'),
      image('circleTitleImage', 'Title circle image'),
    ],
    texts: sectionTexts('about section'),
    toggleLabels: SECTION_TOGGLE,
    required: 'title',
    preview: (settings) => <AboutBlock about={settings} />,
    menu: { id: 'about', label: 'About Section' },
  },
  testimonial: {
    fields: [
      text('title', 'Title'),
      text('subtitle', 'Subtitle'),
      image('backgroundImage', 'Background image'),
      image('circleTitleImage', 'Title circle image'),
      image('quoteIcon', 'Quote icon'),
      {
        key: 'clientImages',
        label: 'Client images',
        kind: 'list',
        itemLabel: 'client image',
        item: [image('', 'Image')],
        empty: '',
        slots: CLIENT_IMAGE_SLOTS,
      },
      {
        key: 'testimonials',
        label: 'Testimonials',
        kind: 'list',
        itemLabel: 'testimonial',
        item: [
          area('quote', 'Quote'),
          text('clientName', 'Client name'),
          text('clientTitle', 'Client title'),
        ],
        empty: { quote: '', clientName: '', clientTitle: '' },
      },
    ],
    texts: sectionTexts('testimonial section'),
    toggleLabels: SECTION_TOGGLE,
    required: 'title',
    preview: (settings) => <TestimonialBlock testimonial={settings} />,
    menu: { id: 'testimonial', label: 'Testimonial Section' },
  },
  contact: {
    fields: [
      text('title', 'Title'),
      text('subtitle', 'Subtitle'),
      text('formTitle', 'Form title'),
      text('buttonText', 'Button text'),
      image('contactImage', 'Contact image'),
      image('backgroundImage', 'Background image'),
      image('starImage', 'Star image'),
    ],
    texts: sectionTexts('contact section'),
    toggleLabels: SECTION_TOGGLE,
    required: 'title',
    preview: (settings) => (
      // The visitors' own form, labelled as the admin sets it; inert here (nothing is sent).
      <ContactBlock contact={settings}>
        {(buttonText) => <ContactForm buttonText={buttonText} />}
      </ContactBlock>
    ),
    menu: { id: 'contact', label: 'Contact Page Settings' },
  },
  footer: {
    fields: [
      image('logo', 'Logo'),
      area('description', 'Description'),
      image('backgroundImage', 'Background image'),
      {
        key: 'contactInfo',
        label: 'Contact information',
        kind: 'group',
        fields: [text('title', 'Title'), area('description', 'Description')],
      },
      {
        key: 'companyLinks',
        label: 'Company links',
        kind: 'group',
        fields: [text('title', 'Title'), linkList([text('text', 'Text'), link('url', 'URL')])],
      },
      {
        key: 'legalLinks',
        label: 'Legal links',
        kind: 'group',
        fields: [text('title', 'Title'), linkList([text('text', 'Text'), link('url', 'URL')])],
      },
      {
        key: 'socialLinks',
        label: 'Social links',
        kind: 'group',
        fields: [
          link('facebook', 'Facebook'),
          link('twitter', 'Twitter'),
          link('linkedin', 'LinkedIn'),
          link('youtube', 'YouTube'),
        ],
      },
      text('copyrightText', 'Copyright text'),
    ],
    texts: sectionTexts('footer'),
    toggleLabels: ['Deactivate Footer', 'Activate Footer'],
    required: 'logo',
    preview: (settings) => <FooterBlock footer={settings} />,
    menu: { id: 'footer', label: 'Footer Section', afterStore: true },
  },
  privacy: legalPageEditor('privacy policy', { id: 'privacy', label: 'Privacy Policy' }),
  terms: legalPageEditor('terms of service', { id: 'terms', label: 'Terms of Service' }),
  refund: legalPageEditor('refund policy', { id: 'refund-policy', label: 'Refund Policy' }),
};

/** The editable blocks in the Settings menu's order. */
export const editableBlocks = Object.keys(blockEditors) as EditableBlock[];
