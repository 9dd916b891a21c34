/**
 * A booking's own page and calendar file [ext] (API.md §3.11): `GET /viewings/manage?token=…` shows
 * the booking in its visitor's language with a form to cancel it or move it to another free slot —
 * plain HTML forms, no script, posting back to the same address (then a redirect: a reload never
 * posts twice) — and `GET /viewings/calendar.ics?token=…` is its invite as it now stands. The token
 * is the only credential (mail/viewing-links.ts).
 */
import type { FastifyInstance, FastifyReply } from 'fastify';
import type { ServiceContext } from './context.ts';
import { Failure } from './envelope.ts';
import { StoreError } from '../store/errors.ts';
import { bookingCalendar } from '../mail/viewing-mail.ts';
import { viewingWords, whenText, zoneName, type ViewingWords } from '../mail/viewing-words.ts';
import type { ChatbotRow } from '../store/chatbots.ts';
import { localDay } from '../store/calendar.ts';
import { bookingOf, cancelBooking, manageThrottle, moveBooking } from './routes/viewings.ts';
import { chatbotSlots, type ViewingRow } from '../store/viewings.ts';

const PAGE = '/viewings/manage';
const CALENDAR = '/viewings/calendar.ics';
/** Slots the page offers to move to: about a week's at the hours a chatbot usually keeps, grouped by day. */
const PAGE_SLOTS = 200;
const TOKEN = /^[A-Za-z0-9_-]{20,100}$/;

const escape = (text: string) =>
  text.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);

const HEADERS = {
  'content-type': 'text/html; charset=utf-8',
  'cache-control': 'no-store',
  'referrer-policy': 'no-referrer',
  'x-content-type-options': 'nosniff',
  'content-security-policy':
    "default-src 'none'; style-src 'unsafe-inline'; form-action 'self'; frame-ancestors 'none'",
};

const STYLE = `body{font:16px/1.5 system-ui,sans-serif;max-width:40rem;margin:2rem auto;padding:0 1rem;color:#1f2937}
h1{font-size:1.5rem}p.state{font-weight:600}.done{background:#ecfdf5;border:1px solid #047857;padding:.5rem 1rem}
.error{background:#fef2f2;border:1px solid #b91c1c;padding:.5rem 1rem}fieldset{border:1px solid #9ca3af;margin:1rem 0}
button{font:inherit;padding:.5rem 1rem;min-height:44px;cursor:pointer}label{display:inline-block;margin:.25rem .75rem .25rem 0;min-height:24px}
a{color:#1d4ed8}:focus-visible{outline:3px solid #1d4ed8;outline-offset:2px}
@media (prefers-color-scheme:dark){body{background:#111827;color:#f3f4f6}a{color:#93c5fd}.done{background:#064e3b}.error{background:#7f1d1d}}`;

function page(w: ViewingWords, language: string, body: string): string {
  const dir = language === 'ar' ? 'rtl' : 'ltr';
  return `<!doctype html><html lang="${escape(language)}" dir="${dir}"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1"><meta name="robots" content="noindex"><title>${escape(w.title)}</title><style>${STYLE}</style></head><body><main>${body}</main></body></html>`;
}

interface Shown {
  chatbot: ChatbotRow;
  viewing: ViewingRow;
  token: string;
  done?: 'cancelled' | 'moved' | undefined;
  error?: string | undefined;
  /** Asked to cancel: the page asks to be sure first. */
  confirming?: boolean;
}

async function render(
  ctx: ServiceContext,
  { chatbot, viewing: v, token, done, error, confirming }: Shown,
): Promise<string> {
  const w = viewingWords(v.language);
  const tz = chatbot.settings.TimeZone;
  const now = ctx.clock.now();
  const when = (d: Date) => whenText(w, d, tz);
  const parts = [
    `<h1>${escape(w.title)} — ${escape(chatbot.settings.Name)}</h1>`,
    done ? `<p class="done" role="status">${escape(w.done[done])}</p>` : '',
    error ? `<p class="error" role="alert">${escape(error)}</p>` : '',
    `<p>${v.listingUrl ? `<a href="${escape(v.listingUrl)}">${escape(v.address)}</a>` : escape(v.address)}</p>`,
    `<p>${escape(w.when(when(v.startAt), zoneName(w, tz)))}</p>`,
    `<p class="state">${escape(v.state === 'booked' ? w.stateBooked : w.stateCancelled)}</p>`,
  ];
  const open = v.state === 'booked' && v.startAt > now;
  if (v.state === 'booked' && !open) parts.push(`<p>${escape(w.past)}</p>`);
  if (open) {
    parts.push(`<p><a href="${CALENDAR}?token=${token}" download="viewing.ics">${escape(w.addToCalendar)}</a></p>`);
    // Cancelling asks to be sure first, on a page of its own: no script, and a reload asks again.
    parts.push(
      confirming
        ? `<form method="post" action="${PAGE}"><p role="alert">${escape(w.sure)}</p><input type="hidden" name="token" value="${token}"><input type="hidden" name="action" value="cancel"><button type="submit">${escape(w.cancel)}</button> <a href="${PAGE}?token=${token}">${escape(w.keep)}</a></form>`
        : `<p><a href="${PAGE}?token=${token}&amp;confirm=cancel">${escape(w.cancel)}</a></p>`,
    );
    if (confirming) return page(w, v.language, parts.join('\n'));
    const slots = (await chatbotSlots(ctx.db, chatbot.serialNumber, chatbot.settings, now)).slice(0, PAGE_SLOTS);
    if (!slots.length) parts.push(`<p>${escape(w.noSlots)}</p>`);
    else {
      const days = new Map<string, typeof slots>();
      for (const s of slots) {
        const day = localDay(s.start, tz);
        days.set(day, [...(days.get(day) ?? []), s]);
      }
      const dayName = new Intl.DateTimeFormat(w.locale, { dateStyle: 'full', timeZone: tz });
      const time = new Intl.DateTimeFormat(w.locale, { timeStyle: 'short', timeZone: tz });
      // One radio of the group `required` makes choosing one required (HTML's radio button group).
      const groups = [...days.values()].map(
        (group, g) =>
          `<fieldset><legend>${escape(dayName.format(group[0]!.start))}</legend>${group
            .map(
              (s, i) =>
                `<label><input type="radio" name="start" value="${s.start.toISOString()}"${g === 0 && i === 0 ? ' required' : ''}> ${escape(time.format(s.start))}</label>`,
            )
            .join('')}</fieldset>`,
      );
      parts.push(
        `<h2>${escape(w.pick)}</h2><form method="post" action="${PAGE}"><input type="hidden" name="token" value="${token}"><input type="hidden" name="action" value="move">${groups.join('')}<button type="submit">${escape(w.move)}</button></form>`,
      );
    }
  }
  return page(w, v.language, parts.join('\n'));
}

