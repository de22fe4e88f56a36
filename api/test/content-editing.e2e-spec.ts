import { contract, type BodyOf, type NavLogo } from '@coldmail/contracts';
import {
  call,
  callEndpoint,
  type Persona,
  signUp,
  startTestApi,
  type TestApi,
  unique,
} from './support/test-api';

type Envelope<Data> = { success: true; message: string; data: Data };
type ErrorBody = { message: string; fieldErrors?: Record<string, string> };
const { content } = contract;

let api: TestApi;
let admin: Persona;
let buyer: Persona;
const adminEmail = `content-admin-${unique()}@coldmail.test`;

beforeAll(async () => {
  api = await startTestApi({ ADMIN_EMAILS: adminEmail });
  admin = await signUp(api, 'admin', { email: adminEmail });
  buyer = await signUp(api, 'buyer');
});
afterAll(() => api.close());

const banner = { mainTitle: 'Cold emails that land', description: 'Line one\nLine two' };
const logo = {
  imageUrl: 'https://cdn.test/logo.png',
  altText: 'Acme',
  linkUrl: '/',
  isActive: true,
};

const putLogo = (body: BodyOf<typeof content.navLogoUpdate>) =>
  callEndpoint(api, content.navLogoUpdate, { token: admin.token, body });
/** A logo the contract does not allow (a missing imageUrl), as it is. */
const putLogoRaw = (json: unknown) =>
  call<Envelope<NavLogo> & ErrorBody>(api, 'PUT', '/api/nav-logo', { token: admin.token, json });
const readLogo = async () => (await callEndpoint(api, content.navLogo, {})).body.data.data;

