/**
 * Viewings booked in the chat (docs/WIDGET.md *Booking a viewing*): the times an answer's `slots`
 * block offers, told in the chatbot's time zone and the visitor's locale; a booking through the
 * service (ViewingBook), the listing's free times again after one was taken (ViewingSlots), and the
 * confirmation the conversation keeps. Part of the slots' chunk (elements/chat-bot-slots.ts): the
 * panel carries none of it.
 */
import { callViewing } from '../client/viewings.ts';
import type { OfferedSlot } from '../protocol/slots.ts';
import type { ViewingBooking } from '../protocol/viewings.ts';
import type { ConversationPort } from './chat-context.ts';
import { message } from './message.ts';
import { fill } from './strings/index.ts';
import type { SlotsStrings } from './strings/slots.ts';

/** What the visitor gives to book. */
export interface Visitor {
  name: string;
  email: string;
  phone: string;
}

/** Days and times as a visitor reads them, in one time zone. */
export interface Clock {
  day(at: Date): string;
  time(at: Date): string;
  /** The zone, as Intl names it (the visitor's own when the one given is unknown). */
  zone: string;
}

/** The time zone Intl makes of `timeZone` ("america/chicago" → "America/Chicago"); the visitor's own when it knows none such. */
function zoneOf(timeZone?: string): string {
  try {
    return new Intl.DateTimeFormat('en', { timeZone }).resolvedOptions().timeZone;
  } catch {
    return zoneOf();
  }
}

/** Days ("Saturday, March 7") and times ("11:00 AM") in `locale`, in the time zone `timeZone`. */
export function clock(locale: string, timeZone?: string): Clock {
  const zone = zoneOf(timeZone);
  const day = new Intl.DateTimeFormat(locale, { weekday: 'long', month: 'long', day: 'numeric', timeZone: zone });
  const time = new Intl.DateTimeFormat(locale, { hour: 'numeric', minute: '2-digit', timeZone: zone });
  return { day: (at) => day.format(at), time: (at) => time.format(at), zone };
}

/** The zone's name for a visitor ("Central Time"), when it is not their own; '' when it is. */
export function foreignZone(c: Clock, locale: string): string {
  if (c.zone === zoneOf()) return '';
  const parts = new Intl.DateTimeFormat(locale, { timeZone: c.zone, timeZoneName: 'longGeneric' }).formatToParts();
  return parts.find((p) => p.type === 'timeZoneName')?.value ?? c.zone;
}

/** A slot's key: its listing and its instant (however the instant is written). */
export const slotKey = (s: OfferedSlot) => `${s.listing} ${Date.parse(s.start)}`;

/** The slots by the local day they start on, soonest first; a slot offered twice is shown once. */
export function byDay(slots: readonly OfferedSlot[], c: Clock): { day: string; slots: OfferedSlot[] }[] {
  const days = new Map<string, OfferedSlot[]>();
  const seen = new Set<string>();
  for (const s of [...slots].sort((a, b) => Date.parse(a.start) - Date.parse(b.start))) {
    if (seen.has(slotKey(s))) continue;
    seen.add(slotKey(s));
    const day = c.day(new Date(s.start));
    days.set(day, [...(days.get(day) ?? []), s]);
  }
  return [...days].map(([day, list]) => ({ day, slots: list }));
}

/** Books the slot for the visitor in the conversation's session: the booking, or the service's ApiError. */
export async function book(conversation: ConversationPort, slot: OfferedSlot, v: Visitor): Promise<ViewingBooking> {
  const { client, sessionId } = await conversation.session();
  return callViewing(client, 'ViewingBook', {
    sessionID: sessionId,
    listing: slot.listing,
    start: slot.start,
    name: v.name,
    email: v.email,
    ...(v.phone ? { phone: v.phone } : {}),
  });
}

/** The listing's free slots now, and the time zone they are told in. */
export async function freeSlots(
  conversation: ConversationPort,
  listing: string,
): Promise<{ slots: OfferedSlot[]; timeZone: string }> {
  const { client, sessionId } = await conversation.session();
  const free = await callViewing(client, 'ViewingSlots', { sessionID: sessionId, listing });
  return { timeZone: free.TimeZone, slots: free.Slots.map((s) => ({ listing, start: s.Start, end: s.End })) };
}

/** A booking's line in its confirmation's `slots` block: what <chat-bot-slots> draws as its two links. */
export interface BookedLine {
  booked: string;
  calendar: string;
  manage: string;
  /** The slot booked (`slotKey`): an earlier answer no longer offers it, after a reload too. */
  slot?: string;
}

/** The booking a line of a `slots` block confirms, or null: it is an offered slot, or not a line at all. */
export function bookedLine(line: string): BookedLine | null {
  try {
    const v = JSON.parse(line) as Partial<Record<keyof BookedLine, unknown>> | null;
    const ok = v && typeof v.booked === 'string' && typeof v.calendar === 'string' && typeof v.manage === 'string';
    if (!ok) return null;
    const slot = typeof v.slot === 'string' ? { slot: v.slot } : {};
    return { booked: v.booked as string, calendar: v.calendar as string, manage: v.manage as string, ...slot };
  } catch {
    return null;
  }
}

/** The slots the conversation's confirmations booked (their `slot`): offered by no answer again. */
export function bookedSlots(messages: readonly { text: string }[]): Set<string> {
  const out = new Set<string>();
  for (const m of messages)
    if (m.text.includes('"booked"'))
      for (const line of m.text.split('\n')) {
        const b = line.startsWith('{') ? bookedLine(line) : null;
        if (b?.slot) out.add(b.slot);
      }
  return out;
}

/** Text shown as written in Markdown, mid-line: what starts inline syntax escaped (an address with `*` or `[`, an email with `_`). */
const literal = (text: string) => text.replace(/[\\`*_~[\]!<>&]/g, '\\$&');

/**
 * The booking's confirmation, added to the conversation as an answer and kept with it (so a reload
 * shows it again): its words — the address, the day and time in the chatbot's zone, where the invite
 * went — and a `slots` block holding the booking's links, drawn by <chat-bot-slots>. Announced once.
 */
export async function confirm(
  conversation: ConversationPort,
  booking: ViewingBooking,
  t: SlotsStrings,
  locale: string,
  lang: string,
): Promise<void> {
  const c = clock(locale, booking.TimeZone);
  const start = new Date(booking.Start);
  const words = (escape: (s: string) => string) =>
    `${fill(t.booked, { address: escape(booking.Listing.Address), day: c.day(start), time: c.time(start) })} ${fill(
      t.bookedInvite,
      { email: escape(booking.Email) },
    )}`;
  const links: BookedLine = {
    booked: booking.Id,
    calendar: booking.CalendarUrl,
    manage: booking.ManageUrl,
    slot: slotKey({ listing: booking.Listing.Id, start: booking.Start, end: booking.End }),
  };
  const m = {
    ...message('assistant', `${words(literal)}\n\n\`\`\`slots\n${JSON.stringify(links)}\n\`\`\``, 'done'),
    lang,
  };
  conversation.messages = [...conversation.messages, m];
  conversation.announce(
    m,
    words((s) => s),
  );
  await conversation.changed(true);
}
