import { describe, expect, it } from 'vitest';
import { remoteNames } from './apps.mjs';
import {
  navOf,
  pageForPath,
  pageList,
  pages,
  pagesOf,
  paths,
  readRoutesDocument,
  remotePathPatterns,
  routesDocumentOf,
  withPublishedEntries,
} from './pages.mjs';

/** A concrete URL of a page: its link with every parameter set to 'x1'. */
function sampleUrl(id: keyof typeof paths): string {
  const link: string | ((...params: string[]) => string) = paths[id];
  return typeof link === 'string' ? link : link('x1', 'x1');
}

describe('remotePathPatterns', () => {
  it('finds the same remote as pageForPath for every page, and none for the shell’s own', () => {
    const ownerOf = (url: string) =>
      remotePathPatterns().find(([source]) => new RegExp(source, 'i').test(url))?.[1];
    for (const page of pageList.filter((entry) => entry.path !== '*')) {
      const url = sampleUrl(page.id as keyof typeof paths);
      expect(ownerOf(url), url).toBe(page.owner === 'shell' ? undefined : page.owner);
    }
    expect(ownerOf('/no-such-page')).toBeUndefined();
  });
});

describe('pageForPath', () => {
  it('finds the page at a path, parameters, trailing slashes and case included', () => {
    expect(pageForPath('/')?.owner).toBe('marketing');
    expect(pageForPath('/premium/cold-pack/abc123')?.id).toBe('premiumItem');
    expect(pageForPath('/pay-now/ORDER123')).toMatchObject({
      owner: 'checkout',
      area: 'signed-in',
    });
    expect(pageForPath('/user/pending-payment')?.id).toBe('userPendingPayment');
    expect(pageForPath('/user/Generate-Email/')?.owner).toBe('generator');
    expect(pageForPath('/admin/settings')).toMatchObject({ owner: 'admin', area: 'admin' });
    expect(pageForPath('/forgot-password')?.owner).toBe('shell');
  });

  it('knows no page at an unknown or partial path (the catch-all does not count)', () => {
    expect(pageForPath('/buy')).toBeNull();
    expect(pageForPath('/buy/p1/extra')).toBeNull();
    expect(pageForPath('/user/release-notes')).toBeNull();
  });

  it('sends every link to its own page and to no other', () => {
    for (const id of Object.keys(paths) as (keyof typeof paths)[]) {
      expect(pageForPath(sampleUrl(id))?.id, id).toBe(id);
    }
  });
});

describe('pages', () => {
  it('belong to the shell or to a remote of the app registry', () => {
    const owners = new Set(pageList.map((page) => page.owner));
    expect([...owners].sort()).toEqual(['shell', ...remoteNames].sort());
  });

  it('sit in the user area under /user/ and in the back office under /admin/ (the shell drops the site header there)', () => {
    for (const page of pageList) {
      const prefix = page.path.split('/')[1];
      if (page.area === 'user') expect(prefix, page.id).toBe('user');
      else if (page.area === 'admin') expect(prefix, page.id).toBe('admin');
      else expect(['user', 'admin'], page.id).not.toContain(prefix);
    }
  });

  it('each have a title of their own words, for the document title the shell sets', () => {
    for (const page of pageList) {
      expect(page.title, page.id).toMatch(/^\S.*\S$/);
      expect(page.title, page.id).not.toMatch(/ColdMail/);
    }
    // Told apart by their titles.
    const titles = pageList.map((page) => page.title);
    expect(new Set(titles).size).toBe(titles.length);
  });

  it('are listed per app for its routes', () => {
    expect(pagesOf('generator')).toEqual([{ id: 'userGenerateEmail', ...pages.userGenerateEmail }]);
    expect(pagesOf('shell').map((page) => page.id)).toEqual([
      'login',
      'register',
      'resetPassword',
      'forgotPassword',
      'notFound',
    ]);
  });
});

describe('paths', () => {
  it('builds the links the screens use, parameters escaped', () => {
    expect(paths.buy('66a1')).toBe('/buy/66a1');
    expect(paths.itemPayNow('o-1')).toBe('/item-pay-now/o-1');
    expect(paths.premiumItem('cold email', 'a/b')).toBe('/premium/cold%20email/a%2Fb');
    expect(paths.userPackagePendingPayment).toBe('/user/package-pending-payment/');
    expect(paths.userDashboard).toBe('/user/dashboard');
  });
});

