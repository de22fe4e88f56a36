import type { AuditPage, LandingContent, NavLogo, NavLogoResponse } from '@coldmail/contracts';
import { call, type Persona, signUp, startTestApi, type TestApi, unique } from './support/test-api';

type Envelope<Data> = { success: true; message: string; data: Data };
type ErrorBody = { message: string; fieldErrors?: Record<string, string> };
type Banner = { mainTitle: string; youtubeUrl: string; description: string; isActive: boolean };

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

const putLogo = (json: unknown) =>
  call<Envelope<NavLogo> & ErrorBody>(api, 'PUT', '/api/nav-logo', { token: admin.token, json });
const readLogo = async () =>
  (await call<NavLogoResponse>(api, 'GET', '/api/nav-logo')).body.data.data;

describe('editing the landing content', () => {
  it('only admins write: anonymous 401, a buyer 403, nothing changes', async () => {
    const before = await call<Envelope<Banner>>(api, 'GET', '/api/banner-section');
    expect((await call(api, 'PUT', '/api/banner-section', { json: banner })).status).toBe(401);
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
    expect((await call(api, 'GET', '/api/banner-section')).body).toEqual(before.body);
  });

  it('an admin’s banner edit is what everyone reads next, line breaks kept, and it is audited', async () => {
    const saved = await call<Envelope<Banner>>(api, 'PUT', '/api/banner-section', {
      token: admin.token,
      json: { ...banner, youtubeUrl: 'https://youtu.be/dQw4w9WgXcQ' },
    });
    expect(saved.status).toBe(200);
    expect(saved.body.message).toBe('Banner section updated successfully!');
    const read = await call<Envelope<Banner>>(api, 'GET', '/api/banner-section');
    expect(read.body.data).toMatchObject({ ...banner, isActive: true });
    const landing = await call<LandingContent>(api, 'GET', '/api/landing-content');
    expect(landing.body.banner?.mainTitle).toBe('Cold emails that land');
    const audit = await call<AuditPage>(api, 'GET', '/api/audit-log?action=content.banner.update', {
      token: admin.token,
    });
    expect(audit.body.items[0]).toMatchObject({
      actor: { email: adminEmail },
      after: { mainTitle: 'Cold emails that land' },
    });
  });

  it('checks the spec’s rules, with its messages', async () => {
    const put = (json: unknown) =>
      call<ErrorBody>(api, 'PUT', '/api/banner-section', { token: admin.token, json });
    expect((await put({ mainTitle: ' ' })).body.fieldErrors).toHaveProperty('mainTitle');
    expect((await put({ ...banner, youtubeUrl: 'https://vimeo.com/1' })).body.fieldErrors).toEqual({
      youtubeUrl: 'Please enter a valid YouTube URL',
    });
    expect(
      (await put({ ...banner, backgroundImage: 'https://cdn.test/banner.svg' })).body.fieldErrors,
    ).toEqual({ backgroundImage: 'Please enter a valid image URL (jpg, jpeg, png, gif, webp)' });
    const footer = await call<ErrorBody>(api, 'PUT', '/api/footer', {
      token: admin.token,
      json: { description: 'No logo' },
    });
    expect(footer.body.fieldErrors).toHaveProperty('logo');
    expect((await put({ ...banner, unknown: 1 })).status).toBe(400);
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
    ['missing', undefined],
  ])(
    'refuses a logo whose imageUrl is %s: 400, and the stored logo stays',
    async (_case, imageUrl) => {
      await putLogo(logo);
      const refused = await putLogo({ ...logo, imageUrl, altText: 'Changed' });
      expect(refused.status).toBe(400);
      expect(refused.body.fieldErrors).toEqual({ imageUrl: 'Logo image is required' });
      const stored = await api.db.collection('contentBlocks').findOne({ block: 'navLogo' });
      expect(stored?.settings).toEqual(logo);
      expect(await readLogo()).toEqual(logo);
    },
  );

  it('stores no markup and no script URL: stored values never run in the page', async () => {
    const hostile = await call<ErrorBody>(api, 'PUT', '/api/about-section', {
      token: admin.token,
      json: { title: 'About', buttonText: 'Go', buttonLink: 'javascript:alert(1)' },
    });
    expect(hostile.status).toBe(400);
    const saved = await call<Envelope<{ title: string; description: string }>>(
      api,
      'PUT',
      '/api/about-section',
      {
        token: admin.token,
        json: {
          title: 'About <script>alert(1)</script>us',
          description: '<img src=x onerror=alert(1)>Hi & bye',
        },
      },
    );
    expect(saved.body.data).toMatchObject({ title: 'About us', description: 'Hi & bye' });
  });

  it('toggling hides a block from the landing read; reset restores the defaults at both paths', async () => {
    const toggled = await call<Envelope<{ isActive: boolean }>>(
      api,
      'PATCH',
      '/api/testimonial-section/toggle',
      {
        token: admin.token,
      },
    );
    expect(toggled.body.data.isActive).toBe(false);
    expect(
      (await call<LandingContent>(api, 'GET', '/api/landing-content')).body.testimonial,
    ).toBeNull();
    const reset = await call<Envelope<{ isActive: boolean; title: string }>>(
      api,
      'POST',
      '/api/testimonial-section/reset',
      { token: admin.token },
    );
    expect(reset.body.data).toMatchObject({ isActive: true, title: 'What our users say' });

    await call(api, 'PUT', '/api/about-section', {
      token: admin.token,
      json: { title: 'Changed' },
    });
    for (const path of ['/about-section/reset', '/api/about-section/reset']) {
      const restored = await call<Envelope<{ title: string }>>(api, 'POST', path, {
        token: admin.token,
      });
      expect(restored.status).toBe(200);
      expect(restored.body.data.title).toBe('Cold outreach without the blank-page dread');
    }
  });

  it('public reads revalidate with an ETag: 304 until an admin saves', async () => {
    const first = await call(api, 'GET', '/api/contact-section');
    const etag = first.headers.get('etag') ?? '';
    expect(first.headers.get('cache-control')).toBe('public, max-age=0, must-revalidate');
    const again = await call(api, 'GET', '/api/contact-section', {
      headers: { 'if-none-match': etag },
    });
    expect(again.status).toBe(304);
    expect(again.text).toBe('');
    await call(api, 'PUT', '/api/contact-section', {
      token: admin.token,
      json: { title: 'Write to us' },
    });
    const changed = await call(api, 'GET', '/api/contact-section', {
      headers: { 'if-none-match': etag },
    });
    expect(changed.status).toBe(200);
    expect(changed.headers.get('etag')).not.toBe(etag);
  });

  it('reports the banner’s stats to admins', async () => {
    const stats = await call<{ data: Record<string, unknown> }>(
      api,
      'GET',
      '/api/banner-section/stats',
      {
        token: admin.token,
      },
    );
    expect(stats.body.data).toMatchObject({
      isActive: true,
      hasYoutubeVideo: true,
      hasBackgroundImage: false,
      lastUpdated: expect.any(String),
    });
  });
});

