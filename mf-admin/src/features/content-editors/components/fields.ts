import { CLIENT_IMAGE_SLOTS } from '@coldmail/contracts';

/** How an editor shows one setting. */
export type Field =
  | { key: string; label: string; kind: 'text' | 'textarea' | 'image' | 'link' }
  | {
      key: string;
      label: string;
      kind: 'list';
      /** What one item is called, naming its Add and Remove buttons: 'Add testimonial'. */
      itemLabel: string;
      /** One item's fields; a list of plain strings has a single field with key ''. */
      item: Field[];
      /** What 'Add' appends. */
      empty: unknown;
      /** A fixed number of slots (no Add or Remove), as the spec gives the client images. */
      slots?: number;
      /** How many empty items the list has when the server sends no list (1 unless given). */
      emptyCount?: number;
    }
  | { key: string; label: string; kind: 'group'; fields: Field[] };

const text = (key: string, label: string): Field => ({ key, label, kind: 'text' });
const area = (key: string, label: string): Field => ({ key, label, kind: 'textarea' });
const image = (key: string, label: string): Field => ({ key, label, kind: 'image' });
const link = (key: string, label: string): Field => ({ key, label, kind: 'link' });

export const editorFields = {
  navLogo: [image('imageUrl', 'Logo image'), text('altText', 'Alt text'), link('linkUrl', 'Link')],
  banner: [
    text('subTitle', 'Subtitle'),
    text('mainTitle', 'Main title'),
    text('highlightText', 'Highlighted text'),
    area('description', 'Description'),
    text('buttonText', 'Button text'),
    link('buttonLink', 'Button link'),
    link('youtubeUrl', 'YouTube video URL'),
    image('backgroundImage', 'Background image'),
  ],
  features: [
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
  about: [
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
  testimonial: [
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
  contact: [
    text('title', 'Title'),
    text('subtitle', 'Subtitle'),
    text('formTitle', 'Form title'),
    text('buttonText', 'Button text'),
    image('contactImage', 'Contact image'),
    image('backgroundImage', 'Background image'),
    image('starImage', 'Star image'),
  ],
  footer: [
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
      fields: [
        text('title', 'Title'),
        {
          key: 'links',
          label: 'Links',
          kind: 'list',
          itemLabel: 'link',
          item: [text('text', 'Text'), link('url', 'URL')],
          empty: { text: '', url: '' },
          // The spec: link lists default to three empty links.
          emptyCount: 3,
        },
      ],
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
} satisfies Record<string, Field[]>;

export type EditableBlock = keyof typeof editorFields;

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/**
 * The settings with a list wherever the editor shows one. The spec: when the server sends
 * something else (null, a string), the list's defaults apply: its slots empty (six client
 * images), else its empty items (one testimonial, three company links). A group that is not an
 * object becomes one, so the lists inside it get their defaults too.
 */
export function withListDefaults<Settings extends Record<string, unknown>>(
  fields: readonly Field[],
  settings: Settings,
): Settings {
  const fixed: Record<string, unknown> = { ...settings };
  for (const field of fields) {
    const value = fixed[field.key];
    if (field.kind === 'list' && !Array.isArray(value)) {
      fixed[field.key] = Array.from({ length: field.slots ?? field.emptyCount ?? 1 }, () =>
        structuredClone(field.empty),
      );
    } else if (field.kind === 'group') {
      fixed[field.key] = withListDefaults(field.fields, isRecord(value) ? value : {});
    }
  }
  return fixed as Settings;
}
