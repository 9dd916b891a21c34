/** Calendar arithmetic in a chatbot's TimeZone (IANA names, through Intl). */
import { zoneFormat } from '../../protocol/index.ts';

function parts(instant: Date, timeZone: string, fmt = zoneFormat(timeZone)): Record<string, number> {
  const out: Record<string, number> = {};
  for (const p of fmt.formatToParts(instant)) if (p.type !== 'literal') out[p.type] = Number(p.value);
  return out;
}

/** `2026-11-22`: the calendar day `instant` falls on in `timeZone`. */
export function localDay(instant: Date, timeZone: string): string {
  const p = parts(instant, timeZone);
  return `${p.year}-${String(p.month).padStart(2, '0')}-${String(p.day).padStart(2, '0')}`;
}

/** `2026-11`: the calendar month `instant` falls in, in `timeZone`. */
export const localMonth = (instant: Date, timeZone: string) => localDay(instant, timeZone).slice(0, 7);

/** How far `timeZone` is ahead of UTC at `instant`, in ms. */
function offset(instant: Date, timeZone: string, fmt?: Intl.DateTimeFormat): number {
  const p = parts(instant, timeZone, fmt);
  return (
    Date.UTC(p.year!, p.month! - 1, p.day!, p.hour!, p.minute!, p.second!) - Math.floor(instant.getTime() / 1000) * 1000
  );
}

/** The instant a local day begins (`2026-11-22` at 00:00 in `timeZone`), DST included. */
export function startOfDay(day: string, timeZone: string): Date {
  const [y, m, d] = day.split('-').map(Number) as [number, number, number];
  const wall = Date.UTC(y, m - 1, d);
  const first = wall - offset(new Date(wall), timeZone);
  return new Date(wall - offset(new Date(first), timeZone));
}

/** The local day after `day`. */
export function nextDay(day: string): string {
  const [y, m, d] = day.split('-').map(Number) as [number, number, number];
  return new Date(Date.UTC(y, m - 1, d + 1)).toISOString().slice(0, 10);
}

/** The local day before the one `instant` falls on. */
export function previousDay(instant: Date, timeZone: string): string {
  const [y, m, d] = localDay(instant, timeZone).split('-').map(Number) as [number, number, number];
  return new Date(Date.UTC(y, m - 1, d - 1)).toISOString().slice(0, 10);
}

/** "10:31" in `timeZone`. */
export const localTime = (instant: Date, timeZone: string) =>
  new Intl.DateTimeFormat('en-US', { timeZone, hour: '2-digit', minute: '2-digit', hourCycle: 'h23' }).format(instant);

/** The day `n` days after `day` (before, for a negative `n`). */
export function addDays(day: string, n: number): string {
  const [y, m, d] = day.split('-').map(Number) as [number, number, number];
  return new Date(Date.UTC(y, m - 1, d + n)).toISOString().slice(0, 10);
}

/** A range of local days, both ends counted, and the instants it spans: [start, end). */
export interface DayRange {
  from: string;
  to: string;
  start: Date;
  end: Date;
}

/** The range asked for; a missing end is `days` days from the other, or the `days` days to today. */
export function dayRange(
  asked: { From?: string | undefined; To?: string | undefined },
  timeZone: string,
  now: Date,
  days = 30,
): DayRange {
  const to = asked.To ?? (asked.From ? addDays(asked.From, days - 1) : localDay(now, timeZone));
  const from = asked.From ?? addDays(to, -(days - 1));
  return { from, to, start: startOfDay(from, timeZone), end: startOfDay(nextDay(to), timeZone) };
}

/** The ISO day of the week of a local day: Monday 1 … Sunday 7. */
export function isoWeekday(day: string): number {
  const [y, m, d] = day.split('-').map(Number) as [number, number, number];
  return ((new Date(Date.UTC(y, m - 1, d)).getUTCDay() + 6) % 7) + 1;
}

/**
 * The instant a local wall-clock time names (`minutes` after midnight of `day` in `timeZone`): the
 * earlier one where the clock goes back and the time comes twice, null where it goes forward and
 * the time never comes.
 */
export function localInstant(day: string, minutes: number, timeZone: string, fmt = zoneFormat(timeZone)): Date | null {
  const [y, m, d] = day.split('-').map(Number) as [number, number, number];
  const wall = Date.UTC(y, m - 1, d, 0, minutes);
  // The two offsets around the wall time; the earlier instant that reads as it wins.
  const candidates = [
    wall - offset(new Date(wall - 86_400_000), timeZone, fmt),
    wall - offset(new Date(wall + 86_400_000), timeZone, fmt),
  ]
    .sort((a, b) => a - b)
    .filter((t) => {
      const p = parts(new Date(t), timeZone, fmt);
      return Date.UTC(p.year!, p.month! - 1, p.day!, p.hour!, p.minute!) === wall;
    });
  return candidates.length ? new Date(candidates[0]!) : null;
}
