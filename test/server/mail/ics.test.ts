/**
 * A booking's calendar invite (mail/ics.ts: RFC 5545 with iTIP's methods) read as a calendar client
 * reads it — by the maintained parser ical.js — and its bytes as RFC 5545 has them: CRLF line ends,
 * lines folded at 75 octets without splitting a character, text escaped so that it comes back.
 */
import ICAL from 'ical.js';
import { describe, expect, it } from 'vitest';
import { calendarText, escapeText, fold, type CalendarEvent } from '../../../src/server/mail/ics.ts';

const event = (over: Partial<CalendarEvent> = {}): CalendarEvent => ({
  method: 'REQUEST',
  uid: '0190a7c2-1111-7aaa-8bbb-123456789abc@homes.example',
  sequence: 0,
  stamp: new Date('2027-03-10T15:00:00.123Z'),
  start: new Date('2027-03-13T17:00:00Z'),
  end: new Date('2027-03-13T17:30:00Z'),
  summary: 'Harbor Homes: 12 Oak St, Austin, TX 78701',
  location: '12 Oak St, Austin, TX 78701',
  description: 'https://homes.example.com/listing/12-oak-st\nTo see, move or cancel it: https://x.example/m?token=a',
  url: 'https://chat.homes.example/viewings/manage?token=abc',
  organizer: { name: 'Harbor Homes', email: 'showings@harbor.example' },
  attendees: [{ name: 'Ana Ruiz', email: 'ana@example.com' }],
  ...over,
});

/** The calendar and its one event, as a calendar client parses them. */
function read(text: string) {
  const calendar = new ICAL.Component(ICAL.parse(text));
  const vevent = calendar.getFirstSubcomponent('vevent')!;
  return { calendar, vevent, event: new ICAL.Event(vevent) };
}

/** The physical lines (the text ends with CRLF: the last split is empty). */
const physicalLines = (text: string) => text.split('\r\n').slice(0, -1);
const octets = (line: string) => Buffer.byteLength(line, 'utf8');

