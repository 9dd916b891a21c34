/**
 * A listing's free viewing slots (API.md §3.11), pure: the owner's weekly showing hours laid on real
 * days in the chatbot's TimeZone — a slot's start a wall-clock time across the 2027 daylight-saving
 * changes of the US (America/Chicago) and the EU (Europe/Berlin) — then the notice, the horizon and
 * the bookings (the buffer kept around each) taken out; and why a given start is not a slot.
 */
import { describe, expect, it } from 'vitest';
import { dayStarts, type Settings, type ViewingRange } from '../../../src/protocol/index.ts';
import { isoWeekday, localInstant } from '../../../src/server/store/calendar.ts';
import { freeSlots, slotProblem, type Slot } from '../../../src/server/store/viewing-slots.ts';

type Hours = Pick<
  Settings,
  'TimeZone' | 'ViewingHours' | 'ViewingMinutes' | 'ViewingNoticeHours' | 'ViewingBufferMinutes' | 'ViewingDays'
>;

const everyDay = (From: string, To: string): ViewingRange[] => [1, 2, 3, 4, 5, 6, 7].map((Day) => ({ Day, From, To }));

const hours = (over: Partial<Hours>): Hours => ({
  TimeZone: 'America/Chicago',
  ViewingHours: everyDay('10:00', '11:00'),
  ViewingMinutes: 60,
  ViewingNoticeHours: 0,
  ViewingBufferMinutes: 0,
  ViewingDays: 14,
  ...over,
});

/** `2027-03-14 10:00`: an instant as the clock on the wall of `timeZone` shows it. */
const wall = (instant: Date, timeZone: string) =>
  new Intl.DateTimeFormat('sv-SE', {
    timeZone,
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
    hour: '2-digit',
    minute: '2-digit',
    hourCycle: 'h23',
  }).format(instant);

const iso = (slots: readonly Slot[]) => slots.map((s) => s.start.toISOString());
const at = (text: string) => new Date(text);
const booking = (start: string, minutes: number): Slot => ({
  start: at(start),
  end: new Date(at(start).getTime() + minutes * 60_000),
});

describe('calendar days and wall-clock times', () => {
  it('numbers the days of the week as ISO does, Monday 1 to Sunday 7', () => {
    expect(isoWeekday('2027-03-08')).toBe(1);
    expect(isoWeekday('2027-03-10')).toBe(3);
    expect(isoWeekday('2027-03-14')).toBe(7);
    expect(isoWeekday('2027-11-07')).toBe(7);
  });

  it('names the instant of a local time on either side of a change, an hour apart in UTC', () => {
    expect(localInstant('2027-03-13', 600, 'America/Chicago')!.toISOString()).toBe('2027-03-13T16:00:00.000Z');
    expect(localInstant('2027-03-14', 600, 'America/Chicago')!.toISOString()).toBe('2027-03-14T15:00:00.000Z');
    expect(localInstant('2027-11-06', 600, 'America/Chicago')!.toISOString()).toBe('2027-11-06T15:00:00.000Z');
    expect(localInstant('2027-11-07', 600, 'America/Chicago')!.toISOString()).toBe('2027-11-07T16:00:00.000Z');
    expect(localInstant('2027-03-27', 600, 'Europe/Berlin')!.toISOString()).toBe('2027-03-27T09:00:00.000Z');
    expect(localInstant('2027-03-28', 600, 'Europe/Berlin')!.toISOString()).toBe('2027-03-28T08:00:00.000Z');
    expect(localInstant('2027-10-30', 600, 'Europe/Berlin')!.toISOString()).toBe('2027-10-30T08:00:00.000Z');
    expect(localInstant('2027-10-31', 600, 'Europe/Berlin')!.toISOString()).toBe('2027-10-31T09:00:00.000Z');
  });

  it('has no instant for a time the clock skips when it springs forward', () => {
    expect(localInstant('2027-03-14', 2 * 60 + 30, 'America/Chicago')).toBeNull();
    expect(localInstant('2027-03-14', 2 * 60, 'America/Chicago')).toBeNull();
    expect(localInstant('2027-03-28', 2 * 60 + 30, 'Europe/Berlin')).toBeNull();
    // The minutes around the gap are there.
    expect(localInstant('2027-03-14', 60 + 59, 'America/Chicago')!.toISOString()).toBe('2027-03-14T07:59:00.000Z');
    expect(localInstant('2027-03-14', 3 * 60, 'America/Chicago')!.toISOString()).toBe('2027-03-14T08:00:00.000Z');
  });

  it('takes the first of the two instants of a time the clock repeats when it falls back', () => {
    // 01:30 CDT (UTC−5) comes first; 01:30 CST (UTC−6) an hour later.
    expect(localInstant('2027-11-07', 90, 'America/Chicago')!.toISOString()).toBe('2027-11-07T06:30:00.000Z');
    // 02:30 CEST (UTC+2) first; 02:30 CET (UTC+1) an hour later.
    expect(localInstant('2027-10-31', 150, 'Europe/Berlin')!.toISOString()).toBe('2027-10-31T00:30:00.000Z');
  });
});

