// The page registry: every page of the product once — its path, the app that renders it, the
// area (guard and layout) it sits in — plus the two sidebars and the link builders. The shell's
// route table, every remote's <Routes>, the sidebars, the links between apps and the browser
// tests all read it. Plain JavaScript typed with JSDoc so that Node (e2e, the build plugin that
// publishes a remote's routes) imports it as is and TypeScript infers its exact types for the
// apps; `tsc --checkJs` checks it. It imports nothing: the shell's landing page loads it.

/** @typedef {import('./apps.mjs').RemoteName} RemoteName */
/** @typedef {RemoteName | 'shell'} PageOwner */

/**
 * Where a page sits, which decides its guard and layout in the shell:
 * - public: the site layout (header and footer), no guard;
 * - signed-in: the site layout, signed-in users only (others go to /login);
 * - user: the /user area's sidebar layout, signed-in users only;
 * - admin: the back office (its layout is the admin remote's), signed-in admins only.
 *
 * @typedef {'public' | 'signed-in' | 'user' | 'admin'} PageArea
 */

/**
 * `title`: what the page is, in the product's words; the shell makes the document's title of it
 * ('Login · ColdMail AI'), which a screen reader reads out after a navigation. The landing's is
 * the document's title as it is.
 *
 * `firstReads`: public API paths (GET, no query) the page's first render reads. index.html's
 * inline start-up script preloads them as soon as it knows the API's address, so the answers
 * are on their way while the page's code loads (the shell's test checks each against the
 * contract).
 *
 * `serverRendered`: the page's HTML comes from the server with its content (its remote's server
 * entry renders it, see shell/server), for visitors and search engines alike; the browser then
 * takes it over. Only public pages whose remote publishes a server entry.
 *
 * @typedef {{ path: string, title: string, owner: PageOwner, area: PageArea, firstReads?: readonly string[], serverRendered?: boolean }} PageDefinition
 */

export const pageAreas = /** @type {const} */ (['public', 'signed-in', 'user', 'admin']);

