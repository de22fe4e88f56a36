import { contract } from '@coldmail/contracts';
import { callEndpoint, startTestApi, type TestApi } from './support/test-api';

let api: TestApi;

const blocks = () => api.db.collection('contentBlocks');

beforeAll(async () => {
  api = await startTestApi();
});

afterAll(async () => {
  await api?.close();
});

beforeEach(async () => {
  await blocks().deleteMany({});
});

describe('GET /api/nav-logo', () => {
  it('answers without sign-in, inactive until an admin sets a logo', async () => {
    const response = await callEndpoint(api, contract.content.navLogo, {});
    expect(response.status).toBe(200);
    expect(response.body).toEqual({
      success: true,
      data: { data: { imageUrl: '', altText: 'ColdMail AI', linkUrl: '/', isActive: false } },
    });
  });

  it('answers the saved logo at data.data', async () => {
    const logo = {
      imageUrl: 'https://cdn.test/logo.png',
      altText: 'Acme',
      linkUrl: '/',
      isActive: true,
    };
    await blocks().insertOne({ block: 'navLogo', settings: logo });
    // Reads are cached in memory: an API started on this database reads what is stored.
    const fresh = await startTestApi({}, { sameDatabaseAs: api });
    try {
      const response = await callEndpoint(fresh, contract.content.navLogo, {});
      expect(response.body.data.data).toEqual(logo);
    } finally {
      await fresh.close();
    }
  });
});

describe('GET /api/footer', () => {
  it('answers without sign-in: active, with the three company links', async () => {
    const response = await callEndpoint(api, contract.content.footer, {});
    expect(response.status).toBe(200);
    expect(response.body).toMatchObject({ success: true, message: expect.any(String) });
    const footer = response.body.data;
    expect(footer.isActive).toBe(true);
    expect(footer.companyLinks.links).toEqual([
      { text: 'Home', url: '/' },
      { text: 'About Us', url: '/about' },
      { text: 'Contact', url: '/contact' },
    ]);
    expect(footer.description).toMatch(/cold email/i);
    expect(footer.copyrightText).toContain('ColdMail AI');
  });

  it('answers what was saved, the defaults for fields never saved, and nothing else', async () => {
    await blocks().insertOne({
      block: 'footer',
      settings: {
        isActive: false,
        description: 'Saved description',
        socialLinks: { facebook: 'https://fb.test/x', twitter: '', linkedin: '', youtube: '' },
        internalNote: 'not for visitors',
      },
    });
    const fresh = await startTestApi({}, { sameDatabaseAs: api });
    const response = await callEndpoint(fresh, contract.content.footer, {});
    await fresh.close();
    expect(response.status).toBe(200);
    expect(response.body.data).toMatchObject({
      isActive: false,
      description: 'Saved description',
      socialLinks: { facebook: 'https://fb.test/x', twitter: '', linkedin: '', youtube: '' },
      companyLinks: { title: 'Company' },
    });
    expect(response.text).not.toContain('internalNote');
  });
});

describe('the public reads, kept and asked again by browsers and the page renderer', () => {
  it('answer with an ETag to revalidate; an unchanged answer is a 304 with no body, a changed one the new answer', async () => {
    const first = await callEndpoint(api, contract.packages.list, {});
    const etag = first.headers.get('etag');
    expect(etag).toMatch(/^W\/".+"$/);
    expect(first.headers.get('cache-control')).toBe('public, max-age=0, must-revalidate');

    const again = await callEndpoint(api, contract.packages.list, {
      headers: { 'if-none-match': etag! },
    });
    expect(again.status).toBe(304);
    expect(again.text).toBe('');

    // A package added, as another instance sees it: the answer and its ETag change.
    const now = new Date();
    await api.db.collection('packages').insertOne({
      packageName: 'Etag Pack',
      price: 19,
      credit: 40,
      validity: 30,
      slot: 1,
      createdAt: now,
      updatedAt: now,
    });
    const fresh = await startTestApi({}, { sameDatabaseAs: api });
    try {
      const changed = await callEndpoint(fresh, contract.packages.list, {
        headers: { 'if-none-match': etag! },
      });
      expect(changed.status).toBe(200);
      expect(changed.body.map((pkg) => pkg.packageName)).toContain('Etag Pack');
      expect(changed.headers.get('etag')).not.toBe(etag);
    } finally {
      await api.db.collection('packages').deleteMany({ packageName: 'Etag Pack' });
      await fresh.close();
    }
  });

  it('show a block saved where this instance did not hear of it within 5 s, as the packages do', async () => {
    const before = await callEndpoint(api, contract.content.footer, {});
    expect(before.body.data.description).not.toBe('Saved elsewhere');
    // Saved by another instance whose word of it never arrived here.
    await blocks().insertOne({
      block: 'footer',
      settings: { isActive: true, description: 'Saved elsewhere' },
    });
    const kept = await callEndpoint(api, contract.content.footer, {});
    expect(kept.body.data.description).not.toBe('Saved elsewhere');
    const later = Date.now() + 5_000;
    const clock = jest.spyOn(Date, 'now').mockReturnValue(later);
    try {
      const after = await callEndpoint(api, contract.content.footer, {});
      expect(after.body.data.description).toBe('Saved elsewhere');
    } finally {
      clock.mockRestore();
    }
  });

  it("leave out what a caller's identity changes, and the probes", async () => {
    expect((await callEndpoint(api, contract.items.list, {})).headers.get('etag')).toBeNull();
    expect((await callEndpoint(api, contract.health.live, {})).headers.get('etag')).toBeNull();
  });
});
