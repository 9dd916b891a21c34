/**
 * Fetching an owner's own web pages (a page, or the pages a sitemap lists) as text for the
 * chatbot's knowledge, without letting an address typed into the console reach anything it
 * should not: only http(s), only the owner's host (every redirect hop checked, at most five), and
 * never a private, loopback, link-local or otherwise special address — the name is resolved once,
 * every address checked, and the connection made to those addresses only, so a DNS answer that
 * changes between the check and the connection (rebinding) changes nothing. robots.txt is obeyed
 * for the agent ChatBotKnowledge, as Google reads it: missing (4xx) allows everything, unreadable
 * (5xx, 429, no answer in time) allows nothing.
 */
import { lookup } from 'node:dns/promises';
import { request as httpRequest, STATUS_CODES, type IncomingHttpHeaders, type IncomingMessage } from 'node:http';
import { request as httpsRequest } from 'node:https';
import { BlockList, isIP, type LookupFunction } from 'node:net';
import type { LookupAddress } from 'node:dns';
import type { Readable } from 'node:stream';
import { createBrotliDecompress, createGunzip, createInflate } from 'node:zlib';
import { createRequire } from 'node:module';
import { HtmlRefused, htmlToMarkdown } from './html.ts';

/** What robots-parser makes of a robots.txt: the one question asked of it. */
interface RobotsRules {
  isAllowed(url: string, ua?: string): boolean | undefined;
}
// A CommonJS function whose types say `export default`: required, and typed here, it is the same
// function for the bundler's resolution (tests) and Node's (the compiled service), which read a
// default import of it apart.
const robotsParser = createRequire(import.meta.url)('robots-parser') as (url: string, robotsTxt: string) => RobotsRules;

export type RefusalCode =
  'address' | 'robots' | 'too-large' | 'timeout' | 'type' | 'status' | 'redirects' | 'host' | 'url';

/** Why a page was not fetched, in a sentence the owner can act on. */
export class FetchRefused extends Error {
  override name = 'FetchRefused';
  constructor(
    readonly code: RefusalCode,
    message: string,
  ) {
    super(message);
  }
}

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

export const ROBOTS_AGENT = 'ChatBotKnowledge';
const MAX_REDIRECTS = 5;
const MAX_URL_CHARS = 2048;
const ROBOTS_BYTES = 100 * 1024;
const ROBOTS_TIMEOUT_MS = 5_000;
/** How long a robots.txt read stays true (Google's: a day). */
const ROBOTS_LIFETIME_MS = 24 * 60 * 60 * 1000;
/** The most sitemap files one readSitemap reads, the index included, and how deep: an index and its sitemaps. */
const MAX_SITEMAPS = 25;
const SITEMAP_LEVELS = 2;
const REDIRECTS: ReadonlySet<number> = new Set([301, 302, 303, 307, 308]);

/** The IANA special-purpose ranges. An IPv4 rule also holds for the address written IPv4-mapped (::ffff:a.b.c.d). */
const BLOCKED = ((list: BlockList) => {
  for (const range of [
    '0.0.0.0/8 10.0.0.0/8 100.64.0.0/10 127.0.0.0/8 169.254.0.0/16 172.16.0.0/12 192.0.0.0/24 192.0.2.0/24',
    '192.88.99.0/24 192.168.0.0/16 198.18.0.0/15 198.51.100.0/24 203.0.113.0/24 224.0.0.0/4 240.0.0.0/4',
    // IPv4-compatible, NAT64 and 6to4 addresses carry an IPv4 address a gateway may reach for us.
    '::/96 64:ff9b::/96 64:ff9b:1::/48 100::/64 2001::/23 2001:db8::/32 2002::/16 3fff::/20',
    'fc00::/7 fe80::/10 fec0::/10 ff00::/8',
  ].flatMap((line) => line.split(' '))) {
    const [address, prefix] = range.split('/');
    list.addSubnet(address!, Number(prefix), isIP(address!) === 6 ? 'ipv6' : 'ipv4');
  }
  return list;
})(new BlockList());

export const isBlockedAddress = (address: string): boolean =>
  isIP(address) !== 0 && BLOCKED.check(address, isIP(address) === 6 ? 'ipv6' : 'ipv4');

interface Want {
  what: 'page' | 'sitemap' | 'robots.txt';
  accept: string;
  /** The media types taken (null: any), named in a refusal as `expected`. */
  types: ReadonlySet<string> | null;
  expected: string;
  /** Past `cap` bytes the body is refused, or, when `truncate`, cut there. */
  cap: number;
  truncate: boolean;
}

interface Answer {
  status: number;
  headers: IncomingHttpHeaders;
  body: Buffer;
}

const megabytes = (bytes: number) =>
  bytes >= 1024 * 1024 ? `${Math.round((bytes / 1024 / 1024) * 10) / 10} MB` : `${Math.round(bytes / 1024)} KB`;