// Paths use the router's syntax (`:param`, `*`). Where the spec's screens link to a path with a
// trailing slash, the pattern keeps it: the router ignores it when matching, and the link
// builders then produce exactly the link the spec gives.
/** @satisfies {Record<string, PageDefinition>} */
export const pages = /** @type {const} */ ({
  home: {
    path: '/',
    // The spec's, as index.html has it: what search engines show for the landing.
    title: 'AI Email Template Generator – Personalized Templates in Seconds',
    owner: 'marketing',
    area: 'public',
    // Below the fold the packages block reads /packages once its code is in.
    firstReads: ['/api/landing-content'],
    serverRendered: true,
  },
  about: {
    path: '/about',
    title: 'About Us',
    owner: 'marketing',
    area: 'public',
    serverRendered: true,
  },
  contact: {
    path: '/contact',
    title: 'Contact',
    owner: 'marketing',
    area: 'public',
    serverRendered: true,
  },
  premiumItem: {
    path: '/premium/:slug/:itemId',
    title: 'Premium Item',
    owner: 'marketing',
    area: 'public',
    serverRendered: true,
  },
  // The legal pages (admin-edited in Settings, linked from the footer by default).
  privacy: {
    path: '/privacy',
    title: 'Privacy Policy',
    owner: 'marketing',
    area: 'public',
    firstReads: ['/api/legal/privacy'],
    serverRendered: true,
  },
  terms: {
    path: '/terms',
    title: 'Terms of Service',
    owner: 'marketing',
    area: 'public',
    firstReads: ['/api/legal/terms'],
    serverRendered: true,
  },
  refundPolicy: {
    path: '/refund-policy',
    title: 'Refund Policy',
    owner: 'marketing',
    area: 'public',
    firstReads: ['/api/legal/refund-policy'],
    serverRendered: true,
  },

  login: { path: '/login', title: 'Login', owner: 'shell', area: 'public' },
  register: { path: '/register', title: 'Sign Up', owner: 'shell', area: 'public' },
  resetPassword: {
    path: '/reset-password',
    title: 'Reset Password',
    owner: 'shell',
    area: 'public',
  },
  // The login screen's 'Forgot Password?' link (spec 2.4): the reset form again.
  forgotPassword: {
    path: '/forgot-password',
    title: 'Forgot Password',
    owner: 'shell',
    area: 'public',
  },
  notFound: { path: '*', title: 'Page Not Found', owner: 'shell', area: 'public' },

  // Public in the spec's route table; the page itself asks for a signed-in user.
  updateProfile: {
    path: '/update-profile',
    title: 'Profile Settings',
    owner: 'account',
    area: 'public',
  },

  // The tax line of the billing form: the buyer's country's rate.
  buy: {
    path: '/buy/:id',
    title: 'Package Checkout',
    owner: 'checkout',
    area: 'signed-in',
    firstReads: ['/api/tax-rates'],
  },
  itemBuy: {
    path: '/item-buy/:id',
    title: 'Item Checkout',
    owner: 'checkout',
    area: 'signed-in',
    firstReads: ['/api/tax-rates'],
  },
  payNow: { path: '/pay-now/:id', title: 'Pay Now', owner: 'checkout', area: 'signed-in' },
  itemPayNow: {
    path: '/item-pay-now/:id',
    title: 'Pay for Item',
    owner: 'checkout',
    area: 'signed-in',
  },

  userDashboard: { path: '/user/dashboard', title: 'Dashboard', owner: 'account', area: 'user' },
  userOrders: { path: '/user/orders', title: 'My Orders', owner: 'account', area: 'user' },
  // Where an item payment lands (spec document 2, payment flow).
  userOrdersHistory: {
    path: '/user/orders-history',
    title: 'Orders History',
    owner: 'account',
    area: 'user',
  },
  userSubscriptionHistory: {
    path: '/user/subscription-history',
    title: 'Subscription History',
    owner: 'account',
    area: 'user',
  },
  userCreditHistory: {
    path: '/user/credit-history',
    title: 'Credit History',
    owner: 'account',
    area: 'user',
  },
  // "Download my data" and "Delete my account" (the privacy policy points here).
  userPrivacy: {
    path: '/user/privacy',
    title: 'Privacy & data',
    owner: 'account',
    area: 'user',
  },
  // A paid order's receipt, to read or print; `kind` is package or item (linked from the
  // histories and from the receipt e-mail, whose link the API builds with this path).
  userReceipt: {
    path: '/user/receipt/:kind/:id',
    title: 'Receipt',
    owner: 'account',
    area: 'user',
  },
  userSelectPackage: {
    path: '/user/select-package',
    title: 'Upgrade Package',
    owner: 'account',
    area: 'user',
  },
  userSupport: { path: '/user/support', title: 'Support', owner: 'account', area: 'user' },
  userCreateSupport: {
    path: '/user/create-support',
    title: 'Create Support Ticket',
    owner: 'account',
    area: 'user',
  },
  userPendingPayment: {
    path: '/user/pending-payment/',
    title: 'Pending Payment',
    owner: 'checkout',
    area: 'user',
  },
  userPackagePendingPayment: {
    path: '/user/package-pending-payment/',
    title: 'Pending Package Payments',
    owner: 'checkout',
    area: 'user',
  },
  userItemPendingPayment: {
    path: '/user/item-pending-payment/',
    title: 'Pending Item Payments',
    owner: 'checkout',
    area: 'user',
  },
  userGenerateEmail: {
    path: '/user/generate-email',
    title: 'AI Email Template Generator',
    owner: 'generator',
    area: 'user',
  },

  adminDashboard: {
    path: '/admin/dashboard',
    title: 'Admin Dashboard',
    owner: 'admin',
    area: 'admin',
  },
  adminOrders: { path: '/admin/orders', title: 'Orders Management', owner: 'admin', area: 'admin' },
  adminItemsOrders: {
    path: '/admin/items-orders',
    title: 'Item Orders Management',
    owner: 'admin',
    area: 'admin',
  },
  adminUsers: { path: '/admin/users', title: 'Users Management', owner: 'admin', area: 'admin' },
  adminSupportMessages: {
    path: '/admin/support-messages',
    title: 'Support Messages',
    owner: 'admin',
    area: 'admin',
  },
  adminSettings: { path: '/admin/settings', title: 'Settings', owner: 'admin', area: 'admin' },
  adminPackages: { path: '/admin/packages', title: 'Packages', owner: 'admin', area: 'admin' },
  adminAuditLog: { path: '/admin/audit-log', title: 'Audit Log', owner: 'admin', area: 'admin' },
  adminPromoCodes: {
    path: '/admin/promo-codes',
    title: 'Promo Codes',
    owner: 'admin',
    area: 'admin',
  },
  // The Gemini Keys panel at an address of its own too (Settings holds it as well).
  adminGeminiKeys: {
    path: '/admin/settings/gemini-keys',
    title: 'Gemini Keys',
    owner: 'admin',
    area: 'admin',
  },
});

