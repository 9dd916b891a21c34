/**
 * Throttles of the visitor operations: GetSession, TalkToHuman, Feedback, GetPreUploadUrl (which
 * every upload begins with: an upload URL takes one PUT and one UploadSuccess), the PUT of an
 * upload's bytes (`Upload`: a URL whose bytes are refused takes them again) — and ClientAsk,
 * whose bounds here are a backstop far above the owner's own limits (RateLimitCount, MessageLimit:
 * http/limits.ts), for a chatbot whose owner set none. Each counts a visitor's calls per
 * session and per address (of a chatbot), in fixed windows kept in the database — one count for
 * every instance and WORKERS process — and refuses past its bound with a 429 whose Retry-After
 * says when the window ends. Owners' calls are never throttled. The bounds are the service's
 * (THROTTLE, start/config.ts), the same for every chatbot.
 */
import { lt, sql } from 'drizzle-orm';
import { rateLimited } from './envelope.ts';
import type { Db } from '../store/db.ts';
import { rowsOf } from '../store/db.ts';
import { throttleWindows } from '../store/schema.ts';

export const THROTTLED = [
  'GetSession',
  'ClientAsk',
  'TalkToHuman',
  'Feedback',
  'GetPreUploadUrl',
  'Upload',
  'Typing',
  'ViewingSlots',
  'ViewingBook',
  'ViewingManage',
] as const;
export type Throttled = (typeof THROTTLED)[number];
export type Scope = 'session' | 'address';

/** At most `count` calls in `seconds`; a count of 0 turns it off. */
export interface Bound {
  count: number;
  seconds: number;
}

export type Throttles = Record<Throttled, Partial<Record<Scope, Bound>>>;

/**
 * The defaults: far above what a person does in a chat, far below what a script sends. A new
 * session per page view (20 a minute from one address, an office behind one NAT included);
 * asking for a person a few times per conversation; rating every answer, and changing one's mind;
 * a few images or a recording per question, each URL's bytes sent once and again after a refusal
 * (too large, not a file the service takes, no room just now).
 */
export const DEFAULT_THROTTLES: Throttles = {
  GetSession: { address: { count: 20, seconds: 60 } },
  ClientAsk: { session: { count: 30, seconds: 60 }, address: { count: 120, seconds: 60 } },
  TalkToHuman: { session: { count: 3, seconds: 600 }, address: { count: 10, seconds: 3_600 } },
  Feedback: { session: { count: 30, seconds: 60 }, address: { count: 120, seconds: 60 } },
  GetPreUploadUrl: { session: { count: 20, seconds: 600 }, address: { count: 60, seconds: 600 } },
  Upload: { session: { count: 40, seconds: 600 }, address: { count: 120, seconds: 600 } },
  // The widget says so at most every few seconds while the visitor types in a held conversation.
  Typing: { session: { count: 30, seconds: 60 }, address: { count: 240, seconds: 60 } },
  // Looking at a few homes' free times; a booking or two per conversation, and a retry after a slot was taken.
  ViewingSlots: { session: { count: 30, seconds: 600 }, address: { count: 120, seconds: 600 } },
  ViewingBook: { session: { count: 5, seconds: 600 }, address: { count: 20, seconds: 3_600 } },
  // A booking's manage page and its cancel or move (the token is the credential: by address only).
  ViewingManage: { address: { count: 60, seconds: 600 } },
};

/** No throttle at all (THROTTLE=off): for a service behind a gateway that throttles, and for tests of other things. */
export const NO_THROTTLES: Throttles = {
  GetSession: {},
  ClientAsk: {},
  TalkToHuman: {},
  Feedback: {},
  GetPreUploadUrl: {},
  Upload: {},
  Typing: {},
  ViewingSlots: {},
  ViewingBook: {},
  ViewingManage: {},
};

/**
 * THROTTLE: `off`, or comma-separated `Operation.scope=count/seconds` that change the defaults,
 * e.g. `TalkToHuman.session=5/600,GetSession.address=0/60` (a count of 0 turns that one off).
 */
