/**
 * Calendar invites (RFC 5545, with iTIP's methods of RFC 5546): one event per booking, its UID
 * stable and its SEQUENCE raised by every change, so a calendar client updates or removes the event
 * it already holds. Times in UTC (no VTIMEZONE needed); text escaped; lines folded at 75 octets
 * without splitting a character; CRLF line ends.
 */

export interface CalendarEvent {
  method: 'REQUEST' | 'CANCEL' | 'PUBLISH';
  uid: string;
  sequence: number;
  /** When this version was made. */
  stamp: Date;
  start: Date;
  end: Date;
  summary: string;
  location: string;
  description: string;
  url?: string;
  organizer: { name: string; email: string };
  attendees: { name: string; email: string }[];
}

/** `20270313T170000Z`. */
const utc = (d: Date) =>
  d
    .toISOString()
    .replace(/[-:]/g, '')
    .replace(/\.\d{3}/, '');

/** TEXT escaped (RFC 5545 §3.3.11): backslash, semicolon, comma, and line breaks as `\n`. */
export const escapeText = (text: string) =>
  text
    .replace(/\\/g, '\\\\')
    .replace(/;/g, '\\;')
    .replace(/,/g, '\\,')
    .replace(/\r\n|\r|\n/g, '\\n');

/** A parameter's value (a CN): quoted, without the quotes and controls it may not hold (§3.2). */
const param = (value: string) => `"${value.replace(/["\p{Cc}]/gu, '').slice(0, 200)}"`;

/** A content line folded at 75 octets: every continuation starts with a space (§3.1). */
export function fold(line: string): string {
  const encoder = new TextEncoder();
  const out: string[] = [];
  let current = '';
  let octets = 0;
  for (const char of line) {
    const size = encoder.encode(char).length;
    if (octets + size > 75) {
      out.push(current);
      current = ' ';
      octets = 1;
    }
    current += char;
    octets += size;
  }
  out.push(current);
  return out.join('\r\n');
}

/** The VCALENDAR text of one event. */
export function calendarText(e: CalendarEvent): string {
  const status = e.method === 'CANCEL' ? 'CANCELLED' : 'CONFIRMED';
  const lines = [
    'BEGIN:VCALENDAR',
    'PRODID:-//chat-bot-element//Viewings//EN',
    'VERSION:2.0',
    'CALSCALE:GREGORIAN',
    `METHOD:${e.method}`,
    'BEGIN:VEVENT',
    `UID:${e.uid}`,
    `SEQUENCE:${e.sequence}`,
    `DTSTAMP:${utc(e.stamp)}`,
    `DTSTART:${utc(e.start)}`,
    `DTEND:${utc(e.end)}`,
    `SUMMARY:${escapeText(e.summary)}`,
    `LOCATION:${escapeText(e.location)}`,
    `DESCRIPTION:${escapeText(e.description)}`,
    ...(e.url ? [`URL:${e.url}`] : []),
    `ORGANIZER;CN=${param(e.organizer.name)}:mailto:${e.organizer.email}`,
    ...e.attendees.map(
      (a) =>
        `ATTENDEE;CN=${param(a.name)};ROLE=REQ-PARTICIPANT;PARTSTAT=${e.method === 'CANCEL' ? 'DECLINED' : 'ACCEPTED'}:mailto:${a.email}`,
    ),
    `STATUS:${status}`,
    'TRANSP:OPAQUE',
    'END:VEVENT',
    'END:VCALENDAR',
  ];
  return `${lines.map(fold).join('\r\n')}\r\n`;
}