/** @typedef {typeof pages} Pages */
/** @typedef {keyof Pages} PageId */

/**
 * The ids of the pages an app renders.
 *
 * @template {PageOwner} Owner
 * @typedef {{ [Id in PageId]: Pages[Id]['owner'] extends Owner ? Id : never }[PageId]} PageIdOf
 */

/** @typedef {{ id: PageId, path: string, title: string, owner: PageOwner, area: PageArea, firstReads?: readonly string[], serverRendered?: boolean }} Page */

/** @type {readonly Page[]} */
export const pageList = Object.entries(pages).map(([id, page]) => ({
  id: /** @type {PageId} */ (id),
  ...page,
}));

/**
 * The pages an app renders, in registry order.
 *
 * @template {PageOwner} Owner
 * @param {Owner} owner
 * @returns {Array<Page & { id: PageIdOf<Owner> }>}
 */
export function pagesOf(owner) {
  return /** @type {Array<Page & { id: PageIdOf<Owner> }>} */ (
    pageList.filter((page) => page.owner === owner)
  );
}

/**
 * An entry of a sidebar. `icon` names one of the icons @coldmail/ui draws (its IconName).
 *
 * `alsoFor` lists pages reached from this entry's page, on which the entry stays highlighted.
 *
 * @typedef {{ page: PageId, label: string, icon: string, newTab?: boolean, adminOnly?: boolean, alsoFor?: readonly PageId[] }} MenuEntry
 */

/**
 * The sidebars, top to bottom, with the spec's labels (spec 2.13 and the admin layout).
 *
 * @satisfies {Record<'user' | 'admin', readonly MenuEntry[]>}
 */
export const menus = /** @type {const} */ ({
  user: [
    { page: 'userDashboard', label: 'Dashboard', icon: 'dashboard' },
    { page: 'userGenerateEmail', label: 'AI Email Template Generator', icon: 'generator' },
    { page: 'userSelectPackage', label: 'Upgrade Package', icon: 'upgrade' },
    { page: 'userSupport', label: 'Support', icon: 'support' },
    { page: 'userPendingPayment', label: 'Pending Payment', icon: 'pending' },
    { page: 'userSubscriptionHistory', label: 'Subscription History', icon: 'history' },
    { page: 'userPrivacy', label: 'Privacy & data', icon: 'settings' },
    // The back office is its own area: admins open it beside their user area, not instead of it.
    {
      page: 'adminDashboard',
      label: 'Admin Dashboard',
      icon: 'admin',
      newTab: true,
      adminOnly: true,
    },
  ],
  admin: [
    { page: 'adminDashboard', label: 'Dashboard', icon: 'dashboard' },
    { page: 'adminOrders', label: 'Total Orders', icon: 'orders', alsoFor: ['adminItemsOrders'] },
    { page: 'adminUsers', label: 'Total Users', icon: 'users' },
    { page: 'adminSupportMessages', label: 'Support Messages', icon: 'support' },
    { page: 'adminSettings', label: 'Settings', icon: 'settings', alsoFor: ['adminPackages'] },
    { page: 'adminPromoCodes', label: 'Promo Codes', icon: 'promo' },
    { page: 'adminAuditLog', label: 'Audit Log', icon: 'audit' },
  ],
});

/** @typedef {{ to: string, label: string, icon: string, newTab: boolean, adminOnly: boolean, activeOn: string[] }} NavLinkEntry */

/**
 * A sidebar's links, ready for SidebarLayout.
 *
 * @param {keyof typeof menus} menu
 * @returns {NavLinkEntry[]}
 */
export function navOf(menu) {
  /** @type {readonly MenuEntry[]} */
  const entries = menus[menu];
  return entries.map(({ page, label, icon, newTab = false, adminOnly = false, alsoFor = [] }) => ({
    to: pages[page].path,
    label,
    icon,
    newTab,
    adminOnly,
    activeOn: alsoFor.map((other) => pages[other].path),
  }));
}

