/**
 * A real SMTP server on loopback (smtp-server) that keeps what it receives and can be told to
 * refuse, and what a received email says as a mail client reads it: the MIME parsed by mailparser
 * (nodemailer's sibling), the calendar invite by ical.js.
 *
 * An invite as the service sends it (nodemailer's `icalEvent`): a `text/calendar; method=REQUEST`
 * (or CANCEL) alternative beside the text/plain, and the same calendar attached as invite.ics
 * (application/ics). mailparser gives the alternative as an attachment of type text/calendar, with
 * its Content-Type's parameters, `method` among them, in its headers.
 */
import type { AddressInfo } from 'node:net';
import ICAL from 'ical.js';
import { simpleParser, type StructuredHeader } from 'mailparser';
import { SMTPServer } from 'smtp-server';

/** One email as the server took it: the envelope's sender and recipients, and the message as sent. */
export interface Received {
  from: string;
  to: string[];
  data: string;
}

export interface Smtp {
  /** SMTP_URL for the service, or the outbox sender's URL. */
  url: string;
  /** Every email taken, in order. */
  received: Received[];
  /** The emails taken for `address` (an envelope recipient), in order. */
  to(address: string): Received[];
  /** While on, every message is refused with a 550 at its end (nothing is kept). */
  refuseAll(on: boolean): void;
  close(): Promise<void>;
}

export async function startSmtp(): Promise<Smtp> {
  const received: Received[] = [];
  let refuse = false;
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    disableReverseLookup: true,
    logger: false,
    onData(stream, session, callback) {
      let data = '';
      stream.setEncoding('utf8');
      stream.on('data', (chunk: string) => (data += chunk));
      stream.on('end', () => {
        if (refuse) return callback(Object.assign(new Error('mailbox unavailable'), { responseCode: 550 }));
        received.push({
          from: session.envelope.mailFrom ? session.envelope.mailFrom.address : '',
          to: session.envelope.rcptTo.map((r) => r.address),
          data,
        });
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `smtp://127.0.0.1:${(server.server.address() as AddressInfo).port}`,
    received,
    to: (address) => received.filter((m) => m.to.includes(address)),
    refuseAll: (on) => {
      refuse = on;
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/** The text/plain of an email, decoded. */
export async function plainText(mail: Received): Promise<string> {
  return (await simpleParser(mail.data)).text ?? '';
}

/** An email's text/calendar part: its Content-Type's `method` parameter, and its text decoded. */
export interface CalendarPart {
  method: string | undefined;
  text: string;
}

/** The text/calendar part of an email (the alternative, not the attached .ics), or undefined when it has none. */
export async function calendarPart(mail: Received): Promise<CalendarPart | undefined> {
  const part = (await simpleParser(mail.data)).attachments.find((a) => a.contentType === 'text/calendar');
  if (!part) return undefined;
  const type = part.headers.get('content-type') as StructuredHeader | undefined;
  return { method: type?.params.method, text: part.content.toString('utf8') };
}

/** A calendar's first event as a calendar client reads it (ical.js), with the calendar's METHOD. */
export function readCalendar(text: string) {
  const calendar = new ICAL.Component(ICAL.parse(text));
  const vevent = calendar.getFirstSubcomponent('vevent')!;
  const event = new ICAL.Event(vevent);
  return {
    method: calendar.getFirstPropertyValue('method'),
    uid: event.uid,
    sequence: event.sequence,
    status: vevent.getFirstPropertyValue('status'),
    start: event.startDate.toJSDate().toISOString(),
    end: event.endDate.toJSDate().toISOString(),
    summary: event.summary,
    location: event.location,
    organizer: vevent.getFirstPropertyValue('organizer'),
    attendees: event.attendees.map((a) => a.getFirstValue()),
  };
}

/** The invite an email carries, as a calendar client reads it: the event, its part's `method` (partMethod), its text (raw). */
export type Invite = ReturnType<typeof readCalendar> & { partMethod: string | undefined; raw: string };

const invite = (part: CalendarPart): Invite => ({
  ...readCalendar(part.text),
  partMethod: part.method,
  raw: part.text,
});

/** The invite an email carries; an error showing the email's start when it carries none. */
export async function inviteOf(mail: Received): Promise<Invite> {
  const part = await calendarPart(mail);
  if (!part) throw new Error(`no text/calendar part in:\n${mail.data.slice(0, 2000)}`);
  return invite(part);
}

/** The invites among `mails`, in order (an email without a text/calendar part, such as a reminder, passed over). */
export async function invitesIn(mails: Received[]): Promise<Invite[]> {
  const parts = await Promise.all(mails.map(calendarPart));
  return parts.filter((p) => p !== undefined).map(invite);
}
