import { describe, expect, it } from 'vitest';
import {
  CLIENT_IMAGE_SLOTS,
  LOGO_IMAGE_REQUIRED_MESSAGE,
  linkUrlSchema,
  navLogoBodySchema,
  testimonialBodySchema,
} from './schemas';
import { editedBlockSchemas } from './legal-pages';
import { legalPagePaths } from './landing-blocks';

describe('navLogoBodySchema', () => {
  it('takes a logo image URL, with the alt text and link defaults', () => {
    expect(navLogoBodySchema.parse({ imageUrl: ' https://cdn.test/logo.png ' })).toEqual({
      imageUrl: 'https://cdn.test/logo.png',
      altText: '',
      linkUrl: '/',
    });
  });

  it.each([
    ['empty', { imageUrl: '' }],
    ['blank', { imageUrl: '   ' }],
    ['missing', {}],
  ])("refuses an %s imageUrl: the spec's logo needs an image", (_case, body) => {
    const result = navLogoBodySchema.safeParse({ altText: 'Acme', ...body });
    expect(result.error?.issues).toEqual([
      expect.objectContaining({ path: ['imageUrl'], message: LOGO_IMAGE_REQUIRED_MESSAGE }),
    ]);
  });

  it('refuses an image URL that is not http(s)', () => {
    expect(navLogoBodySchema.safeParse({ imageUrl: 'javascript:alert(1)' }).success).toBe(false);
  });
});

describe('testimonialBodySchema', () => {
  const testimonial = (clientImages: string[]) => ({
    title: 'What our users say',
    clientImages,
    testimonials: [{ quote: 'Five minutes, not an hour.', clientName: 'Maya R.', clientTitle: '' }],
  });

  it("takes the spec's six client image slots, empty ones included, and no more", () => {
    const six = Array.from({ length: CLIENT_IMAGE_SLOTS }, (_, index) =>
      index === 0 ? 'https://cdn.test/a.png' : '',
    );
    expect(testimonialBodySchema.parse(testimonial(six)).clientImages).toEqual(six);
    expect(testimonialBodySchema.safeParse(testimonial([...six, ''])).success).toBe(false);
  });
});

describe('links in content', () => {
  it.each(['', '/contact', '/#packages', 'https://example.com/pricing'])('accept %j', (link) => {
    expect(linkUrlSchema.safeParse(link).success).toBe(true);
  });

  it.each(['javascript:alert(1)', '//evil.test', 'ftp://files.test', 'contact us'])(
    'refuse %j, saying what a link may be',
    (link) => {
      expect(linkUrlSchema.safeParse(link).error?.issues).toEqual([
        expect.objectContaining({ message: 'Must be a path such as /contact or an http(s) URL' }),
      ]);
    },
  );
});

describe('each landing block’s defaults', () => {
  it.each(Object.entries(editedBlockSchemas))(
    '%s: are what its settings describe',
    (_name, { settings, defaults }) => {
      expect(settings.safeParse(defaults()).error).toBeUndefined();
    },
  );
});

describe('the legal pages', () => {
  it.each(Object.entries(editedBlockSchemas).filter(([name]) => name in legalPagePaths))(
    '%s: what the default says is also a body an admin may save (reset then edit works)',
    (_name, { body, defaults }) => {
      const { isActive: _shown, ...saved } = defaults() as { isActive: boolean };
      expect(body.safeParse(saved).error).toBeUndefined();
    },
  );
});
