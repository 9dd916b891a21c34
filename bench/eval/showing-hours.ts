/**
 * The showing hours' arithmetic a `viewing` expectation is scored by (score.ts), written apart from
 * the service's (src/server/store/viewing-slots.ts) so that the set measures it and does not copy it:
 * the owner's weekly ranges laid on the days of the chatbot's TimeZone. Every local time is read and
 * made through Intl — the slots are UTC instants, and no offset is written by hand — so a day across
 * a daylight-saving change is what its clock shows (a time the clock skips is no slot, one it
 * repeats is the first).
 */
import { zoneFormat } from '../../src/protocol/rules.ts';
import type { ShowingHours } from './types.ts';

/** A wall-clock time in a time zone: its date (YYYY-MM-DD), ISO weekday (Monday 1), minute of the day. */
export interface LocalTime {
  date: string;
  weekday: number;
  minute: number;
  /** Seconds and milliseconds past the minute: a slot starts on one. */
  past: number;
}

const formats = new Map<string, Intl.DateTimeFormat>();
// The protocol's reader of instants: Intl's arithmetic, none of the service's own.
const formatIn = (timeZone: string) => {
  let f = formats.get(timeZone);
  if (!f) formats.set(timeZone, (f = zoneFormat(timeZone)));
  return f;
};

/** The wall-clock time `at` shows in `timeZone`. */
export function localTime(at: Date, timeZone: string): LocalTime {
  const parts = Object.fromEntries(
    formatIn(timeZone)
      .formatToParts(at)
      .map((p) => [p.type, p.value]),
  );
  const date = `${parts.year}-${parts.month}-${parts.day}`;
  return {
    date,
    weekday: weekdayOf(date),
    minute: Number(parts.hour) * 60 + Number(parts.minute),
    past: Number(parts.second) * 1000 + at.getUTCMilliseconds(),
  };
}

/** The ISO weekday of a calendar date (a date, not an instant: no time zone). */
export function weekdayOf(date: string): number {
  const [y, m, d] = date.split('-').map(Number) as [number, number, number];
  return new Date(Date.UTC(y, m - 1, d)).getUTCDay() || 7;
}

/** The calendar date `n` days after `date`. */
export function addDays(date: string, n: number): string {
  const [y, m, d] = date.split('-').map(Number) as [number, number, number];
  return new Date(Date.UTC(y, m - 1, d + n)).toISOString().slice(0, 10);
}

/** Minutes after midnight of "HH:MM". */
export const minutesOf = (hhmm: string): number => Number(hhmm.slice(0, 2)) * 60 + Number(hhmm.slice(3, 5));
/** "HH:MM" of minutes after midnight. */
export const clock = (minute: number): string =>
  `${String(Math.floor(minute / 60)).padStart(2, '0')}:${String(minute % 60).padStart(2, '0')}`;

/**
 * The instant at which `timeZone`'s clock shows `date` at `minute`: the earliest of those it shows
 * it at, or null when the clock skips it. The candidates are the wall time read as UTC less each
 * offset Intl gives the zone within a day of it; the one whose local time is that wall time wins.
 */
export function instantAt(date: string, minute: number, timeZone: string): Date | null {
  const [y, m, d] = date.split('-').map(Number) as [number, number, number];
  const wall = Date.UTC(y, m - 1, d, 0, minute);
  const offsetAt = (t: number) => {
    const l = localTime(new Date(t), timeZone);
    const [ly, lm, ld] = l.date.split('-').map(Number) as [number, number, number];
    return Date.UTC(ly, lm - 1, ld, 0, l.minute) + l.past - t;
  };
  const candidates = [...new Set([offsetAt(wall - 86_400_000), offsetAt(wall), offsetAt(wall + 86_400_000)])]
    .map((offset) => wall - offset)
    .filter((t) => {
      const l = localTime(new Date(t), timeZone);
      return l.date === date && l.minute === minute && l.past === 0;
    })
    .sort((a, b) => a - b);
  return candidates.length ? new Date(candidates[0]!) : null;
}

/** The minutes of the day a slot may start at on an ISO weekday: each range from its From, a slot and the buffer apart, the last ending by its To. */
export function startsOn(h: ShowingHours, weekday: number): number[] {
  const out: number[] = [];
  for (const r of h.hours) {
    if (r.Day !== weekday) continue;
    const to = minutesOf(r.To);
    for (let t = minutesOf(r.From); t + h.minutes <= to; t += h.minutes + h.bufferMinutes) out.push(t);
  }
  return out.sort((a, b) => a - b);
}

/** A slot of the showing hours on a day: its start, and the wall-clock time it starts at. */
export interface HoursSlot {
  start: Date;
  date: string;
  minute: number;
}

/**
 * The slots of the showing hours free when asked between `asked` and `answered` (the service's clock
 * read somewhere between them; nothing is booked in the eval): those starting `noticeHours` or more
 * after `answered` and less than `days` days after `asked` — the ones free whichever instant between
 * them the service took for now.
 */
export function surelyFree(h: ShowingHours, asked: Date, answered: Date): HoursSlot[] {
  const earliest = answered.getTime() + h.noticeHours * 3_600_000;
  const horizon = asked.getTime() + h.days * 86_400_000;
  const out: HoursSlot[] = [];
  const today = localTime(asked, h.timeZone).date;
  for (let i = 0; i <= h.days + 1; i++) {
    const date = addDays(today, i);
    for (const minute of startsOn(h, weekdayOf(date))) {
      const start = instantAt(date, minute, h.timeZone);
      if (start && start.getTime() >= earliest && start.getTime() < horizon) out.push({ start, date, minute });
    }
  }
  return out;
}

/**
 * What is wrong with a slot offered when asked between `asked` and `answered`, or null: it must start
 * on a slot of the showing hours (its local day's grid, on the minute), last `minutes`, start at least
 * `noticeHours` after the question was asked and before `days` days after it was answered.
 */
export function slotProblem(h: ShowingHours, start: Date, end: Date, asked: Date, answered: Date): string | null {
  const l = localTime(start, h.timeZone);
  if (l.past !== 0 || !startsOn(h, l.weekday).includes(l.minute))
    return `${describe(start, h.timeZone)} is not a slot of the showing hours`;
  if (end.getTime() - start.getTime() !== h.minutes * 60_000)
    return `the slot at ${describe(start, h.timeZone)} lasts ${(end.getTime() - start.getTime()) / 60_000} minutes, not ${h.minutes}`;
  if (start.getTime() < asked.getTime() + h.noticeHours * 3_600_000)
    return `${describe(start, h.timeZone)} is within the ${h.noticeHours}-hour notice`;
  if (start.getTime() >= answered.getTime() + h.days * 86_400_000)
    return `${describe(start, h.timeZone)} is more than ${h.days} days ahead`;
  return null;
}

const WEEKDAYS = ['Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat', 'Sun'];
/** An instant as the chatbot's clock shows it: "Sat 2026-12-12 11:00". */
export function describe(at: Date, timeZone: string): string {
  const l = localTime(at, timeZone);
  return `${WEEKDAYS[l.weekday - 1]} ${l.date} ${clock(l.minute)}`;
}
