/**
 * robots.txt as the fetcher obeys it (fetch.ts), for the agent ChatBotKnowledge, as Google reads
 * it: missing (4xx) or redirected away allows everything; unreadable (5xx, 429, no answer in time)
 * allows nothing for now — asked again for the next page; read, it holds for a day per origin.
 */
import { createRequire } from 'node:module';
import { within, type Answer, type Want } from './http-get.ts';
import { FetchRefused } from './refusal.ts';

export const ROBOTS_AGENT = 'ChatBotKnowledge';
const ROBOTS_TIMEOUT_MS = 5_000;
/** How long a robots.txt read stays true (Google's: a day). */
const ROBOTS_LIFETIME_MS = 24 * 60 * 60 * 1000;

/** Google reads the first 500 KiB of a robots.txt; what a page is, it does not care. */
export const ROBOTS_WANT: Want = {
  what: 'robots.txt',
  accept: 'text/plain',
  types: null,
  expected: '',
  cap: 100 * 1024,
  truncate: true,
};

/** What robots-parser makes of a robots.txt: the one question asked of it. */
interface RobotsRules {
  isAllowed(url: string, ua?: string): boolean | undefined;
}
// A CommonJS function whose types say `export default`: required, and typed here, it is the same
// function for the bundler's resolution (tests) and Node's (the compiled service), which read a
// default import of it apart.
const robotsParser = createRequire(import.meta.url)('robots-parser') as (url: string, robotsTxt: string) => RobotsRules;

type Robots = RobotsRules | 'all';

/**
 * What checks each address against its site's robots.txt, read through `get` (the fetcher's own
 * checked fetch, within `ms`) and kept per origin; it throws FetchRefused `robots` for one disallowed.
 */
export function robotsObeyed(
  get: (url: URL, ms: number) => Promise<{ answer: Answer }>,
  timeoutMs: number,
): (url: URL, signal: AbortSignal, tooLate: () => FetchRefused) => Promise<void> {
  const byOrigin = new Map<string, { until: number; rules: Promise<Robots> }>();

  async function read(site: URL): Promise<Robots> {
    const url = new URL('/robots.txt', site.origin);
    const ms = Math.min(ROBOTS_TIMEOUT_MS, timeoutMs);
    const unreadable = (why: string) =>
      new FetchRefused('robots', `robots.txt of ${site.host} ${why}, so the service does not fetch its pages for now`);
    let answer: Answer;
    try {
      ({ answer } = await get(url, ms));
    } catch (error) {
      if (!(error instanceof FetchRefused)) throw error;
      if (error.code === 'timeout') throw unreadable(`did not arrive within ${ms / 1000} s`);
      // Redirected away, or too often: as if there were none (Google's reading).
      if (error.code === 'host' || error.code === 'redirects' || error.code === 'url') return 'all';
      // Anything else (the site unreachable, its address refused) says more about the page than robots.txt would.
      throw error;
    }
    if (answer.status >= 200 && answer.status <= 299) return robotsParser(url.href, answer.body.toString('utf8'));
    if (answer.status === 429 || answer.status >= 500) throw unreadable(`answered ${answer.status}`);
    return 'all';
  }

  return async (url, signal, tooLate) => {
    let entry = byOrigin.get(url.origin);
    if (!entry || entry.until <= Date.now()) {
      const fresh = { until: Date.now() + ROBOTS_LIFETIME_MS, rules: read(url) };
      byOrigin.set(url.origin, fresh);
      // One that could not be read is asked again for the next page: the failure may have passed.
      fresh.rules.catch(() => byOrigin.get(url.origin) === fresh && byOrigin.delete(url.origin));
      entry = fresh;
    }
    const rules = await within(entry.rules, signal, tooLate);
    if (rules !== 'all' && rules.isAllowed(url.href, ROBOTS_AGENT) === false)
      throw new FetchRefused('robots', `robots.txt of ${url.host} disallows ${url.pathname}`);
  };
}
