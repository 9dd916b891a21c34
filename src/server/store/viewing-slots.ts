/**
 * A listing's free viewing slots (API.md §3.11): the owner's weekly showing hours laid on real days
 * in the chatbot's TimeZone — each slot's start a wall-clock time, so 10:00 stays 10:00 across a
 * daylight-saving change, a time the clock skips is no slot, one it repeats is the first — then the
 * notice, the horizon and the bookings (each with the buffer around it) taken out. Pure: the
 * bookings are given.
 */
import { dayStarts, VIEWING_LIMITS, zoneFormat, type Settings } from '../../protocol/index.ts';
import { addDays, isoWeekday, localDay, localInstant } from './calendar.ts';

export interface Slot {
  start: Date;
  end: Date;
}

type Hours = Pick<
  Settings,
  'TimeZone' | 'ViewingHours' | 'ViewingMinutes' | 'ViewingNoticeHours' | 'ViewingBufferMinutes' | 'ViewingDays'
>;

/** The earliest a slot may start (now and the notice) and the instant past the horizon (ViewingDays from now). */
export function bookingWindow(s: Hours, now: Date): { earliest: Date; horizon: Date } {
  return {
    earliest: new Date(now.getTime() + s.ViewingNoticeHours * 3_600_000),
    horizon: new Date(now.getTime() + s.ViewingDays * 86_400_000),
  };
}

/**
 * The free slots from `from` (default now) for `days` days, within the booking window; `taken` are
 * the chatbot's bookings (any listing: the agent shows one home at a time). At most
 * VIEWING_LIMITS.slotsMax, soonest first.
 */
export function freeSlots(s: Hours, now: Date, taken: readonly Slot[], from?: Date, days?: number): Slot[] {
  const { earliest, horizon } = bookingWindow(s, now);
  const start = from && from > earliest ? from : earliest;
  const end = days ? new Date(Math.min(horizon.getTime(), start.getTime() + days * 86_400_000)) : horizon;
  const buffer = s.ViewingBufferMinutes * 60_000;
  const out: Slot[] = [];
  if (!s.ViewingHours.length || start >= end) return out;
  // From the local day `start` falls on to the one `end` does (a day more: its slots are cut by `end`).
  const lastDay = localDay(end, s.TimeZone);
  const zone = zoneFormat(s.TimeZone);
  for (let day = localDay(start, s.TimeZone); day <= lastDay; day = addDays(day, 1)) {
    for (const minute of dayStarts(s.ViewingHours, isoWeekday(day), s.ViewingMinutes, s.ViewingBufferMinutes)) {
      const at = localInstant(day, minute, s.TimeZone, zone);
      if (!at || at <= now || at < start || at >= end) continue;
      const slot = { start: at, end: new Date(at.getTime() + s.ViewingMinutes * 60_000) };
      if (taken.some((b) => overlaps(slot, b, buffer))) continue;
      out.push(slot);
      if (out.length >= VIEWING_LIMITS.slotsMax) return out;
    }
  }
  return out;
}

/** Whether a slot and a booking, the buffer kept on both sides of the booking, overlap. */
const overlaps = (slot: Slot, booked: Slot, buffer: number) =>
  slot.start.getTime() < booked.end.getTime() + buffer && booked.start.getTime() - buffer < slot.end.getTime();

/** Why `start` is not a slot one may book now, or null when it is one (free of `taken`). */
export function slotProblem(s: Hours, now: Date, taken: readonly Slot[], start: Date): string | null {
  const { earliest, horizon } = bookingWindow(s, now);
  if (!s.ViewingHours.length) return 'this chatbot takes no bookings (it has no showing hours)';
  if (start <= now) return 'that time has passed';
  if (start < earliest) return `that time is inside the ${s.ViewingNoticeHours}-hour notice the agent needs`;
  if (start >= horizon) return `bookings are taken at most ${s.ViewingDays} days ahead`;
  const day = localDay(start, s.TimeZone);
  const onGrid = dayStarts(s.ViewingHours, isoWeekday(day), s.ViewingMinutes, s.ViewingBufferMinutes).some(
    (minute) => localInstant(day, minute, s.TimeZone)?.getTime() === start.getTime(),
  );
  if (!onGrid) return 'that time is not one of the showing hours’ slots';
  const slot = { start, end: new Date(start.getTime() + s.ViewingMinutes * 60_000) };
  if (taken.some((b) => overlaps(slot, b, s.ViewingBufferMinutes * 60_000))) return 'that slot is already taken';
  return null;
}