const mediaType = (headers: IncomingHttpHeaders) => (headers['content-type'] ?? '').split(';')[0]!.trim().toLowerCase();

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

/** `promise`, unless `signal` aborts first: then a timeout refusal. */
function within<T>(promise: Promise<T>, signal: AbortSignal, refusal: () => FetchRefused): Promise<T> {
  if (signal.aborted) return Promise.reject(refusal());
  return new Promise<T>((resolve, reject) => {
    const onAbort = () => reject(refusal());
    signal.addEventListener('abort', onAbort, { once: true });
    promise.then(resolve, reject).finally(() => signal.removeEventListener('abort', onAbort));
  });
}

/** A lookup that answers the addresses already checked, whatever DNS says now. */
const pinned =
  (addresses: readonly LookupAddress[]): LookupFunction =>
  (_hostname, options, callback) => {
    const fitting = addresses.filter((a) => !options.family || a.family === options.family);
    if (!fitting.length) return callback(Object.assign(new Error('no checked address'), { code: 'ENOTFOUND' }), '');
    if (options.all) callback(null, fitting);
    else callback(null, fitting[0]!.address, fitting[0]!.family);
  };

const decompressed = (response: IncomingMessage): Readable | null => {
  const encoding = (response.headers['content-encoding'] ?? 'identity').trim().toLowerCase();
  if (encoding === 'identity') return response;
  const decoder =
    encoding === 'gzip' || encoding === 'x-gzip'
      ? createGunzip()
      : encoding === 'deflate'
        ? createInflate()
        : encoding === 'br'
          ? createBrotliDecompress()
          : null;
  return decoder && response.pipe(decoder);
};

/** One request to `url`, connected to `addresses` only; a success's body read within `want`. */
function exchange(
  url: URL,
  addresses: readonly LookupAddress[],
  headers: Record<string, string>,
  want: Want,
  signal: AbortSignal,
  tooLate: () => FetchRefused,
): Promise<Answer> {
  if (signal.aborted) return Promise.reject(tooLate());
  return new Promise<Answer>((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    let settled = false;
    let body: Readable | null = null;
    const settle = (error: Error | null, answer?: Answer) => {
      if (settled) return;
      settled = true;
      signal.removeEventListener('abort', onAbort);
      request.destroy();
      // A decompressor stops inflating what it already holds only when destroyed (a small bomb is large).
      body?.destroy();
      if (error) reject(error);
      else resolve(answer!);
    };
    const onAbort = () => settle(tooLate());
    const unreachable = (error: NodeJS.ErrnoException) =>
      settle(new FetchRefused('status', `${url.host} could not be reached (${error.code ?? error.message})`));
    const tooLarge = () =>
      settle(new FetchRefused('too-large', `the ${want.what} is larger than ${megabytes(want.cap)}`));
    const send = url.protocol === 'https:' ? httpsRequest : httpRequest;
    const request = send(url, { agent: false, headers, lookup: pinned(addresses) }, (response) => {
      const status = response.statusCode ?? 0;
      const done = () => settle(null, { status, headers: response.headers, body: Buffer.concat(chunks) });
      response.on('error', unreachable);
      if (status < 200 || status > 299) return done();
      const type = mediaType(response.headers);
      if (want.types && !want.types.has(type))
        return settle(
          new FetchRefused('type', `the ${want.what} is ${type || 'of no stated type'}, not ${want.expected}`),
        );
      if (!want.truncate && Number(response.headers['content-length']) > want.cap) return tooLarge();
      body = decompressed(response);
      if (!body)
        return settle(new FetchRefused('type', `the ${want.what} is compressed in a way the service does not read`));
      body.on('data', (chunk: Buffer) => {
        if (settled) return;
        if (size + chunk.length <= want.cap) {
          chunks.push(chunk);
          size += chunk.length;
        } else if (!want.truncate) tooLarge();
        else {
          chunks.push(chunk.subarray(0, want.cap - size));
          size = want.cap;
          done();
        }
      });
      body.on('end', done);
      body.on('error', unreachable);
    });
    request.on('error', unreachable);
    signal.addEventListener('abort', onAbort, { once: true });
    request.end();
  });
}