describe('an invite as a calendar client reads it', () => {
  it('has every property a REQUEST needs, with the times in UTC', () => {
    const { calendar, vevent, event: e } = read(calendarText(event()));
    expect(calendar.name).toBe('vcalendar');
    expect(calendar.getFirstPropertyValue('version')).toBe('2.0');
    expect(calendar.getFirstPropertyValue('prodid')).toBeTruthy();
    expect(calendar.getFirstPropertyValue('method')).toBe('REQUEST');
    expect(e.uid).toBe('0190a7c2-1111-7aaa-8bbb-123456789abc@homes.example');
    expect(e.sequence).toBe(0);
    expect(e.startDate.toJSDate().toISOString()).toBe('2027-03-13T17:00:00.000Z');
    expect(e.endDate.toJSDate().toISOString()).toBe('2027-03-13T17:30:00.000Z');
    expect(e.startDate.zone).toBe(ICAL.Timezone.utcTimezone);
    expect(e.endDate.zone).toBe(ICAL.Timezone.utcTimezone);
    const stamp = vevent.getFirstPropertyValue('dtstamp') as ICAL.Time;
    expect(stamp.toJSDate().toISOString()).toBe('2027-03-10T15:00:00.000Z');
    expect(e.summary).toBe('Harbor Homes: 12 Oak St, Austin, TX 78701');
    expect(e.location).toBe('12 Oak St, Austin, TX 78701');
    expect(e.description).toBe(event().description);
    expect(vevent.getFirstPropertyValue('url')).toBe('https://chat.homes.example/viewings/manage?token=abc');
    expect(vevent.getFirstPropertyValue('status')).toBe('CONFIRMED');
    const organizer = vevent.getFirstProperty('organizer')!;
    expect(organizer.getFirstValue()).toBe('mailto:showings@harbor.example');
    expect(organizer.getParameter('cn')).toBe('Harbor Homes');
    expect(e.attendees).toHaveLength(1);
    expect(e.attendees[0]!.getFirstValue()).toBe('mailto:ana@example.com');
    expect(e.attendees[0]!.getParameter('cn')).toBe('Ana Ruiz');
    expect(e.attendees[0]!.getParameter('partstat')).toBe('ACCEPTED');
  });

  it('writes DTSTART and DTEND as UTC date-times, without fractions of a second', () => {
    const text = calendarText(
      event({ start: new Date('2027-11-07T06:30:00.999Z'), end: new Date('2027-11-07T07:00:00Z') }),
    );
    expect(text).toContain('\r\nDTSTART:20271107T063000Z\r\n');
    expect(text).toContain('\r\nDTEND:20271107T070000Z\r\n');
    expect(text).toContain('\r\nDTSTAMP:20270310T150000Z\r\n');
  });

  it('cancels with METHOD:CANCEL, the same UID, the raised SEQUENCE and STATUS:CANCELLED', () => {
    const booked = read(calendarText(event()));
    const cancelled = read(calendarText(event({ method: 'CANCEL', sequence: 2 })));
    expect(cancelled.calendar.getFirstPropertyValue('method')).toBe('CANCEL');
    expect(cancelled.event.uid).toBe(booked.event.uid);
    expect(cancelled.event.sequence).toBe(2);
    expect(cancelled.vevent.getFirstPropertyValue('status')).toBe('CANCELLED');
  });

  it('moves with another REQUEST: same UID, SEQUENCE raised, the new times', () => {
    const moved = read(
      calendarText(
        event({ sequence: 1, start: new Date('2027-03-15T14:00:00Z'), end: new Date('2027-03-15T14:30:00Z') }),
      ),
    );
    expect(moved.calendar.getFirstPropertyValue('method')).toBe('REQUEST');
    expect(moved.event.uid).toBe(event().uid);
    expect(moved.event.sequence).toBe(1);
    expect(moved.event.startDate.toJSDate().toISOString()).toBe('2027-03-15T14:00:00.000Z');
    expect(moved.vevent.getFirstPropertyValue('status')).toBe('CONFIRMED');
  });

  it('keeps one ATTENDEE per person, each with their name', () => {
    const { event: e } = read(
      calendarText(
        event({
          attendees: [
            { name: 'Ana Ruiz', email: 'ana@example.com' },
            { name: 'Bo Li', email: 'bo@example.com' },
          ],
        }),
      ),
    );
    expect(e.attendees.map((a) => [a.getParameter('cn'), a.getFirstValue()])).toEqual([
      ['Ana Ruiz', 'mailto:ana@example.com'],
      ['Bo Li', 'mailto:bo@example.com'],
    ]);
  });
});

describe('escaping', () => {
  it.each([
    ['semicolons', 'Unit 4; back door'],
    ['commas', '12 Oak St, Austin, TX'],
    ['backslashes', 'C:\\homes\\oak \\n is not a newline'],
    ['newlines', 'Line one\nLine two\n\nLine four'],
    ['all of them at once', 'a;b,c\\d\ne;;,,\\\\\n'],
  ])('brings %s back as they were, in SUMMARY, LOCATION and DESCRIPTION', (_what, text) => {
    const { event: e } = read(calendarText(event({ summary: text, location: text, description: text })));
    expect(e.summary).toBe(text);
    expect(e.location).toBe(text);
    expect(e.description).toBe(text);
  });

  it('turns CRLF and CR line breaks into newlines', () => {
    const { event: e } = read(calendarText(event({ description: 'one\r\ntwo\rthree' })));
    expect(e.description).toBe('one\ntwo\nthree');
  });

  it('escapes backslash, semicolon, comma and the line break as RFC 5545 §3.3.11 writes them', () => {
    expect(escapeText('a\\b;c,d\ne')).toBe('a\\\\b\\;c\\,d\\ne');
  });

  it('keeps a name with a comma, a semicolon and a colon as one CN, and drops a double quote', () => {
    const { event: e, vevent } = read(
      calendarText(
        event({
          organizer: { name: 'Oak & Co: Homes, Inc; "best"', email: 'showings@harbor.example' },
          attendees: [{ name: 'O\'Brien, Ana; Jr: "AJ"', email: 'ana@example.com' }],
        }),
      ),
    );
    expect(vevent.getFirstProperty('organizer')!.getParameter('cn')).toBe('Oak & Co: Homes, Inc; best');
    expect(vevent.getFirstProperty('organizer')!.getFirstValue()).toBe('mailto:showings@harbor.example');
    expect(e.attendees[0]!.getParameter('cn')).toBe("O'Brien, Ana; Jr: AJ");
    expect(e.attendees[0]!.getFirstValue()).toBe('mailto:ana@example.com');
  });
});

