/**
 * The listing the visitor's page shows (ClientAsk's [ext] `page` and `listing`, docs/PROTOCOL.md):
 * named by the page itself — an Id, an MLS number or a Url — or found by the page's address among
 * the listings' Urls. Addresses compare without scheme, query, fragment or a trailing slash, the
 * host in any case, so `https://Homes.example/homes/12/?utm=x#photos` is the page of a listing
 * whose Url is `http://homes.example/homes/12`.
 */

/** Where the visitor asks from: the page's address, and what the page names as its listing. */
export interface Where {
  page?: string | null;
  listing?: string | null;
}

/** An address as pages are compared: host (lower case) and path, nothing else; null when it is no URL. */
export function pageKey(address: string): string | null {
  try {
    const u = new URL(address.trim());
    // A NUL it decodes to stays written as %00: no database's text holds one (the key is stored: listing-keys.ts).
    return `${u.host.toLowerCase()}${decodeURI(u.pathname)
      .replace(/(?<!\/)\/+$/, '')
      .replace(/\0/g, '%00')}`;
  } catch {
    return null;
  }
}
