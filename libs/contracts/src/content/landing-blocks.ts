// Zod-free (see ../http.ts): the landing page's admin-edited blocks on the wire, and the text a
// visitor sees when one's read fails. Their schemas, defaults and the API's texts are in
// ./schemas.ts (landingBlockSchemas); README.md's "Adding a landing block" lists the rest.

/** Where one block lives. */
export interface LandingBlockPaths {
  /** Read (public) and saved (PUT, admin) here; shown or hidden at `/toggle`, reset at `/reset`. */
  readonly path: string;
  /**
   * Where the spec's client resets the block when it is not `${path}/reset` (about's has no
   * `/api`): the block's reset is declared there, and `${path}/reset` answers too.
   */
  readonly specResetPath?: string;
}

/** A landing block: where it lives, and what a visitor sees when its read fails. */
interface LandingBlockEntry extends LandingBlockPaths {
  /** The spec's text in the block's place when the server answers its read with an error. */
  readonly failedRead: string;
}

/** Every landing block, in the order the landing page shows them. */
export const landingBlockPaths = {
  banner: { path: '/api/banner-section', failedRead: 'Failed to fetch banner data' },
  features: {
    path: '/api/features-section',
    failedRead: 'Failed to fetch features section data',
  },
  about: {
    path: '/api/about-section',
    specResetPath: '/about-section/reset',
    failedRead: 'Failed to fetch about section data',
  },
  testimonial: {
    path: '/api/testimonial-section',
    failedRead: 'Failed to fetch testimonial section data',
  },
  contact: { path: '/api/contact-section', failedRead: 'Failed to fetch contact section data' },
  footer: { path: '/api/footer', failedRead: 'Failed to fetch footer data' },
} as const satisfies Record<string, LandingBlockEntry>;

export type LandingBlockName = keyof typeof landingBlockPaths;

/**
 * The legal pages (privacy policy, terms, refund policy): edited, shown, hidden and reset like
 * the landing blocks, each read by its own public page rather than by the landing page.
 */
export const legalPagePaths = {
  privacy: { path: '/api/legal/privacy' },
  terms: { path: '/api/legal/terms' },
  refund: { path: '/api/legal/refund-policy' },
} as const satisfies Record<string, LandingBlockPaths>;

export type LegalPageName = keyof typeof legalPagePaths;

/** Every block an admin edits in Settings: the landing blocks, then the legal pages. */
export const editedBlockPaths = { ...landingBlockPaths, ...legalPagePaths } as const;
export type EditedBlockName = keyof typeof editedBlockPaths;

interface BlockRead {
  readonly method: 'GET';
  readonly path: string;
  readonly access: 'public';
}
interface BlockWrite<Method extends 'PUT' | 'PATCH'> {
  readonly method: Method;
  readonly path: string;
  readonly access: 'admin';
}
interface BlockReset {
  readonly method: 'POST';
  readonly path: string;
  readonly access: 'admin';
  readonly status: 200;
}

/** `banner`, `bannerUpdate`, `bannerToggle`, `bannerReset` (and `aboutResetApi`), by block. */
export type BlockRoutes<Blocks extends Record<string, LandingBlockPaths>> = {
  readonly [Name in keyof Blocks & string]: BlockRead;
} & { readonly [Name in keyof Blocks & string as `${Name}Update`]: BlockWrite<'PUT'> } & {
  readonly [Name in keyof Blocks & string as `${Name}Toggle`]: BlockWrite<'PATCH'>;
} & { readonly [Name in keyof Blocks & string as `${Name}Reset`]: BlockReset } & {
  readonly [
    Name in keyof Blocks & string as Blocks[Name] extends { specResetPath: string }
      ? `${Name}ResetApi`
      : never
  ]: BlockReset;
};

/** The contract routes of every block, derived from its paths. */
export function blockRoutes<const Blocks extends Record<string, LandingBlockPaths>>(
  blocks: Blocks,
): BlockRoutes<Blocks> {
  const routes: Record<string, BlockRead | BlockWrite<'PUT' | 'PATCH'> | BlockReset> = {};
  for (const [name, { path, specResetPath }] of Object.entries(blocks)) {
    routes[name] = { method: 'GET', path, access: 'public' };
    routes[`${name}Update`] = { method: 'PUT', path, access: 'admin' };
    routes[`${name}Toggle`] = { method: 'PATCH', path: `${path}/toggle`, access: 'admin' };
    const reset = `${path}/reset`;
    routes[`${name}Reset`] = {
      method: 'POST',
      path: specResetPath ?? reset,
      access: 'admin',
      status: 200,
    };
    if (specResetPath) {
      routes[`${name}ResetApi`] = { method: 'POST', path: reset, access: 'admin', status: 200 };
    }
  }
  return routes as BlockRoutes<Blocks>;
}
