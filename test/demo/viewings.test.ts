/** The console's viewings: the days its tabs read, a booking in the chatbot's time zone, and the showing hours' editor. */
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Viewing } from '../../src/protocol/index.ts';
import { dayStarts } from '../../src/protocol/rules.ts';
import {
  cancellable,
  emptyLine,
  groupViewings,
  stateWords,
  tabRange,
  viewingFiltersOf,
  viewingsRoute,
} from '../../demo/console/viewing-words.ts';
import {
  faultyRanges,
  hoursProblem,
  inputTime,
  nextRange,
  rangeIndexOf,
  rangeLabel,
  rangeName,
  weekSlots,
  wireEnd,
  withinLimits,
} from '../../demo/console/viewing-hours.ts';

const viewing = (Id: string, Start: string, listing = 'L1'): Viewing => ({
  Id,
  State: 'booked',
  Start,
  End: new Date(Date.parse(Start) + 30 * 60_000).toISOString(),
  Listing: { Id: listing, Address: `${listing} Main St`, MLSNumber: '', Url: '' },
  SessionID: 1,
  Name: 'Dana',
  Email: 'dana@example.com',
  Phone: '',
  Note: '',
  CreatedAt: '2026-03-01T00:00:00.000Z',
  CancelledAt: null,
  CancelledBy: null,
});

afterEach(() => {
  vi.useRealTimers();
});

describe('the Viewings page’s days and groups', () => {
  it('reads upcoming from today and past up to yesterday, today being the chatbot’s, not the browser’s', () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    // 12:00 UTC on March 1st is already March 2nd in Auckland.
    vi.setSystemTime(new Date('2026-03-01T12:00:00Z'));
    expect(tabRange('upcoming', 'Pacific/Auckland')).toEqual({ from: '2026-03-02', to: '2026-05-01' });
    expect(tabRange('past', 'Pacific/Auckland')).toEqual({ from: '2026-01-01', to: '2026-03-01' });
    expect(tabRange('upcoming', 'America/Denver').from).toBe('2026-03-01');
  });

  it('groups a page’s bookings by their day in the chatbot’s time zone, or by listing, soonest first', () => {
    // 05:30 UTC on the 3rd is 22:30 on the 2nd in Denver.
    const late = viewing('b', '2026-03-03T05:30:00.000Z', 'L2');
    const early = viewing('a', '2026-03-02T17:00:00.000Z');
    const next = viewing('c', '2026-03-03T16:00:00.000Z');
    expect(groupViewings([next, late, early], 'day', 'America/Denver')).toEqual([
      { key: '2026-03-02', items: [early, late] },
      { key: '2026-03-03', items: [next] },
    ]);
    expect(groupViewings([next, late, early], 'day', 'UTC').map((g) => g.key)).toEqual(['2026-03-02', '2026-03-03']);
    expect(groupViewings([next, late, early], 'listing', 'America/Denver')).toEqual([
      { key: 'L1', items: [early, next] },
      { key: 'L2', items: [late] },
    ]);
  });

  it('keeps its filters in the address, and reads only the ones it knows from it', () => {
    const f = { show: 'past', state: 'cancelled', group: 'listing', page: 3 } as const;
    expect(viewingsRoute(f)).toBe('#/viewings?show=past&state=cancelled&group=listing&page=3');
    expect(viewingFiltersOf(viewingsRoute(f).split('?')[1]!)).toEqual(f);
    expect(viewingsRoute({ show: 'upcoming', state: '', group: 'day', page: 1 })).toBe('#/viewings');
    expect(viewingFiltersOf('show=soon&state=lost&group=price&page=-2')).toEqual({
      show: 'upcoming',
      state: '',
      group: 'day',
      page: 1,
    });
  });

  it('says who cancelled, offers Cancel only before a booked viewing begins, and says what to do when it is empty', () => {
    const v = viewing('a', '2026-03-02T17:00:00.000Z');
    expect(stateWords(v)).toBe('Booked');
    expect(stateWords({ State: 'cancelled', CancelledBy: 'visitor' })).toBe('Cancelled by the visitor');
    expect(stateWords({ State: 'cancelled', CancelledBy: 'owner' })).toBe('Cancelled by you');
    expect(cancellable(v, Date.parse('2026-03-02T16:59:00Z'))).toBe(true);
    expect(cancellable(v, Date.parse('2026-03-02T17:00:00Z'))).toBe(false);
    expect(cancellable({ ...v, State: 'cancelled' }, 0)).toBe(false);
    expect(emptyLine({ show: 'upcoming', state: '' }, false)).toBe(
      'No viewing ahead. Set showing hours in Settings → Viewings so visitors can book.',
    );
    expect(emptyLine({ show: 'upcoming', state: 'cancelled' }, true)).toMatch(
      /^No cancelled viewing in the next 60 days\./,
    );
    expect(emptyLine({ show: 'past', state: '' }, false)).toBe('No viewing in the last 60 days.');
  });
});

