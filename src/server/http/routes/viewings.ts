/**
 * Viewings booked in the chat [ext] (API.md §3.11, PROTOCOL.md *Viewings*): a listing's free slots,
 * a booking, its cancellation and its move by the token of its ManageUrl, and the owner's list and
 * cancellation. The manage page and the calendar file are http/viewing-page.ts.
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { addressText, type Listing, type ViewingBooking } from '../../../protocol/index.ts';
import type { Caller } from '../auth.ts';
import type { ServiceContext } from '../context.ts';
import { conflict, notFound } from '../envelope.ts';
import { operation, originOf, ownedChatbot } from '../operation.ts';
import { throttle } from '../throttle.ts';
import { sessionFor } from './chat.ts';
import { dayRange, localDay, addDays } from '../../store/calendar.ts';
import { findChatbot, type ChatbotRow } from '../../store/chatbots.ts';
import { getListing } from '../../store/listings.ts';
import { sessionLanguage } from '../../store/messages.ts';
import {
  bookViewing,
  cancelViewing,
  chatbotSlots,
  findViewing,
  listViewings,
  rescheduleViewing,
  type ViewingRow,
} from '../../store/viewings.ts';
import { enqueueViewingMail } from '../../mail/viewing-mail.ts';
import { viewingIdOf, viewingLinks, viewingToken } from '../../mail/viewing-links.ts';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** The chatbot's listing a visitor names by Id, MLS number or Url; 404 when none, 409 when it cannot be seen. */
export async function bookableListing(ctx: ServiceContext, chatbot: ChatbotRow, ref: string): Promise<Listing> {
  const key = ref.trim();
  const listing =
    (UUID.test(key) ? await getListing(ctx.db, chatbot.serialNumber, 'NewOaks', key.toLowerCase()) : null) ??
    (await getListing(ctx.db, chatbot.serialNumber, 'MLSNumber', key)) ??
    (/^https?:/i.test(key) ? await getListing(ctx.db, chatbot.serialNumber, 'URL', key) : null);
  if (!listing) throw notFound(`No listing of this chatbot has the Id, MLS number or Url "${key.slice(0, 200)}"`);
  if (listing.Status !== 'Active')
    throw conflict(
      `"listing" cannot be booked: it is ${listing.Status === 'Sold' ? 'sold' : 'not on the market yet (PreOnMarket)'}`,
    );
  if (!chatbot.settings.ViewingHours.length)
    throw conflict('This chatbot takes no bookings: it has no showing hours (ViewingHours); ask for a person instead');
  return listing;
}

/** A booking as its visitor sees it. */
export function bookingView(ctx: ServiceContext, chatbot: ChatbotRow, v: ViewingRow): ViewingBooking {
  const links = viewingLinks(v.origin, viewingToken(ctx.secret, v.id));
  return {
    Id: v.id,
    State: v.state,
    Start: v.startAt.toISOString(),
    End: v.endAt.toISOString(),
    TimeZone: chatbot.settings.TimeZone,
    Listing: { Id: v.listingId, Address: v.address },
    Email: v.email,
    ManageUrl: links.manage,
    CalendarUrl: links.calendar,
  };
}

/** The booking a token names, and its chatbot; 404 for a token that names none. */
export async function bookingOf(
  ctx: ServiceContext,
  token: string,
): Promise<{ viewing: ViewingRow; chatbot: ChatbotRow }> {
  const id = viewingIdOf(ctx.secret, token);
  const viewing = id ? await findViewing(ctx.db, id) : null;
  const chatbot = viewing ? await findChatbot(ctx.db, viewing.chatbot) : null;
  if (!viewing || !chatbot) throw notFound('No booking has this token; use the link of the confirmation email');
  return { viewing, chatbot };
}

/** Cancels a booking (by its visitor or the owner) and queues both sides' cancellations. */
export async function cancelBooking(
  ctx: ServiceContext,
  chatbot: ChatbotRow,
  viewing: ViewingRow,
  by: 'visitor' | 'owner',
  now: Date,
): Promise<ViewingRow> {
  if (viewing.state === 'cancelled') throw conflict('This booking is already cancelled');
  if (viewing.startAt <= now) throw conflict('This viewing has already begun or taken place; it cannot be cancelled');
  const cancelled = await cancelViewing(ctx.db, viewing.id, by, now);
  if (!cancelled) throw conflict('This booking is already cancelled');
  await enqueueViewingMail(ctx, chatbot, cancelled, 'cancelled');
  return cancelled;
}

/** Moves a booking to a free slot and queues both sides' updated invites. */
export async function moveBooking(
  ctx: ServiceContext,
  chatbot: ChatbotRow,
  viewing: ViewingRow,
  start: Date,
  now: Date,
): Promise<ViewingRow> {
  if (viewing.state === 'cancelled') throw conflict('This booking was cancelled; book a new one');
  if (viewing.startAt <= now) throw conflict('This viewing has already begun or taken place; it cannot be moved');
  const moved = await rescheduleViewing(ctx.db, chatbot.settings, viewing.id, start, now);
  await enqueueViewingMail(ctx, chatbot, moved, 'rescheduled');
  return moved;
}