describe('editing the landing content', () => {
  it('only admins write: anonymous 401, a buyer 403, nothing changes', async () => {
    const before = await callEndpoint(api, content.banner, {});
    expect((await callEndpoint(api, content.bannerUpdate, { body: banner })).status).toBe(401);
    for (const [method, path] of [
      ['PUT', '/api/banner-section'],
      ['PATCH', '/api/banner-section/toggle'],
      ['POST', '/api/banner-section/reset'],
      ['PUT', '/api/footer'],
      ['POST', '/about-section/reset'],
    ] as const) {
      const response = await call(api, method, path, { token: buyer.token, json: banner });
      expect(response.status).toBe(403);
    }
    expect((await callEndpoint(api, content.banner, {})).body).toEqual(before.body);
  });

  it('an admin’s banner edit is what everyone reads next, line breaks kept, and it is audited', async () => {
    const saved = await callEndpoint(api, content.bannerUpdate, {
      token: admin.token,
      body: { ...banner, youtubeUrl: 'https://youtu.be/dQw4w9WgXcQ' },
    });
    expect(saved.status).toBe(200);
    expect(saved.body.message).toBe('Banner section updated successfully!');
    const read = await callEndpoint(api, content.banner, {});
    expect(read.body.data).toMatchObject({ ...banner, isActive: true });
    const landing = await callEndpoint(api, content.landing, {});
    expect(landing.body.banner?.mainTitle).toBe('Cold emails that land');
    const audit = await callEndpoint(api, contract.audit.list, {
      token: admin.token,
      query: { action: 'content.banner.update' },
    });
    expect(audit.body.items[0]).toMatchObject({
      actor: { email: adminEmail },
      after: { mainTitle: 'Cold emails that land' },
    });
  });

  it('checks the spec’s rules, with its messages', async () => {
    const put = (body: BodyOf<typeof content.bannerUpdate>) =>
      callEndpoint(api, content.bannerUpdate, { token: admin.token, body });
    expect((await put({ mainTitle: ' ' })).error?.fieldErrors).toHaveProperty('mainTitle');
    expect(
      (await put({ ...banner, youtubeUrl: 'https://vimeo.com/1' })).error?.fieldErrors,
    ).toEqual({
      youtubeUrl: 'Please enter a valid YouTube URL',
    });
    expect(
      (await put({ ...banner, backgroundImage: 'https://cdn.test/banner.svg' })).error?.fieldErrors,
    ).toEqual({ backgroundImage: 'Please enter a valid image URL (jpg, jpeg, png, gif, webp)' });
    const footer = await call<ErrorBody>(api, 'PUT', '/api/footer', {
      token: admin.token,
      json: { description: 'No logo' },
    });
    expect(footer.body.fieldErrors).toHaveProperty('logo');
    const unknown = await call(api, 'PUT', '/api/banner-section', {
      token: admin.token,
      json: { ...banner, unknown: 1 },
    });
    expect(unknown.status).toBe(400);
  });

  it('an admin’s logo is what everyone reads next, with the spec’s message', async () => {
    const saved = await putLogo(logo);
    expect(saved.status).toBe(200);
    expect(saved.body).toEqual({
      success: true,
      message: 'Logo updated successfully!',
      data: logo,
    });
    expect(await readLogo()).toEqual(logo);
  });

  it.each([
    ['empty', ''],
    ['blank', '   '],
  ])(
    'refuses a logo whose imageUrl is %s: 400, and the stored logo stays',
    async (_case, imageUrl) => {
      await putLogo(logo);
      const refused = await putLogo({ ...logo, imageUrl, altText: 'Changed' });
      expect(refused.status).toBe(400);
      expect(refused.error?.fieldErrors).toEqual({ imageUrl: 'Logo image is required' });
      const stored = await api.db.collection('contentBlocks').findOne({ block: 'navLogo' });
      expect(stored?.settings).toEqual(logo);
      expect(await readLogo()).toEqual(logo);
    },
  );

  it.each([['missing', undefined]])(
    'refuses a logo whose imageUrl is %s: 400, and the stored logo stays',
    async (_case, imageUrl) => {
      await putLogo(logo);
      const refused = await putLogoRaw({ ...logo, imageUrl, altText: 'Changed' });
      expect(refused.status).toBe(400);
      expect(refused.body.fieldErrors).toEqual({ imageUrl: 'Logo image is required' });
      const stored = await api.db.collection('contentBlocks').findOne({ block: 'navLogo' });
      expect(stored?.settings).toEqual(logo);
      expect(await readLogo()).toEqual(logo);
    },
  );

  it('stores no markup and no script URL: stored values never run in the page', async () => {
    const hostile = await callEndpoint(api, content.aboutUpdate, {
      token: admin.token,
      body: { title: 'About', buttonText: 'Go', buttonLink: 'javascript:alert(1)' },
    });
    expect(hostile.status).toBe(400);
    const saved = await callEndpoint(api, content.aboutUpdate, {
      token: admin.token,
      body: {
        title: 'About <script>alert(1)</script>us',
        description: '<img src=x onerror=alert(1)>Hi & bye',
      },
    });
    expect(saved.body.data).toMatchObject({ title: 'About us', description: 'Hi & bye' });
  });

  it('toggling hides a block from the landing read; reset restores the defaults at both paths', async () => {
    const toggled = await callEndpoint(api, content.testimonialToggle, { token: admin.token });
    expect(toggled.body.data.isActive).toBe(false);
    expect((await callEndpoint(api, content.landing, {})).body.testimonial).toBeNull();
    const reset = await callEndpoint(api, content.testimonialReset, { token: admin.token });
    expect(reset.body.data).toMatchObject({ isActive: true, title: 'What our users say' });

    await callEndpoint(api, content.aboutUpdate, {
      token: admin.token,
      body: { title: 'Changed' },
    });
    // At the spec's path (/about-section/reset) and at /api/about-section/reset.
    for (const endpoint of [content.aboutReset, content.aboutResetApi]) {
      const restored = await callEndpoint(api, endpoint, { token: admin.token });
      expect(restored.status).toBe(200);
      expect(restored.body.data.title).toBe('Cold outreach without the blank-page dread');
    }
  });

  it('public reads revalidate with an ETag: 304 until an admin saves', async () => {
    const first = await callEndpoint(api, content.contact, {});
    const etag = first.headers.get('etag') ?? '';
    expect(first.headers.get('cache-control')).toBe('public, max-age=0, must-revalidate');
    const again = await callEndpoint(api, content.contact, {
      headers: { 'if-none-match': etag },
    });
    expect(again.status).toBe(304);
    expect(again.text).toBe('');
    await callEndpoint(api, content.contactUpdate, {
      token: admin.token,
      body: { title: 'Write to us' },
    });
    const changed = await callEndpoint(api, content.contact, {
      headers: { 'if-none-match': etag },
    });
    expect(changed.status).toBe(200);
    expect(changed.headers.get('etag')).not.toBe(etag);
  });

  it('reports the banner’s stats to admins', async () => {
    const stats = await callEndpoint(api, content.bannerStats, { token: admin.token });
    expect(stats.body.data).toMatchObject({
      isActive: true,
      hasYoutubeVideo: true,
      hasBackgroundImage: false,
      lastUpdated: expect.any(String),
    });
  });
});