describe('slots across a daylight-saving change', () => {
  it.each([
    ['America/Chicago', '2027-03-12T12:00:00Z', ['2027-03-12', '2027-03-13', '2027-03-14', '2027-03-15', '2027-03-16']],
    ['America/Chicago', '2027-11-05T12:00:00Z', ['2027-11-05', '2027-11-06', '2027-11-07', '2027-11-08', '2027-11-09']],
    ['Europe/Berlin', '2027-03-26T06:00:00Z', ['2027-03-26', '2027-03-27', '2027-03-28', '2027-03-29', '2027-03-30']],
    ['Europe/Berlin', '2027-10-29T06:00:00Z', ['2027-10-29', '2027-10-30', '2027-10-31', '2027-11-01', '2027-11-02']],
  ])('keeps a 10:00 slot at 10:00 on the wall in %s from %s, its UTC instant moving by an hour', (zone, now, days) => {
    const slots = freeSlots(hours({ TimeZone: zone, ViewingDays: 5 }), at(now), []);
    expect(slots.map((s) => wall(s.start, zone))).toEqual(days.map((day) => `${day} 10:00`));
    expect(slots.map((s) => wall(s.end, zone))).toEqual(days.map((day) => `${day} 11:00`));
    const utcHours = new Set(slots.map((s) => s.start.getUTCHours()));
    expect(utcHours.size).toBe(2);
    const [a, b] = [...utcHours].sort((x, y) => x - y);
    expect(b! - a!).toBe(1);
  });

  it('offers no 02:00 or 02:30 slot on the night Chicago springs forward, and the hours around the gap', () => {
    const s = hours({ ViewingHours: [{ Day: 7, From: '01:00', To: '04:00' }], ViewingMinutes: 30 });
    const slots = freeSlots(s, at('2027-03-13T12:00:00Z'), [], undefined, undefined);
    const sunday = slots.filter((x) => wall(x.start, 'America/Chicago').startsWith('2027-03-14'));
    expect(sunday.map((x) => wall(x.start, 'America/Chicago'))).toEqual([
      '2027-03-14 01:00',
      '2027-03-14 01:30',
      '2027-03-14 03:00',
      '2027-03-14 03:30',
    ]);
    expect(iso(sunday)).toEqual([
      '2027-03-14T07:00:00.000Z',
      '2027-03-14T07:30:00.000Z',
      '2027-03-14T08:00:00.000Z',
      '2027-03-14T08:30:00.000Z',
    ]);
  });

  it('offers no 02:30 slot on the night Berlin springs forward', () => {
    const s = hours({
      TimeZone: 'Europe/Berlin',
      ViewingHours: [{ Day: 7, From: '02:00', To: '04:00' }],
      ViewingMinutes: 30,
    });
    const slots = freeSlots(s, at('2027-03-27T12:00:00Z'), []).filter((x) => x.start < at('2027-03-29T00:00:00Z'));
    expect(slots.map((x) => wall(x.start, 'Europe/Berlin'))).toEqual(['2027-03-28 03:00', '2027-03-28 03:30']);
  });

  it('offers 01:30 once on the night Chicago falls back: its first occurrence, in daylight time', () => {
    const s = hours({ ViewingHours: [{ Day: 7, From: '01:00', To: '03:00' }], ViewingMinutes: 30 });
    const slots = freeSlots(s, at('2027-11-06T12:00:00Z'), []).filter((x) => x.start < at('2027-11-08T00:00:00Z'));
    expect(iso(slots)).toEqual([
      '2027-11-07T06:00:00.000Z', // 01:00 CDT
      '2027-11-07T06:30:00.000Z', // 01:30 CDT — not 07:30Z, the second 01:30
      '2027-11-07T08:00:00.000Z', // 02:00 CST
      '2027-11-07T08:30:00.000Z', // 02:30 CST
    ]);
    expect(slots.map((x) => wall(x.start, 'America/Chicago'))).toEqual([
      '2027-11-07 01:00',
      '2027-11-07 01:30',
      '2027-11-07 02:00',
      '2027-11-07 02:30',
    ]);
  });

  it('takes the first 01:30 and refuses the second one when a start is checked', () => {
    const s = hours({ ViewingHours: [{ Day: 7, From: '01:00', To: '03:00' }], ViewingMinutes: 30 });
    const now = at('2027-11-06T12:00:00Z');
    expect(slotProblem(s, now, [], at('2027-11-07T06:30:00Z'))).toBeNull();
    expect(slotProblem(s, now, [], at('2027-11-07T07:30:00Z'))).toMatch(/not one of the showing hours/);
  });

  it('refuses, after a change, the UTC instant a slot had before it', () => {
    const s = hours({});
    const now = at('2027-03-12T12:00:00Z');
    expect(slotProblem(s, now, [], at('2027-03-13T16:00:00Z'))).toBeNull(); // 10:00 CST
    expect(slotProblem(s, now, [], at('2027-03-14T15:00:00Z'))).toBeNull(); // 10:00 CDT
    expect(slotProblem(s, now, [], at('2027-03-14T16:00:00Z'))).toMatch(/not one of the showing hours/); // 11:00 CDT
  });
});