const CHARSET = /charset\s*=\s*["']?([\w.:-]{1,40})/i;

/** A page's text, in the charset its Content-Type names, else its `<meta>` in the first KB, else UTF-8. */
function textOf(answer: Answer): string {
  const declared =
    CHARSET.exec(answer.headers['content-type'] ?? '')?.[1] ??
    CHARSET.exec(answer.body.subarray(0, 1024).toString('latin1'))?.[1];
  try {
    return new TextDecoder(declared ?? 'utf-8').decode(answer.body);
  } catch {
    return new TextDecoder().decode(answer.body);
  }
}

const LOC = /<loc>([^<]{1,2048})<\/loc>/g;
const XML_ENTITY = /&(?:(amp|lt|gt|quot|apos)|#(\d{1,7})|#x([\da-f]{1,6}));/gi;
const NAMED: Readonly<Record<string, string>> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'" };

/**
 * The `<loc>` values of a sitemap, read with one bounded pattern instead of an XML parser: a DTD
 * is never read, so no entity can expand, and only XML's five entities and character references
 * are decoded.
 */
const locsOf = (xml: string): string[] =>
  Array.from(xml.matchAll(LOC), (match) =>
    match[1]!.trim().replace(XML_ENTITY, (_, name: string | undefined, decimal?: string, hex?: string) => {
      if (name) return NAMED[name.toLowerCase()] ?? '';
      const point = decimal ? Number(decimal) : parseInt(hex!, 16);
      return point <= 0x10ffff ? String.fromCodePoint(point) : '';
    }),
  );

const ok = (status: number) => status >= 200 && status <= 299;
const answered = (what: string, status: number) =>
  new FetchRefused('status', `the ${what} answered ${status} ${STATUS_CODES[status] ?? ''}`.trim());

type Robots = RobotsRules | 'all';

/** A fetcher with its own robots.txt cache; see the module's comment for the rules it keeps. */
export function createFetcher(options: FetcherOptions = {}): Fetcher {
  const maxBytes = options.maxBytes ?? 2 * 1024 * 1024;
  const timeoutMs = options.timeoutMs ?? 10_000;
  const userAgent = options.userAgent ?? `${ROBOTS_AGENT}/1.0`;
  const ownOrigin = options.ownOrigin ? new URL(options.ownOrigin).origin : null;
  const robotsByOrigin = new Map<string, { until: number; rules: Promise<Robots> }>();
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
  // Google reads the first 500 KiB of a robots.txt; what a page is, it does not care.
  const robots: Want = {
    what: 'robots.txt',
    accept: 'text/plain',
    types: null,
    expected: '',
    cap: ROBOTS_BYTES,
    truncate: true,
  };

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
      if (want !== robots) await obeyRobots(url, signal, tooLate);
      const answer = await exchange(url, addresses, headers, want, signal, tooLate);
      const location = REDIRECTS.has(answer.status) ? answer.headers.location : undefined;
      if (!location) return { url, answer };
      if (hop === MAX_REDIRECTS)
        throw new FetchRefused('redirects', `the ${want.what} redirects more than ${MAX_REDIRECTS} times`);
      url = checkedUrl(location, url, host, `the ${want.what} redirects to`);
    }
  }

  async function readRobots(site: URL): Promise<Robots> {
    const url = new URL('/robots.txt', site.origin);
    const ms = Math.min(ROBOTS_TIMEOUT_MS, timeoutMs);
    const unreadable = (why: string) =>
      new FetchRefused('robots', `robots.txt of ${site.host} ${why}, so the service does not fetch its pages for now`);
    let answer: Answer;
    try {
      ({ answer } = await get(url, site.hostname, robots, {}, ms));
    } catch (error) {
      if (!(error instanceof FetchRefused)) throw error;
      if (error.code === 'timeout') throw unreadable(`did not arrive within ${ms / 1000} s`);
      // Redirected away, or too often: as if there were none (Google's reading).
      if (error.code === 'host' || error.code === 'redirects' || error.code === 'url') return 'all';
      // Anything else (the site unreachable, its address refused) says more about the page than robots.txt would.
      throw error;
    }
    if (ok(answer.status)) return robotsParser(url.href, answer.body.toString('utf8'));
    if (answer.status === 429 || answer.status >= 500) throw unreadable(`answered ${answer.status}`);
    return 'all';
  }

  async function obeyRobots(url: URL, signal: AbortSignal, tooLate: () => FetchRefused): Promise<void> {
    let entry = robotsByOrigin.get(url.origin);
    if (!entry || entry.until <= Date.now()) {
      const fresh = { until: Date.now() + ROBOTS_LIFETIME_MS, rules: readRobots(url) };
      robotsByOrigin.set(url.origin, fresh);
      // One that could not be read is asked again for the next page: the failure may have passed.
      fresh.rules.catch(() => robotsByOrigin.get(url.origin) === fresh && robotsByOrigin.delete(url.origin));
      entry = fresh;
    }
    const rules = await within(entry.rules, signal, tooLate);
    if (rules !== 'all' && rules.isAllowed(url.href, ROBOTS_AGENT) === false)
      throw new FetchRefused('robots', `robots.txt of ${url.host} disallows ${url.pathname}`);
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
      const { title, markdown } = htmlToMarkdown(textOf(answer), url.href);
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