type LegalPage = {
  title: string;
  effectiveDate: string;
  intro: string;
  sections: { title: string; body: string }[];
  isActive: boolean;
};

describe('the legal pages', () => {
  it('each has a public read with the default policy until an admin edits it', async () => {
    for (const [path, title] of [
      ['/api/legal/privacy', 'Privacy Policy'],
      ['/api/legal/terms', 'Terms of Service'],
      ['/api/legal/refund-policy', 'Refund Policy'],
    ] as const) {
      const read = await call<Envelope<LegalPage>>(api, 'GET', path);
      expect(read.status).toBe(200);
      expect(read.body.data).toMatchObject({ title, isActive: true });
      expect(read.body.data.sections.length).toBeGreaterThan(2);
      expect(read.headers.get('etag')).toBeTruthy();
    }
  });

  it('the footer links them by default; the landing read does not carry them', async () => {
    const landing = await call<LandingContent & Record<string, unknown>>(
      api,
      'GET',
      '/api/landing-content',
    );
    expect(landing.body.footer?.legalLinks.links.map((link) => link.url)).toEqual([
      '/privacy',
      '/terms',
      '/refund-policy',
    ]);
    expect(landing.body).not.toHaveProperty('privacy');
    expect(landing.body).not.toHaveProperty('refund');
  });

  it('a footer saved without legal links (the spec’s body) keeps them', async () => {
    const saved = await call<Envelope<{ legalLinks: { links: unknown[] } }>>(
      api,
      'PUT',
      '/api/footer',
      { token: admin.token, json: { logo: 'https://cdn.test/logo.png' } },
    );
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
    const refused = await call(api, 'PUT', '/api/legal/refund-policy', {
      token: buyer.token,
      json: edit,
    });
    expect(refused.status).toBe(403);

    const saved = await call<Envelope<LegalPage>>(api, 'PUT', '/api/legal/refund-policy', {
      token: admin.token,
      json: edit,
    });
    expect(saved.body.message).toBe('Refund policy updated successfully');
    const read = await call<Envelope<LegalPage>>(api, 'GET', '/api/legal/refund-policy');
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

    const hidden = await call<Envelope<LegalPage>>(
      api,
      'PATCH',
      '/api/legal/refund-policy/toggle',
      {
        token: admin.token,
      },
    );
    expect(hidden.body.message).toBe('Refund policy deactivated successfully');
    expect(
      (await call<Envelope<LegalPage>>(api, 'GET', '/api/legal/refund-policy')).body.data.isActive,
    ).toBe(false);

    const reset = await call<Envelope<LegalPage>>(api, 'POST', '/api/legal/refund-policy/reset', {
      token: admin.token,
    });
    expect(reset.body.data).toMatchObject({ title: 'Refund Policy', isActive: true });
    const audit = await call<AuditPage>(api, 'GET', '/api/audit-log?action=content.refund.update', {
      token: admin.token,
    });
    expect(audit.body.items[0]).toMatchObject({ after: { title: 'Refunds' } });
  });
});