describe('the legal pages', () => {
  it('each has a public read with the default policy until an admin edits it', async () => {
    for (const [endpoint, title] of [
      [content.privacy, 'Privacy Policy'],
      [content.terms, 'Terms of Service'],
      [content.refund, 'Refund Policy'],
    ] as const) {
      const read = await callEndpoint(api, endpoint, {});
      expect(read.status).toBe(200);
      expect(read.body.data).toMatchObject({ title, isActive: true });
      expect(read.body.data.sections.length).toBeGreaterThan(2);
      expect(read.headers.get('etag')).toBeTruthy();
    }
  });

  it('the footer links them by default; the landing read does not carry them', async () => {
    const landing = await callEndpoint(api, content.landing, {});
    expect(landing.body.footer?.legalLinks.links.map((link) => link.url)).toEqual([
      '/privacy',
      '/terms',
      '/refund-policy',
    ]);
    expect(landing.body).not.toHaveProperty('privacy');
    expect(landing.body).not.toHaveProperty('refund');
  });

  it('a footer saved without legal links (the spec’s body) keeps them', async () => {
    const saved = await callEndpoint(api, content.footerUpdate, {
      token: admin.token,
      body: { logo: 'https://cdn.test/logo.png' },
    });
    expect(saved.status).toBe(200);
    expect(saved.body.data.legalLinks.links).toHaveLength(3);
  });

  it('an admin edits, hides and resets a policy, audited; a buyer cannot', async () => {
    const edit = {
      title: 'Refunds',
      effectiveDate: '1 December 2026',
      intro: 'We refund <b>unused</b> credits.',
      sections: [{ title: 'Within 30 days', body: 'Ask within 30 days.\n\nWe answer fast.' }],
    };
    const refused = await callEndpoint(api, content.refundUpdate, {
      token: buyer.token,
      body: edit,
    });
    expect(refused.status).toBe(403);

    const saved = await callEndpoint(api, content.refundUpdate, {
      token: admin.token,
      body: edit,
    });
    expect(saved.body.message).toBe('Refund policy updated successfully');
    const read = await callEndpoint(api, content.refund, {});
    // Stored as plain text: the markup is gone, the paragraphs stay.
    expect(read.body.data).toMatchObject({
      ...edit,
      intro: 'We refund unused credits.',
      isActive: true,
    });

    const bad = await call<ErrorBody>(api, 'PUT', '/api/legal/refund-policy', {
      token: admin.token,
      json: { title: ' ', sections: 'none' },
    });
    expect(bad.status).toBe(400);
    expect(Object.keys(bad.body.fieldErrors ?? {})).toEqual(
      expect.arrayContaining(['title', 'sections']),
    );

    const hidden = await callEndpoint(api, content.refundToggle, { token: admin.token });
    expect(hidden.body.message).toBe('Refund policy deactivated successfully');
    expect((await callEndpoint(api, content.refund, {})).body.data.isActive).toBe(false);

    const reset = await callEndpoint(api, content.refundReset, { token: admin.token });
    expect(reset.body.data).toMatchObject({ title: 'Refund Policy', isActive: true });
    const audit = await callEndpoint(api, contract.audit.list, {
      token: admin.token,
      query: { action: 'content.refund.update' },
    });
    expect(audit.body.items[0]).toMatchObject({ after: { title: 'Refunds' } });
  });
});