describe('the showing hours’ editor', () => {
  it('names what is wrong before the service is asked, with the package’s rule, and marks the ranges at fault', () => {
    const hours = [
      { Day: 2, From: '09:00', To: '12:00' },
      { Day: 1, From: '09:00', To: '17:00' },
      { Day: 2, From: '11:00', To: '13:00' },
    ];
    expect(hoursProblem(hours)).toBe(
      'Showing hours must not have overlapping ranges (Tuesday 09:00–12:00 and 11:00–13:00).',
    );
    expect([...faultyRanges(hours)].sort()).toEqual([0, 2]);
    expect(rangeName(hours, 2)).toBe('Tuesday, range 2');
    // The service's refusal of one range, named as the editor shows it.
    expect(rangeLabel(hours, 'ViewingHours[2].From')).toBe('Showing hours (Tuesday, range 2, From)');
    expect(rangeLabel(hours, 'ViewingMinutes')).toBeUndefined();
    expect(rangeIndexOf('ViewingHours[2].From')).toBe(2);
    expect(rangeIndexOf('ViewingHours')).toBeNull();

    const unfinished = [{ Day: 5, From: '09:00', To: '' }];
    expect(hoursProblem(unfinished)).toBe('Showing hours: Friday, range 1 needs a start and an end time.');
    expect([...faultyRanges(unfinished)]).toEqual([0]);
    expect(hoursProblem([{ Day: 3, From: '14:00', To: '10:00' }])).toMatch(/^Showing hours must have From before To/);
    // Back to back is no overlap, and a range may end at midnight.
    const fine = [
      { Day: 2, From: '09:00', To: '12:00' },
      { Day: 2, From: '12:00', To: '24:00' },
    ];
    expect(hoursProblem(fine)).toBeNull();
    expect(faultyRanges(fine).size).toBe(0);
  });

  it('shows midnight as an end a time input can hold, and sends it back as 24:00', () => {
    expect(inputTime('24:00')).toBe('00:00');
    expect(wireEnd('00:00')).toBe('24:00');
    expect(wireEnd('17:30')).toBe('17:30');
  });

  it('adds 09:00–17:00 to an empty day, and up to two hours after the last range to a day with some', () => {
    expect(nextRange([], 4)).toEqual({ Day: 4, From: '09:00', To: '17:00' });
    expect(nextRange([{ Day: 4, From: '09:00', To: '12:00' }], 4)).toEqual({ Day: 4, From: '12:00', To: '14:00' });
    expect(nextRange([{ Day: 4, From: '18:00', To: '23:30' }], 4)).toEqual({ Day: 4, From: '23:30', To: '24:00' });
    // No room after the last: times for the owner to choose.
    expect(nextRange([{ Day: 4, From: '18:00', To: '24:00' }], 4)).toEqual({ Day: 4, From: '', To: '' });
  });

  it('previews the week from dayStarts, waiting for lengths within their limits', () => {
    const hours = [
      { Day: 1, From: '09:00', To: '12:00' },
      { Day: 6, From: '10:00', To: '11:00' },
    ];
    const week = weekSlots(hours, 45, 15);
    expect(week.map((d) => d.name)).toEqual([
      'Monday',
      'Tuesday',
      'Wednesday',
      'Thursday',
      'Friday',
      'Saturday',
      'Sunday',
    ]);
    expect(week[0]!.starts).toEqual([540, 600, 660]);
    expect(week[5]!.starts).toEqual(dayStarts(hours, 6, 45, 15));
    expect(withinLimits('45', { min: 15, max: 240 })).toBe(45);
    expect(withinLimits('4.5', { min: 15, max: 240 })).toBeNull();
    expect(withinLimits(500, { min: 15, max: 240 })).toBeNull();
    expect(withinLimits('', { min: 0, max: 120 })).toBeNull();
  });
});
