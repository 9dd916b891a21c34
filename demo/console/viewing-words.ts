/**
 * How the console names viewings (API.md §3.11): the days a tab of the Viewings page reads, a
 * booking's day and time in the chatbot's time zone, who cancelled it, and its groups by day or by
 * listing. A booking's instants are the service's; the day and the clock are the chatbot's, never
 * the owner's browser's.
 */
import type { Viewing } from 'chat-bot-element';
import { addDays, pageParam, routeWith, today, type Range } from './date-range.ts';

export type ViewingsTab = 'upcoming' | 'past';
export type ViewingsGroup = 'day' | 'listing';

/** The Viewings page's filters, as its address keeps them (`#/viewings?show=past&state=cancelled&group=listing&page=2`). */
export interface ViewingFilters {
  show: ViewingsTab;
  state: Viewing['State'] | '';
  group: ViewingsGroup;
  page: number;
}

/** How far a tab reads, in days: the service's own default range is not relied on (the page names its range). */
export const VIEWING_WINDOW_DAYS = 60;

export function viewingFiltersOf(query: string): ViewingFilters {
  const params = new URLSearchParams(query);
  const state = params.get('state');
  return {
    show: params.get('show') === 'past' ? 'past' : 'upcoming',
    state: state === 'booked' || state === 'cancelled' ? state : '',
    group: params.get('group') === 'listing' ? 'listing' : 'day',
    page: pageParam(params),
  };
}

export const viewingsRoute = (f: Partial<ViewingFilters>) =>
  routeWith('#/viewings', {
    show: f.show === 'past' ? 'past' : undefined,
    state: f.state,
    group: f.group === 'listing' ? 'listing' : undefined,
    page: f.page,
  });

/** The days a tab reads, in the chatbot's time zone: upcoming from today on, past the days before today. */
export function tabRange(tab: ViewingsTab, timeZone: string): Range {
  const now = today(timeZone);
  return tab === 'upcoming'
    ? { from: now, to: addDays(now, VIEWING_WINDOW_DAYS) }
    : { from: addDays(now, -VIEWING_WINDOW_DAYS), to: addDays(now, -1) };
}

/** A formatter in the chatbot's time zone (the browser's own if the service named one this browser does not know). */
function inZone(timeZone: string, options: Intl.DateTimeFormatOptions, locale?: string): Intl.DateTimeFormat {
  try {
    return new Intl.DateTimeFormat(locale, { ...options, timeZone });
  } catch {
    return new Intl.DateTimeFormat(locale, options);
  }
}

/** The day an instant falls on in the zone, as `YYYY-MM-DD` (en-CA writes dates so). */
export const dayIn = (iso: string, timeZone: string) =>
  inZone(timeZone, { year: 'numeric', month: '2-digit', day: '2-digit' }, 'en-CA').format(new Date(iso));

/** A viewing's time, start to end, in the zone: "10:00 – 10:30 AM". */
export const timeRange = (v: Pick<Viewing, 'Start' | 'End'>, timeZone: string) =>
  inZone(timeZone, { hour: 'numeric', minute: '2-digit' }).formatRange(new Date(v.Start), new Date(v.End));

/** A day as a group's heading names it: "Today, Monday, March 2" (the year when it is not this one). */
export function dayHeading(day: string, timeZone: string): string {
  const now = today(timeZone);
  const named = new Date(`${day}T00:00:00Z`).toLocaleDateString(undefined, {
    timeZone: 'UTC',
    weekday: 'long',
    month: 'long',
    day: 'numeric',
    ...(day.slice(0, 4) === now.slice(0, 4) ? {} : { year: 'numeric' }),
  });
  const near =
    day === now ? 'Today' : day === addDays(now, 1) ? 'Tomorrow' : day === addDays(now, -1) ? 'Yesterday' : '';
  return near ? `${near}, ${named}` : named;
}

/** The day of an instant in the zone, short: "Mon, Mar 2". */
export const shortDay = (iso: string, timeZone: string) =>
  inZone(timeZone, { weekday: 'short', month: 'short', day: 'numeric' }).format(new Date(iso));

/** A viewing's day and time in a sentence or a cell: "Mon, Mar 2, 10:00 – 10:30 AM". */
export const whenLine = (v: Pick<Viewing, 'Start' | 'End'>, timeZone: string) =>
  `${shortDay(v.Start, timeZone)}, ${timeRange(v, timeZone)}`;

/** A listing as a sentence names it: its address, else its MLS number, else its page. */
export const listingName = (l: Viewing['Listing']) => l.Address || (l.MLSNumber ? `MLS ${l.MLSNumber}` : l.Url) || l.Id;

/** What became of a booking. */
export function stateWords(v: Pick<Viewing, 'State' | 'CancelledBy'>): string {
  if (v.State === 'booked') return 'Booked';
  if (v.CancelledBy === 'visitor') return 'Cancelled by the visitor';
  if (v.CancelledBy === 'owner') return 'Cancelled by you';
  return 'Cancelled';
}

/** A booking the owner can still cancel: booked, and not begun. */
export const cancellable = (v: Pick<Viewing, 'State' | 'Start'>, now = Date.now()) =>
  v.State === 'booked' && Date.parse(v.Start) > now;

export interface ViewingGroupOf {
  /** The day (`YYYY-MM-DD`) or the listing's Id. */
  key: string;
  items: Viewing[];
}

/** The page's bookings by day or by listing: groups in the order of their first booking, each soonest first. */
export function groupViewings(items: readonly Viewing[], by: ViewingsGroup, timeZone: string): ViewingGroupOf[] {
  const groups = new Map<string, Viewing[]>();
  for (const v of [...items].sort((a, b) => Date.parse(a.Start) - Date.parse(b.Start))) {
    const key = by === 'day' ? dayIn(v.Start, timeZone) : v.Listing.Id;
    groups.set(key, [...(groups.get(key) ?? []), v]);
  }
  return [...groups].map(([key, grouped]) => ({ key, items: grouped }));
}

/** The empty page, in words that say what to do. */
export function emptyLine(f: Pick<ViewingFilters, 'show' | 'state'>, bookable: boolean): string {
  const what = f.state === 'cancelled' ? 'cancelled viewing' : f.state === 'booked' ? 'booked viewing' : 'viewing';
  if (f.show === 'past') return `No ${what} in the last ${VIEWING_WINDOW_DAYS} days.`;
  if (!bookable) return `No ${what} ahead. Set showing hours in Settings → Viewings so visitors can book.`;
  return `No ${what} in the next ${VIEWING_WINDOW_DAYS} days. Visitors book one in the chat when they ask to see a home; it appears here.`;
}