const invalidLink = (reply: FastifyReply, status: number) => {
  const w = viewingWords('en');
  return reply
    .code(status)
    .headers(HEADERS)
    .send(page(w, 'en', `<h1>${escape(w.title)}</h1><p class="error" role="alert">${escape(w.invalid)}</p>`));
};

/** A refusal's words for the page (a 409 says why the slot cannot be had); anything else goes on up. */
const refusal = (error: unknown): string | null =>
  error instanceof Failure && error.code === 409
    ? error.message
    : error instanceof StoreError && error.refusal === 'conflict'
      ? error.message
      : null;

export function viewingPages(app: FastifyInstance, ctx: ServiceContext): void {
  app.get('/viewings/manage', async (req, reply) => {
    const query = req.query as { token?: unknown; done?: unknown; confirm?: unknown };
    const token = typeof query.token === 'string' ? query.token : '';
    if (!TOKEN.test(token)) return invalidLink(reply, 404);
    await manageThrottle(ctx, req, ctx.clock.now());
    const found = await bookingOf(ctx, token).catch(() => null);
    if (!found) return invalidLink(reply, 404);
    const done = query.done === 'cancelled' || query.done === 'moved' ? query.done : undefined;
    const confirming = query.confirm === 'cancel';
    return reply.headers(HEADERS).send(await render(ctx, { ...found, token, done, confirming }));
  });

  app.get('/viewings/calendar.ics', async (req, reply) => {
    const { token: given } = req.query as { token?: unknown };
    const token = typeof given === 'string' ? given : '';
    if (!TOKEN.test(token)) return invalidLink(reply, 404);
    await manageThrottle(ctx, req, ctx.clock.now());
    const found = await bookingOf(ctx, token).catch(() => null);
    if (!found) return invalidLink(reply, 404);
    return reply
      .headers({
        'content-type': 'text/calendar; charset=utf-8',
        'content-disposition': 'attachment; filename="viewing.ics"',
        'cache-control': 'no-store',
        'x-content-type-options': 'nosniff',
      })
      .send(bookingCalendar(ctx, found.chatbot, found.viewing));
  });

  // The page's forms post here as a browser does (urlencoded): a parser for this scope alone.
  void app.register(async (scope) => {
    scope.addContentTypeParser(
      'application/x-www-form-urlencoded',
      { parseAs: 'string', bodyLimit: 4_096 },
      (_req, body, done) => done(null, Object.fromEntries(new URLSearchParams(String(body)))),
    );
    scope.post<{ Body: Record<string, string> | undefined }>(PAGE, async (req, reply) => {
      const form = req.body && typeof req.body === 'object' ? req.body : {};
      const token = typeof form.token === 'string' ? form.token : '';
      if (!TOKEN.test(token)) return invalidLink(reply, 404);
      const now = ctx.clock.now();
      await manageThrottle(ctx, req, now);
      const found = await bookingOf(ctx, token).catch(() => null);
      if (!found) return invalidLink(reply, 404);
      const start = typeof form.start === 'string' ? new Date(form.start) : null;
      try {
        if (form.action === 'cancel') await cancelBooking(ctx, found.chatbot, found.viewing, 'visitor', now);
        else if (form.action === 'move' && start && !Number.isNaN(start.getTime()))
          await moveBooking(ctx, found.chatbot, found.viewing, start, now);
        else
          return reply
            .code(400)
            .headers(HEADERS)
            .send(await render(ctx, { ...found, token, error: viewingWords(found.viewing.language).pick }));
      } catch (error) {
        const why = refusal(error);
        if (why === null) throw error;
        const again = await bookingOf(ctx, token);
        return reply
          .code(409)
          .headers(HEADERS)
          .send(await render(ctx, { ...again, token, error: why }));
      }
      return reply.redirect(`${PAGE}?token=${token}&done=${form.action === 'cancel' ? 'cancelled' : 'moved'}`, 303);
    });
  });
}