export function parseThrottles(raw: string | undefined): Throttles {
  const text = (raw ?? '').trim();
  if (text === '') return DEFAULT_THROTTLES;
  if (/^off$/i.test(text)) return NO_THROTTLES;
  const out = structuredClone(DEFAULT_THROTTLES);
  for (const part of text.split(',')) {
    const item = part.trim();
    const match = /^(\w+)\.(session|address)=(\d{1,9})\/(\d{1,9})$/.exec(item);
    const operation = match?.[1] as Throttled | undefined;
    if (!match || !operation || !THROTTLED.includes(operation))
      throw new Error(
        `THROTTLE must be "off" or items like "TalkToHuman.session=3/600" (operation: ${THROTTLED.join(', ')}; scope: session or address; count/seconds) — got "${item}"`,
      );
    const scope = match[2] as Scope;
    const [count, seconds] = [Number(match[3]), Number(match[4])];
    if (operation === 'GetSession' && scope === 'session')
      throw new Error(
        'THROTTLE: GetSession makes sessions, so it is throttled per address only (got "GetSession.session")',
      );
    if (seconds < 1 || seconds > 86_400) throw new Error(`THROTTLE: the seconds of "${item}" must be from 1 to 86400`);
    out[operation][scope] = { count, seconds };
  }
  return out;
}

/** Who calls: the session (none for GetSession), the chatbot and the address. */
export interface Caller {
  chatbot: string;
  sessionId: number | null;
  address: string;
}

/**
 * Counts a visitor's call of `operation`, or refuses it (429, Retry-After) when a bound is reached
 * — then nothing is counted. One statement per bound, in one transaction: counted in both, or in
 * neither.
 */
export async function throttle(
  db: Db,
  throttles: Throttles,
  operation: Throttled,
  caller: Caller,
  now: Date,
): Promise<void> {
  const bounds = throttles[operation];
  const keys: { key: string; bound: Bound; scope: Scope }[] = [];
  if (bounds.session?.count && caller.sessionId !== null)
    keys.push({ key: `${operation}|session|${caller.sessionId}`, bound: bounds.session, scope: 'session' });
  if (bounds.address?.count)
    keys.push({
      key: `${operation}|address|${caller.chatbot}|${caller.address}`,
      bound: bounds.address,
      scope: 'address',
    });
  if (!keys.length) return;
  let refused: { scope: Scope; retryAfter: number } | null = null;
  await db
    .transaction(async (tx) => {
      for (const { key, bound, scope } of keys) {
        const ms = bound.seconds * 1000;
        const start = new Date(Math.floor(now.getTime() / ms) * ms);
        const end = new Date(start.getTime() + ms);
        // One upsert: a row per key and window, counted up while below the bound.
        const result = await tx.execute(sql`
          INSERT INTO ${throttleWindows} (key, window_start, window_end, count)
          VALUES (${key}, ${start.toISOString()}::timestamptz, ${end.toISOString()}::timestamptz, 1)
          ON CONFLICT (key, window_start) DO UPDATE SET count = ${throttleWindows}.count + 1
          WHERE ${throttleWindows}.count < ${bound.count}
          RETURNING count`);
        if (rowsOf(result).length === 0) {
          refused = { scope, retryAfter: Math.max(1, Math.ceil((end.getTime() - now.getTime()) / 1000)) };
          throw new Refused();
        }
      }
    })
    .catch((error: unknown) => {
      if (!(error instanceof Refused)) throw error;
    });
  if (refused) throw tooMany(operation, refused);
}

class Refused extends Error {}

const WHAT: Record<Throttled, string> = {
  GetSession: 'Too many new conversations',
  ClientAsk: 'Too many questions',
  TalkToHuman: 'Too many requests to talk to a person',
  Feedback: 'Too many ratings',
  GetPreUploadUrl: 'Too many uploads',
  Upload: 'Too many attempts to upload a file',
  Typing: 'Too many typing notices',
  ViewingSlots: 'Too many looks at viewing times',
  ViewingBook: 'Too many bookings',
  ViewingManage: 'Too many changes to bookings',
};

const tooMany = (operation: Throttled, { scope, retryAfter }: { scope: Scope; retryAfter: number }) =>
  rateLimited(
    `${WHAT[operation]} ${scope === 'session' ? 'in this conversation' : 'from this address'}; please try again in ${retryAfter} s`,
    retryAfter,
  );

/** Removes the windows that ended before `now` (the sweep, http/app.ts); how many. */
export async function sweepThrottles(db: Db, now: Date): Promise<number> {
  const removed = await db
    .delete(throttleWindows)
    .where(lt(throttleWindows.windowEnd, now))
    .returning({ key: throttleWindows.key });
  return removed.length;
}