describe('lines', () => {
  const addresses = {
    Chinese: '北京市朝阳区建国门外大街1号国贸大厦三座二十八层二八零一室，靠近地铁站和购物中心的高档公寓楼',
    Arabic: 'شارع الملك فهد، حي العليا، الرياض ١٢٢١٤، المملكة العربية السعودية، بالقرب من برج المملكة والمركز التجاري',
    emoji: '🏠🏡🏘️ Sunny Villa 🌞🌴🌊 with a 🏊 pool, 🐕 yard and 👨‍👩‍👧‍👦 room for everyone 🎉🎉🎉🎉🎉🎉🎉🎉🎉🎉',
    Latin: 'Ä'.repeat(20) + ' Straße ' + 'é'.repeat(40),
  };

  it('ends every line with CRLF, and has no bare CR or LF', () => {
    const text = calendarText(event({ description: 'one\ntwo\r\nthree\rfour' }));
    expect(text.endsWith('\r\n')).toBe(true);
    expect(text.replace(/\r\n/g, '')).not.toMatch(/[\r\n]/);
  });

  it.each(Object.entries(addresses))(
    'folds a long %s address at 75 octets at most, never inside a character, and unfolds to it',
    (_script, address) => {
      const text = calendarText(
        event({ summary: `Harbor Homes: ${address}`, location: address, description: address.repeat(3) }),
      );
      const lines = physicalLines(text);
      for (const line of lines) {
        expect(octets(line)).toBeLessThanOrEqual(75);
        // A character split across lines would leave a lone surrogate: UTF-8 would not bring it back.
        expect(Buffer.from(line, 'utf8').toString('utf8')).toBe(line);
      }
      // Every continuation starts with one space, and a line is folded only when the next character would not fit.
      for (let i = 1; i < lines.length; i++) {
        if (!lines[i]!.startsWith(' ')) continue;
        const next = [...lines[i]!.slice(1)][0]!;
        expect(octets(lines[i - 1]!) + octets(next)).toBeGreaterThan(75);
      }
      expect(lines.filter((l) => l.startsWith(' ')).length).toBeGreaterThan(0);
      const { event: e } = read(text);
      expect(e.location).toBe(address);
      expect(e.summary).toBe(`Harbor Homes: ${address}`);
      expect(e.description).toBe(address.repeat(3));
    },
  );

  it('folds a line of 75 octets not at all and one of 76 into two', () => {
    const line75 = `DESCRIPTION:${'x'.repeat(75 - 12)}`;
    expect(fold(line75)).toBe(line75);
    const line76 = `${line75}y`;
    expect(fold(line76)).toBe(`${line75}\r\n y`);
  });

  it('moves a character that would cross the 75th octet whole to the next line', () => {
    // 73 octets, then a 4-octet emoji: it does not fit in the 2 left.
    const folded = fold(`${'x'.repeat(73)}🏠z`);
    expect(folded).toBe(`${'x'.repeat(73)}\r\n 🏠z`);
    // 74 octets, then a 2-octet letter: exactly 76 — it goes on.
    expect(fold(`${'x'.repeat(74)}é`)).toBe(`${'x'.repeat(74)}\r\n é`);
    expect(fold(`${'x'.repeat(73)}é`)).toBe(`${'x'.repeat(73)}é`);
  });

  it('may fold between an escape’s backslash and its character, and the text still comes back', () => {
    for (let pad = 0; pad < 4; pad++) {
      const text = `${'p'.repeat(pad)}${',;\\'.repeat(40)}`;
      const { event: e } = read(calendarText(event({ location: text })));
      expect(e.location).toBe(text);
    }
  });
});