describe('the notice and the horizon', () => {
  // Wednesday 10 March 2027, 09:00 in Chicago (CST).
  const now = at('2027-03-10T15:00:00Z');
  const weekdays = [1, 2, 3, 4, 5].map((Day) => ({ Day, From: '09:00', To: '12:00' }));

  it('offers nothing that starts inside the notice, and the first slot after it', () => {
    const slots = freeSlots(hours({ ViewingHours: weekdays, ViewingNoticeHours: 12 }), now, []);
    expect(slots[0]!.start.toISOString()).toBe('2027-03-11T15:00:00.000Z'); // Thursday 09:00
    expect(slots.every((s) => s.start.getTime() >= now.getTime() + 12 * 3_600_000)).toBe(true);
    const withoutNotice = freeSlots(hours({ ViewingHours: weekdays, ViewingNoticeHours: 0 }), now, []);
    expect(iso(withoutNotice).slice(0, 3)).toEqual([
      '2027-03-10T16:00:00.000Z', // Wednesday 10:00 (09:00 is now: not after it)
      '2027-03-10T17:00:00.000Z',
      '2027-03-11T15:00:00.000Z',
    ]);
  });

  it('offers nothing at or past ViewingDays from now', () => {
    const slots = freeSlots(hours({ ViewingHours: weekdays, ViewingNoticeHours: 12, ViewingDays: 14 }), now, []);
    const horizon = now.getTime() + 14 * 86_400_000;
    expect(slots.at(-1)!.start.toISOString()).toBe('2027-03-24T14:00:00.000Z'); // Wednesday 24th, 09:00 CDT
    expect(slots.every((s) => s.start.getTime() < horizon)).toBe(true);
    // Thursday to Wednesday twice over, less the last Wednesday's 10:00 and 11:00.
    expect(slots).toHaveLength(9 * 3 + 1);
  });

  it('looks from a later instant for the days asked, never past the horizon', () => {
    const s = hours({ ViewingHours: weekdays, ViewingNoticeHours: 12, ViewingDays: 14 });
    const from = at('2027-03-15T05:00:00Z'); // Monday 00:00 CDT
    expect(iso(freeSlots(s, now, [], from, 1))).toEqual([
      '2027-03-15T14:00:00.000Z',
      '2027-03-15T15:00:00.000Z',
      '2027-03-15T16:00:00.000Z',
    ]);
    expect(freeSlots(s, now, [], at('2027-03-24T15:00:00Z'), 7)).toEqual([]);
  });

  it('says why a start is not bookable: past, inside the notice, beyond the horizon, off the grid, no hours', () => {
    const s = hours({ ViewingHours: weekdays, ViewingNoticeHours: 12, ViewingDays: 14 });
    expect(slotProblem(s, now, [], at('2027-03-09T15:00:00Z'))).toBe('that time has passed');
    expect(slotProblem(s, now, [], now)).toBe('that time has passed');
    expect(slotProblem(s, now, [], at('2027-03-10T17:00:00Z'))).toMatch(/inside the 12-hour notice/);
    expect(slotProblem(s, now, [], at('2027-03-25T14:00:00Z'))).toMatch(/at most 14 days ahead/);
    expect(slotProblem(s, now, [], at('2027-03-11T15:30:00Z'))).toMatch(/not one of the showing hours/);
    expect(slotProblem(s, now, [], at('2027-03-13T15:00:00Z'))).toMatch(/not one of the showing hours/); // a Saturday
    expect(slotProblem({ ...s, ViewingHours: [] }, now, [], at('2027-03-11T15:00:00Z'))).toMatch(/no showing hours/);
    expect(slotProblem(s, now, [], at('2027-03-11T15:00:00Z'))).toBeNull();
  });

  it('offers nothing without showing hours', () => {
    expect(freeSlots(hours({ ViewingHours: [] }), now, [])).toEqual([]);
  });

  it('lists at most 500 slots', () => {
    const s = hours({ ViewingHours: everyDay('00:00', '24:00'), ViewingMinutes: 15, ViewingDays: 60 });
    const slots = freeSlots(s, now, []);
    expect(slots).toHaveLength(500);
    expect(slots.at(-1)!.start.getTime() - slots[0]!.start.getTime()).toBe(499 * 15 * 60_000);
  });
});

