/**
 * The listing the visitor's page shows (ClientAsk's [ext] `page` and `listing`, docs/PROTOCOL.md):
 * named by the page itself — an Id, an MLS number or a Url — or found by the page's address among
 * the listings' Urls. Addresses compare without scheme, query, fragment or a trailing slash, the
 * host in any case, so `https://Homes.example/homes/12/?utm=x#photos` is the page of a listing
 * whose Url is `http://homes.example/homes/12`.
 */
import type { Listing } from '../../../protocol/index.ts';
import { derived } from '../derived.ts';
import { listingsIndex, mlsKey } from './places.ts';

export interface Where {
  page?: string | null;
  listing?: string | null;
}

/** An address as pages are compared: host (lower case) and path, nothing else; null when it is no URL. */
export function pageKey(address: string): string | null {
  try {
    const u = new URL(address.trim());
    return `${u.host.toLowerCase()}${decodeURI(u.pathname).replace(/(?<!\/)\/+$/, '')}`;
  } catch {
    return null;
  }
}

const PAGES = Symbol('listings by page');
/** The listings by their page, worked out once per list of listings (derived.ts). */
function pages(listings: Listing[]): Map<string, Listing> {
  return derived(listings, PAGES, () => {
    const map = new Map<string, Listing>();
    for (const l of listings) {
      const key = pageKey(l.Url);
      if (key && !map.has(key)) map.set(key, l);
    }
    return map;
  });
}

/** The listing `where` points at, if the chatbot holds it. */
export function pageListing(listings: Listing[], where: Where): Listing | undefined {
  const named = where.listing?.trim();
  if (named) {
    const { byId, mls } = listingsIndex(listings);
    const key = pageKey(named);
    const found = byId.get(named) ?? mls.get(mlsKey(named))?.[0] ?? (key ? pages(listings).get(key) : undefined);
    if (found) return found;
  }
  const key = where.page ? pageKey(where.page) : null;
  return key ? pages(listings).get(key) : undefined;
}
