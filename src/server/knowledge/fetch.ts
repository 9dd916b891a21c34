/**
 * Fetching an owner's own web pages (a page, or the pages a sitemap lists) as text for the
 * chatbot's knowledge, without letting an address typed into the console reach anything it
 * should not: only http(s), only the owner's host (every redirect hop checked, at most five), and
 * never a private, loopback, link-local or otherwise special address — the name is resolved once,
 * every address checked, and the connection made to those addresses only, so a DNS answer that
 * changes between the check and the connection (rebinding) changes nothing. robots.txt is obeyed
 * on every hop (robots.ts).
 */
import { lookup } from 'node:dns/promises';
import { STATUS_CODES } from 'node:http';
import { isIP } from 'node:net';
import type { LookupAddress } from 'node:dns';
import { isBlockedAddress } from './address.ts';
import { exchange, textOf, within, type Want } from './http-get.ts';
import { FetchRefused, HtmlRefused } from './refusal.ts';
import { ROBOTS_AGENT, ROBOTS_WANT, robotsObeyed } from './robots.ts';
import { locsOf } from './sitemap.ts';

export { isBlockedAddress } from './address.ts';
export { FetchRefused, type RefusalCode } from './refusal.ts';
export { ROBOTS_AGENT } from './robots.ts';

export interface FetcherOptions {
  /** Every address allowed, private ones included (a development setting). */
  allowPrivate?: boolean;
  /** The service's own public origin (e.g. http://localhost:3000), allowed although it is local: the demo site is served there. */
  ownOrigin?: string;
  /** The most bytes a page or sitemap may have; 2 MiB unless set. */
  maxBytes?: number;
  /** The most time one page or sitemap may take, from the name's lookup to the body's last byte; 10 s unless set. */
  timeoutMs?: number;
  /** The User-Agent header; robots.txt is read for ChatBotKnowledge whatever it says. */
  userAgent?: string;
  /** How a page's HTML becomes Markdown: the service's extraction thread (extract-thread.ts); htmlToMarkdown here unless given. */
  extract?: (html: string, url: string) => Promise<{ title: string; markdown: string }>;
}

/** What the last fetch of a page answered, to ask whether it changed since. */
export interface PageValidators {
  etag: string;
  lastModified: string;
}

export type PageResult =
  | { status: 'unchanged' }
  | { status: 'fetched'; url: string; title: string; markdown: string; etag: string; lastModified: string };

export interface Fetcher {
  /** The page as Markdown, or `unchanged` when `previous` still holds. `host`: the owner's site, the page's own unless given. */
  fetchPage(url: string, previous?: PageValidators, host?: string): Promise<PageResult>;
  /** The addresses of the pages a sitemap (or a sitemap index, one level down) lists on `host`, at most `limit`. */
  readSitemap(url: string, limit: number, host?: string): Promise<string[]>;
}

const MAX_REDIRECTS = 5;
const MAX_URL_CHARS = 2048;
/** The most sitemap files one readSitemap reads, the index included, and how deep: an index and its sitemaps. */
const MAX_SITEMAPS = 25;
const SITEMAP_LEVELS = 2;
const REDIRECTS: ReadonlySet<number> = new Set([301, 302, 303, 307, 308]);

/** `raw` (read against `base`) as an address the service may fetch on `host`. */
function checkedUrl(raw: string, base: URL | undefined, host: string | undefined, where: string): URL {
  let url: URL;
  try {
    url = new URL(raw, base);
  } catch {
    throw new FetchRefused('url', `${raw.slice(0, 200)} is not a web address`);
  }
  url.hash = '';
  if (url.protocol !== 'http:' && url.protocol !== 'https:')
    throw new FetchRefused('url', `only http and https addresses are fetched, not ${url.protocol}`);
  if (url.username || url.password)
    throw new FetchRefused('url', 'an address with a user name or password is not fetched');
  if (url.href.length > MAX_URL_CHARS)
    throw new FetchRefused('url', `the address is longer than ${MAX_URL_CHARS} characters`);
  if (host !== undefined && url.hostname !== host)
    throw new FetchRefused('host', `${where} ${url.hostname}, another site than ${host}`);
  return url;
}

/** A host name as URL spells it (lower case, punycode), to compare with a URL's. */
function hostnameOf(host: string): string {
  try {
    return new URL(`http://${host}/`).hostname;
  } catch {
    throw new FetchRefused('url', `${host.slice(0, 200)} is not a host name`);
  }
}

const ok = (status: number) => status >= 200 && status <= 299;
const answered = (what: string, status: number) =>
  new FetchRefused('status', `the ${what} answered ${status} ${STATUS_CODES[status] ?? ''}`.trim());