describe('bookings and the buffer', () => {
  const now = at('2027-03-10T15:00:00Z');
  const thursday = [{ Day: 4, From: '09:00', To: '13:00' }];
  const thursdaySlots = (s: Hours, taken: Slot[]) =>
    freeSlots(s, now, taken).filter((x) => x.start < at('2027-03-12T00:00:00Z'));

  it('lays the slots apart by the buffer: 60 minutes and 30 between from 09:00 to 12:00 is 09:00 and 10:30', () => {
    expect(dayStarts([{ Day: 4, From: '09:00', To: '12:00' }], 4, 60, 30)).toEqual([9 * 60, 10 * 60 + 30]);
    const s = hours({ ViewingHours: [{ Day: 4, From: '09:00', To: '12:00' }], ViewingBufferMinutes: 30 });
    expect(thursdaySlots(s, []).map((x) => wall(x.start, 'America/Chicago'))).toEqual([
      '2027-03-11 09:00',
      '2027-03-11 10:30',
    ]);
    expect(slotProblem(s, now, [], at('2027-03-11T16:00:00Z'))).toMatch(/not one of the showing hours/); // 10:00
    expect(slotProblem(s, now, [], at('2027-03-11T16:30:00Z'))).toBeNull(); // 10:30
  });

  it('takes a booked slot out, and no other when there is no buffer', () => {
    const s = hours({ ViewingHours: thursday, ViewingMinutes: 30 });
    const taken = [booking('2027-03-11T16:00:00Z', 30)]; // 10:00–10:30
    const free = thursdaySlots(s, taken).map((x) => wall(x.start, 'America/Chicago').slice(11));
    expect(free).toEqual(['09:00', '09:30', '10:30', '11:00', '11:30', '12:00', '12:30']);
    expect(slotProblem(s, now, taken, at('2027-03-11T16:00:00Z'))).toBe('that slot is already taken');
    expect(slotProblem(s, now, taken, at('2027-03-11T16:30:00Z'))).toBeNull();
  });

  it('blocks the slots within the buffer on both sides of a booking, and none further', () => {
    // 30-minute slots 15 minutes apart: 09:00, 09:45, 10:30, 11:15, 12:00. A booking of 10:00–10:30
    // (made before the hours changed) keeps 09:45–10:15 and 10:30–11:00 from it, within 15 minutes.
    const s = hours({ ViewingHours: thursday, ViewingMinutes: 30, ViewingBufferMinutes: 15 });
    const taken = [booking('2027-03-11T16:00:00Z', 30)];
    expect(thursdaySlots(s, []).map((x) => wall(x.start, 'America/Chicago').slice(11))).toEqual([
      '09:00',
      '09:45',
      '10:30',
      '11:15',
      '12:00',
    ]);
    expect(thursdaySlots(s, taken).map((x) => wall(x.start, 'America/Chicago').slice(11))).toEqual([
      '09:00',
      '11:15',
      '12:00',
    ]);
    expect(slotProblem(s, now, taken, at('2027-03-11T15:45:00Z'))).toBe('that slot is already taken');
    expect(slotProblem(s, now, taken, at('2027-03-11T16:30:00Z'))).toBe('that slot is already taken');
    expect(slotProblem(s, now, taken, at('2027-03-11T17:15:00Z'))).toBeNull();
  });

  it('leaves the neighbours of a booked grid slot free: the grid already keeps the buffer', () => {
    const s = hours({ ViewingHours: thursday, ViewingMinutes: 30, ViewingBufferMinutes: 15 });
    const taken = [booking('2027-03-11T16:30:00Z', 30)]; // 10:30, on the grid
    expect(thursdaySlots(s, taken).map((x) => wall(x.start, 'America/Chicago').slice(11))).toEqual([
      '09:00',
      '09:45',
      '11:15',
      '12:00',
    ]);
  });

  it('lets a booking of one day block nothing on another', () => {
    const s = hours({ ViewingHours: [1, 2, 3, 4, 5].map((Day) => ({ Day, From: '09:00', To: '10:00' })) });
    const taken = [booking('2027-03-11T15:00:00Z', 60)]; // Thursday 09:00–10:00
    expect(iso(freeSlots(s, now, taken)).slice(0, 3)).toEqual([
      '2027-03-12T15:00:00.000Z', // Friday
      '2027-03-15T14:00:00.000Z', // Monday, in daylight time
      '2027-03-16T14:00:00.000Z',
    ]);
  });
});

describe('what is offered can be booked', () => {
  it('offers no slot that starts this very instant, which the booking check refuses as past', () => {
    const s = hours({ ViewingHours: [{ Day: 3, From: '09:00', To: '12:00' }], ViewingMinutes: 30, ViewingDays: 1 });
    const now = at('2027-03-10T15:00:00Z'); // Wednesday 09:00 in Chicago, a slot's start; no notice
    const offered = freeSlots(s, now, []);
    expect(offered.map((slot) => slotProblem(s, now, [], slot.start))).toEqual(offered.map(() => null));
    expect(iso(offered)[0]).toBe('2027-03-10T15:30:00.000Z');
  });
});