/**
 * The parameters of a path pattern, in order: '/premium/:slug/:itemId' → [string, string].
 *
 * @template {string} Path
 * @typedef {Path extends `${string}:${string}/${infer Rest}`
 *   ? [string, ...ParamsOf<Rest>]
 *   : Path extends `${string}:${string}` ? [string] : []} ParamsOf
 */

/**
 * A link to every page but the catch-all: the path itself, or a function of its parameters.
 *
 * @typedef {{
 *   [Id in PageId as Pages[Id]['path'] extends `${string}*${string}` ? never : Id]:
 *     ParamsOf<Pages[Id]['path']> extends [] ? string : (...params: ParamsOf<Pages[Id]['path']>) => string
 * }} Paths
 */

const PARAM = /:[\w-]+/g;

/**
 * @param {string} path
 * @returns {string | ((...params: string[]) => string)}
 */
function linkTo(path) {
  if (!path.match(PARAM)) return path;
  return (...params) => {
    let index = 0;
    return path.replace(PARAM, () => encodeURIComponent(params[index++] ?? ''));
  };
}

/** Link builders: `paths.buy(id)`, `paths.premiumItem(slug, itemId)`, `paths.userDashboard`. */
export const paths = /** @type {Paths} */ (
  Object.fromEntries(
    pageList.filter((page) => !page.path.includes('*')).map((page) => [page.id, linkTo(page.path)]),
  )
);

/**
 * The router's matching, without the router (the shell's start-up code runs before it loads):
 * `:param` is one segment, a trailing `*` the rest, a trailing slash optional, case ignored.
 *
 * @param {string} path
 */
function patternOf(path) {
  const source = path
    .replace(/\/$/, '')
    .split('/')
    .map((segment) =>
      segment === '*'
        ? '.*'
        : segment.startsWith(':')
          ? '[^/]+'
          : segment.replace(/[.*+?^${}()|[\]\\]/g, '\\$&'),
    )
    .join('/');
  return new RegExp(`^${source}/?$`, 'i');
}

/**
 * The page at a pathname, or null: the catch-all not-found page does not count.
 *
 * @param {string} pathname
 * @returns {Page | null}
 */
export function pageForPath(pathname) {
  return pageList.find((page) => page.path !== '*' && patternOf(page.path).test(pathname)) ?? null;
}

/**
 * Every remote page's path as a regular expression's source, with its owner and its first reads,
 * in the registry's order: for code that must find a path's remote before any module loads (the
 * shell's inline start-up script, built from this at build time).
 *
 * @returns {Array<[string, RemoteName, readonly string[]]>}
 */
export function remotePathPatterns() {
  return pageList
    .filter((page) => page.owner !== 'shell' && page.path !== '*')
    .map((page) => [
      patternOf(page.path).source,
      /** @type {RemoteName} */ (page.owner),
      page.firstReads ?? [],
    ]);
}

/**
 * What a remote's deployment publishes as routes.json beside its mf-manifest.json: the pages it
 * renders, as its build saw the registry. The shell reads it for paths its own copy of the
 * registry (older than the remote's) does not know.
 *
 * A page with an entry in a sidebar publishes it too (`menu`), with the page whose entry it
 * follows (`after`, null for the first), so a shell built before the page lists it in place.
 *
 * @typedef {{ menu: keyof typeof menus, label: string, icon: string, after: string | null, newTab?: boolean, adminOnly?: boolean }} PublishedMenuEntry
 * @typedef {{ remote: RemoteName, pages: Array<{ id: string, path: string, title: string, area: PageArea, menu?: PublishedMenuEntry }> }} RoutesDocument
 */

/**
 * A page's entry in a sidebar, as routes.json publishes it; none when no sidebar lists it.
 *
 * @param {string} pageId
 * @returns {PublishedMenuEntry | undefined}
 */
function menuEntryOf(pageId) {
  for (const [menu, entries] of /** @type {[keyof typeof menus, readonly MenuEntry[]][]} */ (
    Object.entries(menus)
  )) {
    const index = entries.findIndex((entry) => entry.page === pageId);
    if (index < 0) continue;
    const { label, icon, newTab, adminOnly } = /** @type {MenuEntry} */ (entries[index]);
    return {
      menu,
      label,
      icon,
      after: entries[index - 1]?.page ?? null,
      ...(newTab ? { newTab } : {}),
      ...(adminOnly ? { adminOnly } : {}),
    };
  }
  return undefined;
}

