import { describe, expect, it } from 'vitest';
import { LOGO_IMAGE_REQUIRED_MESSAGE, navLogoBodySchema } from './content';

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