/** A fetcher with its own robots.txt cache (robots.ts); see the module's comment for the rules it keeps. */
export function createFetcher(options: FetcherOptions = {}): Fetcher {
  const maxBytes = options.maxBytes ?? 2 * 1024 * 1024;
  const timeoutMs = options.timeoutMs ?? 10_000;
  const userAgent = options.userAgent ?? `${ROBOTS_AGENT}/1.0`;
  const ownOrigin = options.ownOrigin ? new URL(options.ownOrigin).origin : null;
  // On this thread unless given (tests of the fetcher alone): loaded at the first page.
  const extract =
    options.extract ?? (async (html: string, url: string) => (await import('./html.ts')).htmlToMarkdown(html, url));
  const page: Want = {
    what: 'page',
    accept: 'text/html,application/xhtml+xml;q=0.9',
    types: new Set(['text/html', 'application/xhtml+xml']),
    expected: 'an HTML page',
    cap: maxBytes,
    truncate: false,
  };
  // A sitemap past maxBytes is read as far as it goes: the pages it lists until there are still pages.
  const sitemap: Want = {
    what: 'sitemap',
    accept: 'application/xml,text/xml;q=0.9',
    types: new Set(['application/xml', 'text/xml']),
    expected: 'XML',
    cap: maxBytes,
    truncate: true,
  };
  const obeyRobots = robotsObeyed((url, ms) => get(url, url.hostname, ROBOTS_WANT, {}, ms), timeoutMs);

  /** The addresses `url`'s host has, each checked. */
  async function addressesOf(url: URL, signal: AbortSignal, tooLate: () => FetchRefused): Promise<LookupAddress[]> {
    const name = url.hostname.startsWith('[') ? url.hostname.slice(1, -1) : url.hostname;
    let addresses: LookupAddress[];
    try {
      addresses = await within(lookup(name, { all: true }), signal, tooLate);
    } catch (error) {
      if (error instanceof FetchRefused) throw error;
      throw new FetchRefused('address', `${url.hostname} could not be found`);
    }
    if (options.allowPrivate || url.origin === ownOrigin) return addresses;
    const blocked = addresses.find((a) => isBlockedAddress(a.address));
    if (blocked)
      throw new FetchRefused(
        'address',
        `${isIP(name) ? 'the address' : name} resolves to a private network address (${blocked.address}), which the service does not fetch`,
      );
    if (!addresses.length) throw new FetchRefused('address', `${url.hostname} could not be found`);
    return addresses;
  }

  /** `start`'s answer, redirects followed on `host`, each hop's address checked and its robots.txt obeyed. */
  async function get(start: URL, host: string, want: Want, extra: Record<string, string>, ms: number) {
    const signal = AbortSignal.timeout(ms);
    const tooLate = () => new FetchRefused('timeout', `the ${want.what} did not arrive within ${ms / 1000} s`);
    const headers = { 'user-agent': userAgent, accept: want.accept, 'accept-encoding': 'gzip, deflate, br', ...extra };
    let url = start;
    for (let hop = 0; ; hop++) {
      const addresses = await addressesOf(url, signal, tooLate);
      if (want !== ROBOTS_WANT) await obeyRobots(url, signal, tooLate);
      const answer = await exchange(url, addresses, headers, want, signal, tooLate);
      const location = REDIRECTS.has(answer.status) ? answer.headers.location : undefined;
      if (!location) return { url, answer };
      if (hop === MAX_REDIRECTS)
        throw new FetchRefused('redirects', `the ${want.what} redirects more than ${MAX_REDIRECTS} times`);
      url = checkedUrl(location, url, host, `the ${want.what} redirects to`);
    }
  }

  async function fetchPage(raw: string, previous?: PageValidators, host?: string): Promise<PageResult> {
    const allowed = host === undefined ? undefined : hostnameOf(host);
    const start = checkedUrl(raw, undefined, allowed, 'the page is on');
    const conditions: Record<string, string> = {};
    if (previous?.etag) conditions['if-none-match'] = previous.etag;
    if (previous?.lastModified) conditions['if-modified-since'] = previous.lastModified;
    const { url, answer } = await get(start, allowed ?? start.hostname, page, conditions, timeoutMs);
    if (answer.status === 304 && Object.keys(conditions).length) return { status: 'unchanged' };
    if (!ok(answer.status)) throw answered('page', answer.status);
    try {
      const { title, markdown } = await extract(textOf(answer), url.href);
      const { etag = '', 'last-modified': lastModified = '' } = answer.headers;
      return { status: 'fetched', url: url.href, title, markdown, etag, lastModified };
    } catch (error) {
      if (error instanceof HtmlRefused) throw new FetchRefused('too-large', error.message);
      throw error;
    }
  }

  async function readSitemap(raw: string, limit: number, host?: string): Promise<string[]> {
    const allowed = host === undefined ? undefined : hostnameOf(host);
    const start = checkedUrl(raw, undefined, allowed, 'the sitemap is on');
    const site = allowed ?? start.hostname;
    const pages = new Set<string>();
    const queue = [{ url: start, level: 1 }];
    for (let read = 0; queue.length && read < MAX_SITEMAPS && pages.size < limit; read++) {
      const { url, level } = queue.shift()!;
      let xml: string;
      try {
        const { answer } = await get(url, site, sitemap, {}, timeoutMs);
        if (!ok(answer.status)) throw answered('sitemap', answer.status);
        xml = new TextDecoder().decode(answer.body);
      } catch (error) {
        // A child sitemap that fails is passed over: the others still list pages.
        if (read === 0 || !(error instanceof FetchRefused)) throw error;
        continue;
      }
      const index = /<sitemapindex[\s>]/.test(xml);
      for (const loc of locsOf(xml)) {
        let found: URL;
        try {
          found = checkedUrl(loc, undefined, site, 'it is on');
        } catch {
          continue;
        }
        if (!index) pages.add(found.href);
        else if (level < SITEMAP_LEVELS && queue.length < MAX_SITEMAPS) queue.push({ url: found, level: level + 1 });
        if (pages.size >= limit) break;
      }
    }
    return [...pages];
  }

  return { fetchPage, readSitemap };
}
