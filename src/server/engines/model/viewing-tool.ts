/**
 * `find_viewing_slots`: the model looks up a listing's free times to see it (AnswerInput.viewingSlots)
 * nearest a day and time the visitor gave, chosen as the offline engine chooses them
 * (answer/viewing.ts). The engine shows the times it returned as the answer's slots block — the
 * buttons the visitor books with — so the model only says them in words.
 */
import type { OfferedSlot } from '../../../protocol/index.ts';
import type { Listing } from '../../../protocol/index.ts';
import { chooseSlots, localToday } from '../answer/viewing.ts';
import type { ViewingSlot } from '../index.ts';

export const VIEWING_TOOL = {
  type: 'function' as const,
  function: {
    name: 'find_viewing_slots',
    description:
      "Free times to see one listing, from the agency's showing hours (bookings taken out), nearest the day and time the visitor asked; the times you get are shown to the visitor as buttons to book with. Say them in words in the visitor's language; never invent a time.",
    parameters: {
      type: 'object',
      additionalProperties: false,
      required: ['listing_id'],
      properties: {
        listing_id: { type: 'string', description: 'The id of the listing, from a search, get_listing or the prompt' },
        day: { type: 'string', description: 'The day asked for, YYYY-MM-DD in the agency time zone (omit if none)' },
        time: { type: 'string', description: 'The time asked for, HH:MM on a 24-hour clock (omit if none)' },
      } as Record<string, unknown>,
    },
  },
};

export interface ViewingPort {
  slots: (listingId: string) => Promise<ViewingSlot[]>;
  timeZone: string;
  now: Date;
}

const DAY = /^\d{4}-\d{2}-\d{2}$/;
const TIME = /^([01]\d|2[0-3]):([0-5]\d)$/;

/** The free times for the call, as the model reads them, and the slots the answer shows. */
export async function runViewingTool(
  args: Record<string, unknown>,
  listing: Listing | undefined,
  port: ViewingPort,
): Promise<{ content: unknown; offered: OfferedSlot[] }> {
  if (!listing)
    return { content: { error: 'No listing has that id; find it with search_listings first.' }, offered: [] };
  if (listing.Status !== 'Active')
    return { content: { error: `This listing is ${listing.Status}: it cannot be seen. Offer a person.` }, offered: [] };
  const slots = await port.slots(listing.Id);
  if (!slots.length)
    return {
      content: { slots: [], note: 'No free time in the coming days: offer to have the team find one.' },
      offered: [],
    };
  const day = typeof args.day === 'string' && DAY.test(args.day) ? args.day : undefined;
  const time = typeof args.time === 'string' ? TIME.exec(args.time) : null;
  const today = localToday(port.now, port.timeZone);
  const chosen = chooseSlots(
    slots,
    { ...(day ? { day } : {}), ...(time ? { time: Number(time[1]) * 60 + Number(time[2]) } : {}) },
    port.timeZone,
    today,
  );
  const local = new Intl.DateTimeFormat('en-US', {
    weekday: 'long',
    month: 'long',
    day: 'numeric',
    hour: 'numeric',
    minute: '2-digit',
    timeZone: port.timeZone,
  });
  return {
    content: {
      time_zone: port.timeZone,
      asked:
        chosen.outcome === 'exact'
          ? 'the time asked is free (first)'
          : chosen.outcome === 'day'
            ? 'free times that day'
            : chosen.outcome === 'later'
              ? 'nothing that day; the next free times'
              : 'the next free times',
      slots: chosen.offered.map((s) => ({ start: s.start.toISOString(), local: local.format(s.start) })),
    },
    offered: chosen.offered.map((s) => ({
      listing: listing.Id,
      start: s.start.toISOString(),
      end: s.end.toISOString(),
    })),
  };
}