describe('sidebars', () => {
  it('list the spec’s links in its order, the back office last and for admins only', () => {
    expect(navOf('user').map(({ to, label }) => `${label} ${to}`)).toEqual([
      'Dashboard /user/dashboard',
      'AI Email Template Generator /user/generate-email',
      'Upgrade Package /user/select-package',
      'Support /user/support',
      'Pending Payment /user/pending-payment/',
      'Subscription History /user/subscription-history',
      'Privacy & data /user/privacy',
      'Admin Dashboard /admin/dashboard',
    ]);
    expect(navOf('user').filter((entry) => entry.adminOnly || entry.newTab)).toEqual([
      expect.objectContaining({ label: 'Admin Dashboard', adminOnly: true, newTab: true }),
    ]);
    expect(navOf('admin').map(({ to, label }) => `${label} ${to}`)).toEqual([
      'Dashboard /admin/dashboard',
      'Total Orders /admin/orders',
      'Total Users /admin/users',
      'Support Messages /admin/support-messages',
      'Settings /admin/settings',
      // Beyond the spec: the promo codes, and the audit log of every admin change.
      'Promo Codes /admin/promo-codes',
      'Audit Log /admin/audit-log',
    ]);
  });

  it('keep an entry highlighted on the pages reached from it', () => {
    const activeOn = Object.fromEntries(
      navOf('admin').map(({ label, activeOn }) => [label, activeOn]),
    );
    expect(activeOn['Total Orders']).toEqual(['/admin/items-orders']);
    expect(activeOn['Settings']).toEqual(['/admin/packages']);
    expect(activeOn['Dashboard']).toEqual([]);
  });
});

describe('routes documents', () => {
  it('carry a remote’s pages to the shell as published', () => {
    const published = JSON.parse(JSON.stringify(routesDocumentOf('checkout')));
    const read = readRoutesDocument('checkout', published);
    expect(read.map(({ menu: _menu, ...page }) => page)).toEqual(
      pagesOf('checkout').map(({ id, path, title, area }) => ({
        id,
        path,
        title,
        area,
        owner: 'checkout',
      })),
    );
    // A page the user sidebar lists publishes its entry, with the entry it follows.
    expect(read.find((page) => page.id === 'userPendingPayment')?.menu).toEqual({
      menu: 'user',
      label: 'Pending Payment',
      icon: 'pending',
      after: 'userSupport',
    });
    expect(read.find((page) => page.id === 'buy')?.menu).toBeUndefined();
  });

  it('let a shell list a page published after it was built, in place in its sidebar', () => {
    const userLinks = navOf('user');
    const published = [
      {
        id: 'userReleaseNotes',
        path: '/user/release-notes',
        menu: {
          menu: 'user' as const,
          label: 'Release notes',
          icon: 'history',
          after: 'userSupport',
        },
      },
      {
        id: 'userReferrals',
        path: '/user/referrals',
        menu: { menu: 'user' as const, label: 'Referrals', icon: 'users', after: 'nowhere' },
      },
      // Known already, or in another sidebar: not listed again.
      {
        id: 'userSupport',
        path: '/user/support',
        menu: { menu: 'user' as const, label: 'Support', icon: 'support', after: null },
      },
      {
        id: 'adminX',
        path: '/admin/x',
        menu: { menu: 'admin' as const, label: 'X', icon: 'audit', after: null },
      },
    ];
    const labels = withPublishedEntries('user', userLinks, published).map((link) => link.label);
    expect(labels).toEqual([
      'Dashboard',
      'AI Email Template Generator',
      'Upgrade Package',
      'Support',
      'Release notes',
      'Pending Payment',
      'Subscription History',
      'Privacy & data',
      // After an entry nobody knows: before the admin-only entries at the end.
      'Referrals',
      'Admin Dashboard',
    ]);
  });

  it('ignore a published sidebar entry that is not one, and still mount its page', () => {
    const [page] = readRoutesDocument('account', {
      remote: 'account',
      pages: [{ id: 'x', path: '/user/x', area: 'user', menu: { menu: 'vip', label: 'X' } }],
    });
    expect(page).toEqual({ id: 'x', path: '/user/x', area: 'user', owner: 'account' });
  });

  it('read the pages of a remote built before pages had titles, without one', () => {
    expect(
      readRoutesDocument('account', {
        remote: 'account',
        pages: [{ id: 'x', path: '/user/x', area: 'user' }],
      }),
    ).toEqual([{ id: 'x', path: '/user/x', area: 'user', owner: 'account' }]);
  });

  it('refuse a document of another remote, or one with a page the shell could not mount', () => {
    const account = routesDocumentOf('account');
    expect(() => readRoutesDocument('checkout', account)).toThrow(/checkout/);
    expect(() => readRoutesDocument('account', '<!doctype html>')).toThrow();
    expect(() =>
      readRoutesDocument('account', {
        remote: 'account',
        pages: [{ id: 'x', path: '/user/x', area: 'vip' }],
      }),
    ).toThrow(/invalid page/);
    expect(() =>
      readRoutesDocument('account', {
        remote: 'account',
        pages: [{ id: 'x', path: 'user/x', area: 'user' }],
      }),
    ).toThrow(/invalid page/);
  });
});
