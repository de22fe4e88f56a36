import type { CreditPackage, Item, LandingContent } from '@coldmail/contracts';
import { pageForPath, pages } from '@coldmail/registry/pages';
import type { ServerState } from '@coldmail/ssr';
import { LANDING_PACKAGE_COUNT, SITE_DESCRIPTION } from '../features/home/utils/landing';
import { isLegalPageId, legalPageRead } from './legal-pages';

/**
 * What search engines and link previews read of a page, from what the page shows, so an admin
 * edits it with the content: the title and text a preview shows (the banner's on the landing
 * page, the about block's on About), its picture (the block's uploaded image, the item's), and
 * its structured data (schema.org JSON-LD). The shell writes it into the document's head (title,
 * description, canonical URL, OpenGraph, Twitter card).
 */
export interface PageHead {
  /** The title link previews show (og:title), when the page's content gives one. */
  shareTitle?: string;
  description: string;
  /** An absolute URL or a path of the API's uploads; none when the page has no picture. */
  image?: string;
  /** schema.org objects, each written as its own JSON-LD block. */
  structuredData: object[];
}

const answerOf = <Data>(state: ServerState, domain: string, name: string): Data | undefined =>
  state.queries.find(
    (query) =>
      query.queryKey[0] === domain &&
      query.queryKey[1] === name &&
      query.state.status === 'success',
  )?.state.data as Data | undefined;

/** A package as schema.org sees it: a product with one offer, in the store's currency. */
function packageProduct(pkg: CreditPackage): object {
  return {
    '@context': 'https://schema.org',
    '@type': 'Product',
    name: pkg.packageName,
    description: `${pkg.credit} email credits, valid ${pkg.validity} days`,
    offers: {
      '@type': 'Offer',
      price: pkg.price.toFixed(2),
      priceCurrency: pkg.currency,
      availability: 'https://schema.org/InStock',
    },
  };
}

function itemProduct(item: Item): object {
  return {
    '@context': 'https://schema.org',
    '@type': 'Product',
    name: item.name,
    ...(item.guidelines ? { description: item.guidelines } : {}),
    ...(item.imageUrl ? { image: item.imageUrl } : {}),
    offers: {
      '@type': 'Offer',
      price: item.price.toFixed(2),
      priceCurrency: item.currency,
      availability: 'https://schema.org/InStock',
    },
  };
}

/** The head of the page at `pathname`, from the reads it was rendered with. */
export function pageHeadOf(pathname: string, state: ServerState): PageHead {
  const landing = answerOf<LandingContent>(state, 'content', 'landing');
  const banner = landing?.banner ?? null;
  if (pathname === pages.home.path) {
    const packages = answerOf<CreditPackage[]>(state, 'packages', 'list') ?? [];
    return {
      shareTitle: banner ? `${banner.mainTitle} ${banner.highlightText}`.trim() : undefined,
      description: SITE_DESCRIPTION,
      image: banner?.backgroundImage || undefined,
      structuredData: packages.slice(0, LANDING_PACKAGE_COUNT).map(packageProduct),
    };
  }
  if (pageForPath(pathname)?.id === 'premiumItem') {
    const item = answerOf<{ data: Item }>(state, 'items', 'get')?.data;
    return item
      ? {
          shareTitle: item.name,
          description: item.guidelines?.trim() || `${item.name}, from ColdMail AI.`,
          image: item.imageUrl || undefined,
          structuredData: [itemProduct(item)],
        }
      : { description: SITE_DESCRIPTION, structuredData: [] };
  }
  const pageId = pageForPath(pathname)?.id;
  if (isLegalPageId(pageId)) {
    const legal = legalPageRead((domain, name) => answerOf(state, domain, name), pageId);
    return {
      ...(legal?.isActive ? { shareTitle: legal.title } : {}),
      description: (legal?.isActive && legal.intro.trim()) || SITE_DESCRIPTION,
      structuredData: [],
    };
  }
  const about = pathname === pages.about.path ? landing?.about : null;
  return about
    ? {
        shareTitle: about.title,
        description: about.description.trim() || SITE_DESCRIPTION,
        image: about.mainImage || undefined,
        structuredData: [],
      }
    : { description: SITE_DESCRIPTION, structuredData: [] };
}

/**
 * What the page shows does not exist: an item the API does not know, a legal page an admin has
 * hidden (search engines then drop it).
 */
export function pageMissing(
  pathname: string,
  state: ServerState,
  failures: readonly { status: number }[],
): boolean {
  if (failures.some((failure) => failure.status === 404)) return true;
  const pageId = pageForPath(pathname)?.id;
  if (!isLegalPageId(pageId)) return false;
  const legal = legalPageRead((domain, name) => answerOf(state, domain, name), pageId);
  return legal?.isActive === false;
}