/**
 * @param {RemoteName} remote
 * @returns {RoutesDocument}
 */
export function routesDocumentOf(remote) {
  return {
    remote,
    pages: pagesOf(remote).map(({ id, path, title, area }) => {
      const menu = menuEntryOf(id);
      return { id, path, title, area, ...(menu ? { menu } : {}) };
    }),
  };
}

/**
 * Reads a remote's routes.json; a document that is not one (or speaks for another remote)
 * throws, so one broken deployment is ignored instead of half-read. A page's title is optional:
 * remotes built before pages had titles publish none.
 *
 * @param {string} remote
 * @param {unknown} body
 * @returns {Array<{ id: string, path: string, title?: string, area: PageArea, owner: string, menu?: PublishedMenuEntry }>}
 */
export function readRoutesDocument(remote, body) {
  const document = /** @type {{ remote?: unknown, pages?: unknown }} */ (body ?? {});
  if (document.remote !== remote || !Array.isArray(document.pages)) {
    throw new Error(`routes.json of ${remote}: not a routes document for this remote`);
  }
  return document.pages.map((entry) => {
    const { id, path, title, area, menu } = /** @type {Record<string, unknown>} */ (entry ?? {});
    if (
      typeof id !== 'string' ||
      typeof path !== 'string' ||
      !path.startsWith('/') ||
      !pageAreas.includes(/** @type {PageArea} */ (area))
    ) {
      throw new Error(`routes.json of ${remote}: invalid page ${JSON.stringify(entry)}`);
    }
    const menuEntry = readMenuEntry(menu);
    return {
      id,
      path,
      ...(typeof title === 'string' ? { title } : {}),
      area: /** @type {PageArea} */ (area),
      owner: remote,
      ...(menuEntry ? { menu: menuEntry } : {}),
    };
  });
}

/**
 * A published sidebar entry, or undefined when there is none or it is not one (the page still
 * mounts; it is only not listed).
 *
 * @param {unknown} value
 * @returns {PublishedMenuEntry | undefined}
 */
function readMenuEntry(value) {
  if (!value || typeof value !== 'object') return undefined;
  const { menu, label, icon, after, newTab, adminOnly } = /** @type {Record<string, unknown>} */ (
    value
  );
  if (
    !Object.hasOwn(menus, /** @type {string} */ (menu)) ||
    typeof label !== 'string' ||
    typeof icon !== 'string' ||
    (after !== null && typeof after !== 'string')
  ) {
    return undefined;
  }
  return {
    menu: /** @type {keyof typeof menus} */ (menu),
    label,
    icon,
    after: /** @type {string | null} */ (after),
    ...(newTab === true ? { newTab } : {}),
    ...(adminOnly === true ? { adminOnly } : {}),
  };
}

/**
 * A sidebar's links with the entries of pages published after this build (see
 * routesDocumentOf): each after the link of the page it follows, or else before the admin-only
 * links at the end. A path the sidebar lists already is not listed again.
 *
 * @param {keyof typeof menus} menu
 * @param {readonly NavLinkEntry[]} links the sidebar as this build knows it (navOf)
 * @param {ReadonlyArray<{ id: string, path: string, menu?: PublishedMenuEntry }>} published
 * @returns {NavLinkEntry[]}
 */
export function withPublishedEntries(menu, links, published) {
  const result = [...links];
  for (const page of published) {
    if (page.menu?.menu !== menu || result.some((link) => link.to === page.path)) continue;
    const { label, icon, after, newTab = false, adminOnly = false } = page.menu;
    /** @type {NavLinkEntry} */
    const link = { to: page.path, label, icon, newTab, adminOnly, activeOn: [] };
    // The page it follows may be one this build knows, or another published one.
    const afterPath = after
      ? (pages[/** @type {PageId} */ (after)]?.path ??
        published.find((other) => other.id === after)?.path ??
        null)
      : null;
    const previous = afterPath ? result.findIndex((entry) => entry.to === afterPath) : -1;
    const firstAdminOnly = result.findIndex((entry) => entry.adminOnly);
    const at = previous >= 0 ? previous + 1 : firstAdminOnly >= 0 ? firstAdminOnly : result.length;
    result.splice(at, 0, link);
  }
  return result;
}
