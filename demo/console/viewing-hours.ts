/**
 * The owner's showing hours (ViewingHours) as the settings editor handles them: the days, a new
 * range, what is wrong before the service is asked (the rule is the package's, viewingHoursProblem),
 * which ranges are at fault, and the week of slots the preview shows (dayStarts).
 */
import {
  VIEWING_LIMITS,
  dayStarts,
  minutesOfDay,
  viewingHoursProblem,
  type ViewingRange,
} from 'chat-bot-element/rules';

/** ISO days, Monday 1 … Sunday 7, as the editor lists them. */
export const WEEK = [
  [1, 'Monday'],
  [2, 'Tuesday'],
  [3, 'Wednesday'],
  [4, 'Thursday'],
  [5, 'Friday'],
  [6, 'Saturday'],
  [7, 'Sunday'],
] as const;
export const dayName = (day: number) => WEEK.find(([d]) => d === day)?.[1] ?? `Day ${day}`;

export const HOURS_LABEL = 'Showing hours';

/**
 * A range's end as a time input holds it: 24:00 (midnight, the day's end) is no time of the
 * input's, so it shows as 00:00 — which as an end can only mean midnight, never the day's start.
 */
export const inputTime = (value: string) => (value === '24:00' ? '00:00' : value);
/** A typed end as the service takes it. */
export const wireEnd = (value: string) => (value === '00:00' ? '24:00' : value);

/** Where a range sits in the editor: its day and its place among that day's ranges ("Tuesday, range 2"). */
export function rangeName(hours: readonly ViewingRange[], index: number): string {
  const range = hours[index];
  if (!range) return HOURS_LABEL;
  const place = hours.slice(0, index + 1).filter((r) => r.Day === range.Day).length;
  return `${dayName(range.Day)}, range ${place}`;
}

/** The range a refused field's path names (`ViewingHours[2].From` → 2); null for the whole list. */
export function rangeIndexOf(path: string): number | null {
  const index = /^ViewingHours\[(\d+)\]/.exec(path)?.[1];
  return index === undefined ? null : Number(index);
}

/** A range's field as the owner reads the service's refusal of it: "Showing hours (Tuesday, range 1, To)". */
export function rangeLabel(hours: readonly ViewingRange[], path: string): string | undefined {
  const named = /^ViewingHours\[(\d+)\](?:\.(\w+))?$/.exec(path);
  if (!named) return undefined;
  return `${HOURS_LABEL} (${rangeName(hours, Number(named[1]))}${named[2] ? `, ${named[2]}` : ''})`;
}

/** What is wrong with the hours, as the owner reads it at the field; null when the service would take them. */
export function hoursProblem(hours: readonly ViewingRange[]): string | null {
  const unfinished = hours.findIndex((r) => minutesOfDay(r.From) === null || minutesOfDay(r.To) === null);
  if (unfinished >= 0) return `${HOURS_LABEL}: ${rangeName(hours, unfinished)} needs a start and an end time.`;
  if (hours.length > VIEWING_LIMITS.hoursRanges)
    return `${HOURS_LABEL} can have at most ${VIEWING_LIMITS.hoursRanges} ranges.`;
  const problem = viewingHoursProblem(hours);
  return problem ? `${HOURS_LABEL} ${problem}.` : null;
}

/** The ranges at fault: unfinished, ending before they start, or overlapping another of their day. */
export function faultyRanges(hours: readonly ViewingRange[]): Set<number> {
  const out = new Set<number>();
  const span = hours.map((r) => [minutesOfDay(r.From), minutesOfDay(r.To)] as const);
  span.forEach(([from, to], i) => {
    if (from === null || to === null || from >= to) out.add(i);
  });
  span.forEach(([from, to], i) =>
    span.forEach(([otherFrom, otherTo], j) => {
      if (j <= i || hours[i]!.Day !== hours[j]!.Day || out.has(i) || out.has(j)) return;
      if (from! < otherTo! && otherFrom! < to!) out.add(i).add(j);
    }),
  );
  return out;
}

const clockOf = (minutes: number) =>
  `${String(Math.floor(minutes / 60)).padStart(2, '0')}:${String(minutes % 60).padStart(2, '0')}`;

/**
 * A new range for a day: 09:00–17:00 for its first; else up to two hours from its latest end, to
 * midnight at most — or, with no room left, empty times for the owner to choose.
 */
export function nextRange(hours: readonly ViewingRange[], day: number): ViewingRange {
  const ends = hours.filter((r) => r.Day === day).map((r) => minutesOfDay(r.To) ?? 0);
  if (ends.length === 0) return { Day: day, From: '09:00', To: '17:00' };
  const from = Math.max(...ends);
  if (from > 24 * 60 - 15) return { Day: day, From: '', To: '' };
  return { Day: day, From: clockOf(from), To: clockOf(Math.min(from + 120, 24 * 60)) };
}

/** A whole number within a setting's limits, or null (the preview waits for one). */
export function withinLimits(value: unknown, limits: { min: number; max: number }): number | null {
  const n = typeof value === 'number' ? value : typeof value === 'string' && value.trim() ? Number(value) : NaN;
  return Number.isInteger(n) && n >= limits.min && n <= limits.max ? n : null;
}

export interface DaySlots {
  day: number;
  name: string;
  /** Minutes after midnight in the chatbot's time zone. */
  starts: number[];
}

/** The week's slots as the preview lists them, day by day. */
export const weekSlots = (hours: readonly ViewingRange[], minutes: number, buffer: number): DaySlots[] =>
  WEEK.map(([day, name]) => ({ day, name, starts: dayStarts(hours, day, minutes, buffer) }));

/** A slot's start on the owner's clock ("9:30 AM"): a time of day, in no zone of the browser's. */
export const clockLabel = (minutes: number) =>
  new Date(Date.UTC(2000, 0, 1, 0, minutes)).toLocaleTimeString(undefined, {
    timeZone: 'UTC',
    hour: 'numeric',
    minute: '2-digit',
  });