const visitorThrottle = (
  ctx: ServiceContext,
  caller: Caller,
  which: 'ViewingSlots' | 'ViewingBook',
  who: { chatbot: string; sessionId: number; address: string },
  now: Date,
) => (caller.kind === 'visitor' ? throttle(ctx.db, ctx.throttles, which, who, now) : Promise.resolve());

/** A token operation's throttle: by address (the token is the only credential). */
export const manageThrottle = (ctx: ServiceContext, req: FastifyRequest, now: Date) =>
  throttle(ctx.db, ctx.throttles, 'ViewingManage', { chatbot: '', sessionId: null, address: req.ip }, now);

export function viewingRoutes(app: FastifyInstance, ctx: ServiceContext): void {
  operation(app, ctx, 'ViewingSlots', async ({ body, caller, req, reply, now }) => {
    const { session, chatbot } = await sessionFor(ctx, caller, body.sessionID, req, reply);
    const who = { chatbot: chatbot.serialNumber, sessionId: session.id, address: req.ip };
    await visitorThrottle(ctx, caller, 'ViewingSlots', who, now);
    await bookableListing(ctx, chatbot, body.listing);
    const from = body.from ? new Date(body.from) : undefined;
    // Never past ViewingDays from now, whatever `days` says (store/viewing-slots.ts freeSlots).
    const slots = await chatbotSlots(ctx.db, chatbot.serialNumber, chatbot.settings, now, from, body.days);
    return {
      TimeZone: chatbot.settings.TimeZone,
      Slots: slots.map((s) => ({ Start: s.start.toISOString(), End: s.end.toISOString() })),
    };
  });

  operation(app, ctx, 'ViewingBook', async ({ body, caller, req, reply, now }) => {
    const { session, chatbot } = await sessionFor(ctx, caller, body.sessionID, req, reply);
    const who = { chatbot: chatbot.serialNumber, sessionId: session.id, address: req.ip };
    await visitorThrottle(ctx, caller, 'ViewingBook', who, now);
    const listing = await bookableListing(ctx, chatbot, body.listing);
    const viewing = await bookViewing(
      ctx.db,
      chatbot.settings,
      {
        chatbot: chatbot.serialNumber,
        listing: { id: listing.Id, address: addressText(listing), url: listing.Url, mlsNumber: listing.MLSNumber },
        sessionId: session.id,
        start: new Date(body.start),
        name: body.name.trim(),
        email: body.email.trim(),
        phone: body.phone?.trim() ?? '',
        note: body.note?.trim() ?? '',
        language: (await sessionLanguage(ctx.db, session.id)) ?? 'en',
        origin: originOf(ctx, req),
      },
      now,
    );
    await enqueueViewingMail(ctx, chatbot, viewing, 'booked');
    return bookingView(ctx, chatbot, viewing);
  });

  operation(app, ctx, 'ViewingCancel', async ({ body, req, now }) => {
    await manageThrottle(ctx, req, now);
    const { viewing, chatbot } = await bookingOf(ctx, body.token);
    return bookingView(ctx, chatbot, await cancelBooking(ctx, chatbot, viewing, 'visitor', now));
  });

  operation(app, ctx, 'ViewingReschedule', async ({ body, req, now }) => {
    await manageThrottle(ctx, req, now);
    const { viewing, chatbot } = await bookingOf(ctx, body.token);
    return bookingView(ctx, chatbot, await moveBooking(ctx, chatbot, viewing, new Date(body.start), now));
  });

  operation(app, ctx, 'OwnerViewingCancel', async ({ body, caller, now }) => {
    const chatbot = await ownedChatbot(ctx, caller, body.SerialNumber);
    const viewing = await findViewing(ctx.db, body.Id.toLowerCase());
    if (!viewing || viewing.chatbot !== chatbot.serialNumber)
      throw notFound(`No booking of this chatbot has the Id "${body.Id}"`);
    return bookingView(ctx, chatbot, await cancelBooking(ctx, chatbot, viewing, 'owner', now));
  });

  operation(app, ctx, 'ViewingList', async ({ body, caller, now }) => {
    const chatbot = await ownedChatbot(ctx, caller, body.SerialNumber);
    const tz = chatbot.settings.TimeZone;
    // Without a range: from today for ViewingDays days and a little more — the bookings still to come.
    const today = localDay(now, tz);
    const range = dayRange(
      { From: body.From ?? (body.To ? undefined : today), To: body.To ?? (body.From ? undefined : addDays(today, 60)) },
      tz,
      now,
      61,
    );
    const page = body.Page ?? 1;
    const pageSize = body.PageSize ?? 20;
    const { rows, total } = await listViewings(ctx.db, chatbot.serialNumber, range, body.State, page, pageSize);
    return {
      Items: rows.map((v) => ({
        Id: v.id,
        State: v.state,
        Start: v.startAt.toISOString(),
        End: v.endAt.toISOString(),
        Listing: { Id: v.listingId, Address: v.address, MLSNumber: v.mlsNumber, Url: v.listingUrl },
        SessionID: v.sessionId,
        Name: v.name,
        Email: v.email,
        Phone: v.phone,
        Note: v.note,
        CreatedAt: v.createdAt.toISOString(),
        CancelledAt: v.cancelledAt ? v.cancelledAt.toISOString() : null,
        CancelledBy: v.cancelledBy ?? null,
      })),
      Total: total,
    };
  });
}
