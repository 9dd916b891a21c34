/**
 * Viewings booked in the chat (API.md §3.11, issue 63) through the real service: the showing hours
 * in the settings, a listing's free slots, a booking and its emails with their calendar invites
 * (delivered to a real SMTP server and read with ical.js, as a calendar client reads them), the
 * cancel and the move by the token of ManageUrl — through the API and the manage page's forms — the
 * owner's list and cancel, and the reminder a day before. The clock stands at Wednesday
 * 10 March 2027, 09:00 in Chicago, four days before the change to daylight time.
 */
import { randomUUID } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { ApiError, type Client } from '../../../../src/client/index.ts';
import type { EditBody, ViewingBooking } from '../../../../src/protocol/index.ts';
import { startOutboxSender, type OutboxSender } from '../../../../src/server/mail/outbox.ts';
import { sendViewingReminders } from '../../../../src/server/mail/viewing-mail.ts';
import { viewingToken } from '../../../../src/server/mail/viewing-links.ts';
import { createApiKey } from '../../../../src/server/start/bootstrap.ts';
import { outbox, owners } from '../../../../src/server/store/schema.ts';
import { validBodies } from '../../../support/samples.ts';
import { TestClock, startService, type TestService } from '../../../support/service.ts';
import { inviteOf, plainText, readCalendar, startSmtp, type Smtp } from '../../../support/smtp.ts';

// ---------------------------------------------------------------------------------------------
// The service, its clock, and chatbots that take bookings.

/** Wednesday 10 March 2027, 09:00 CST. */
const NOW = '2027-03-10T15:00:00Z';
/** Thursday the 11th 09:00, 10:00, 11:00 CST; Friday 09:00; Monday the 15th 09:00 CDT. */
const THU_9 = '2027-03-11T15:00:00.000Z';
const THU_10 = '2027-03-11T16:00:00.000Z';
const THU_11 = '2027-03-11T17:00:00.000Z';
const FRI_9 = '2027-03-12T15:00:00.000Z';
const MON_9 = '2027-03-15T14:00:00.000Z';
const WEEKDAYS = [1, 2, 3, 4, 5].map((Day) => ({ Day, From: '09:00', To: '12:00' }));

const clock = new TestClock();
let service: TestService;
let smtp: Smtp;
let sender: OutboxSender;
let made = 0;
const mailContext = () => ({ db: service.db, clock, secret: service.secret });
/** Sends all that is due (the sender takes 20 at a time). */
const deliver = async () => {
  while ((await sender.drain()) > 0);
};

beforeAll(async () => {
  clock.set(NOW);
  [service, smtp] = await Promise.all([startService({ clock }), startSmtp()]);
  sender = startOutboxSender(mailContext(), smtp.url, 'Harbor Homes <bot@harbor.example>', 600_000);
});
beforeEach(() => clock.set(NOW));
afterAll(async () => {
  sender?.stop();
  await service?.close();
  await smtp?.close();
});

const failure = (promise: Promise<unknown>) =>
  promise.then(
    () => null,
    (e: unknown) => e as ApiError,
  );

interface Office {
  serial: string;
  listingId: string;
  /** The listing's MLS number and Url: its other names. */
  mls: string;
  url: string;
  /** The agent's address (ViewingEmail) and the visitor's, this chatbot's own. */
  agent: string;
  email: string;
  visitor: Awaited<ReturnType<TestService['visitor']>>;
}

/** A chatbot in Chicago showing homes on weekdays 09:00–12:00, an hour each, with a 12-hour notice; one Active listing. */
async function office(settings: Partial<EditBody> = {}): Promise<Office> {
  const n = ++made;
  const agent = `showings${n}@harbor.example`;
  const [mls, url] = [`OAK-${n}`, `https://homes.example.com/listing/oak-${n}`];
  const serial = await service.newChatbot({ Name: 'Harbor Homes', TalkToHumanEmail: `desk${n}@harbor.example` });
  expect(
    await service.owner.edit({
      serialNumber: serial,
      ViewingHours: WEEKDAYS,
      ViewingMinutes: 60,
      ViewingEmail: agent,
      ...settings,
    }),
  ).toBe(1);
  const listingId = await service.owner.realEstateCreate({
    ...validBodies.RealEstateCreate,
    SerialNumber: serial,
    MLSNumber: mls,
    Url: url,
  });
  return { serial, listingId, mls, url, agent, email: `ana${n}@example.com`, visitor: await service.visitor(serial) };
}

const book = (o: Office, start: string, over: Partial<Parameters<Client['viewingBook']>[0]> = {}) =>
  o.visitor.client.viewingBook({
    sessionID: o.visitor.sessionId,
    listing: o.listingId,
    start,
    name: 'Ana Ruiz',
    email: o.email,
    phone: '+1 (512) 555-0100',
    note: 'Gate code 1234',
    ...over,
  });

const slots = async (o: Office, over: Partial<Parameters<Client['viewingSlots']>[0]> = {}) =>
  (await o.visitor.client.viewingSlots({ sessionID: o.visitor.sessionId, listing: o.listingId, ...over })).Slots.map(
    (s) => s.Start,
  );

const tokenOf = (b: ViewingBooking) => new URL(b.ManageUrl).searchParams.get('token')!;
/** A client with no credential at all: the token is the only one these operations take. */
const anyone = () => service.client();

const wall = (iso: string) =>
  new Intl.DateTimeFormat('en-GB', {
    timeZone: 'America/Chicago',
    hour: '2-digit',
    minute: '2-digit',
    hourCycle: 'h23',
  }).format(new Date(iso));

// ---------------------------------------------------------------------------------------------

describe('showing hours in the settings', () => {
  it('start empty, with the documented defaults, and a visitor sees none of them', async () => {
    const serial = await service.newChatbot({ Name: 'Harbor Homes' });
    expect(await service.owner.get({ serialNumber: serial })).toMatchObject({
      ViewingHours: [],
      ViewingMinutes: 30,
      ViewingNoticeHours: 12,
      ViewingBufferMinutes: 0,
      ViewingDays: 14,
      ViewingEmail: '',
    });
    const { client } = await service.visitor(serial);
    const shown = (await client.get({ serialNumber: serial })) as Record<string, unknown>;
    for (const name of ['ViewingHours', 'ViewingMinutes', 'ViewingNoticeHours', 'ViewingEmail'])
      expect(shown).not.toHaveProperty(name);
  });

  it('are kept as Edit gives them: ranges that touch, and 24:00 as an end', async () => {
    const serial = await service.newChatbot();
    const hours = [
      { Day: 6, From: '09:00', To: '12:00' },
      { Day: 6, From: '12:00', To: '14:30' },
      { Day: 7, From: '20:00', To: '24:00' },
    ];
    await service.owner.edit({
      serialNumber: serial,
      ViewingHours: hours,
      ViewingMinutes: 45,
      ViewingNoticeHours: 0,
      ViewingBufferMinutes: 15,
      ViewingDays: 60,
      ViewingEmail: 'showings@harbor.example',
    });
    expect(await service.owner.get({ serialNumber: serial })).toMatchObject({
      ViewingHours: hours,
      ViewingMinutes: 45,
      ViewingNoticeHours: 0,
      ViewingBufferMinutes: 15,
      ViewingDays: 60,
      ViewingEmail: 'showings@harbor.example',
    });
  });

  it.each([
    ['a day of 0', 'ViewingHours', [{ Day: 0, From: '09:00', To: '12:00' }]],
    ['a day of 8', 'ViewingHours', [{ Day: 8, From: '09:00', To: '12:00' }]],
    ['a time without its leading zero', 'ViewingHours', [{ Day: 1, From: '9:00', To: '12:00' }]],
    ['an hour of 25', 'ViewingHours', [{ Day: 1, From: '09:00', To: '25:00' }]],
    ['From equal to To', 'ViewingHours', [{ Day: 1, From: '12:00', To: '12:00' }]],
    ['From after To', 'ViewingHours', [{ Day: 1, From: '13:00', To: '12:00' }]],
    [
      'overlapping ranges of a day',
      'ViewingHours',
      [
        { Day: 2, From: '09:00', To: '12:00' },
        { Day: 2, From: '11:30', To: '13:00' },
      ],
    ],
    ['a range with a key of its own', 'ViewingHours', [{ Day: 1, From: '09:00', To: '12:00', Note: 'x' }]],
    ['minutes below 15', 'ViewingMinutes', 14],
    ['minutes above 240', 'ViewingMinutes', 241],
    ['notice below 0', 'ViewingNoticeHours', -1],
    ['notice above 168', 'ViewingNoticeHours', 169],
    ['a buffer above 120', 'ViewingBufferMinutes', 121],
    ['0 days', 'ViewingDays', 0],
    ['61 days', 'ViewingDays', 61],
    ['an email that is none', 'ViewingEmail', 'showings at harbor'],
  ])('refuses %s with a 400 naming %s, and writes nothing of the Edit', async (_what, field, value) => {
    const serial = await service.newChatbot({ Name: 'Before' });
    const before = await service.owner.get({ serialNumber: serial });
    const error = await failure(
      service.owner.edit({ serialNumber: serial, Name: 'After', ViewingMinutes: 90, [field]: value } as EditBody),
    );
    expect(error).toBeInstanceOf(ApiError);
    expect(error!.status).toBe(400);
    expect(error!.message).toContain(`"${field}`);
    expect(await service.owner.get({ serialNumber: serial })).toEqual(before);
  });
});

// First of the bookings' tests: the sender delivers the whole outbox, 20 emails at a time over SMTP,
// and what the tests below queue is left unsent rather than waited for.
describe('the emails', () => {
  it('send the visitor and the agent an invite on booking, moving and cancelling: one UID, SEQUENCE 0, 1, 2', async () => {
    const o = await office();
    const booked = await book(o, THU_10);
    await deliver();
    const token = tokenOf(booked);
    await anyone().viewingReschedule({ token, start: MON_9 });
    await deliver();
    await anyone().viewingCancel({ token });
    await deliver();
    for (const address of [o.email, o.agent]) {
      const mails = smtp.to(address);
      expect(mails).toHaveLength(3);
      const [first, second, third] = await Promise.all(mails.map(inviteOf));
      expect(first).toMatchObject({
        method: 'REQUEST',
        partMethod: 'REQUEST',
        sequence: 0,
        status: 'CONFIRMED',
        start: THU_10,
      });
      expect(second).toMatchObject({
        method: 'REQUEST',
        partMethod: 'REQUEST',
        sequence: 1,
        status: 'CONFIRMED',
        start: MON_9,
      });
      expect(third).toMatchObject({
        method: 'CANCEL',
        partMethod: 'CANCEL',
        sequence: 2,
        status: 'CANCELLED',
        start: MON_9,
      });
      expect(new Set([first!.uid, second!.uid, third!.uid]).size).toBe(1);
      expect(first!.uid).toContain(booked.Id);
      expect(first!.summary).toContain('12 Oak St, Austin');
      expect(first!.location).toBe('12 Oak St, Austin');
      expect(first!.organizer).toBe(`mailto:${o.agent}`);
      expect(first!.attendees).toEqual([`mailto:${o.email}`]);
      expect(first!.end).toBe('2027-03-11T17:00:00.000Z');
      // The invite's own lines: CRLF, folded at 75 octets.
      for (const line of first!.raw.split('\r\n')) expect(Buffer.byteLength(line)).toBeLessThanOrEqual(75);
    }
  });

  it('tell the visitor where to manage the booking, and the agent who booked', async () => {
    const o = await office();
    const booked = await book(o, THU_10);
    await deliver();
    const visitorText = await plainText(smtp.to(o.email)[0]!);
    expect(visitorText).toContain(booked.ManageUrl);
    expect(visitorText).toContain('Your viewing of 12 Oak St, Austin is booked');
    const agentText = await plainText(smtp.to(o.agent)[0]!);
    expect(agentText).toContain('Ana Ruiz');
    expect(agentText).toContain(o.email);
    expect(agentText).toContain('+1 (512) 555-0100');
    expect(agentText).toContain('Gate code 1234');
  });

  it('go to TalkToHumanEmail when there is no ViewingEmail, and only to the visitor when there is neither', async () => {
    const desk = await office({ ViewingEmail: '' });
    await book(desk, THU_10);
    const nobody = await office({ ViewingEmail: '' });
    await service.owner.edit({ serialNumber: nobody.serial, TalkToHumanEmail: '' });
    await book(nobody, THU_10);
    await deliver();
    const deskAddress = (await service.owner.get({ serialNumber: desk.serial })) as { TalkToHumanEmail: string };
    expect(smtp.to(desk.email)).toHaveLength(1);
    const agentMails = smtp.to(deskAddress.TalkToHumanEmail);
    expect(agentMails).toHaveLength(1);
    expect((await inviteOf(agentMails[0]!)).organizer).toBe(`mailto:${deskAddress.TalkToHumanEmail}`);
    expect(smtp.to(nobody.email)).toHaveLength(1);
    const queued = await service.db.select().from(outbox).where(eq(outbox.chatbot, nobody.serial));
    expect(queued.map((e) => e.toAddress)).toEqual([nobody.email]);
  });

  it('are listed in the owner’s outbox with their calendar', async () => {
    const o = await office();
    await book(o, THU_10);
    const { Items } = await service.owner.outboxList({ SerialNumber: o.serial });
    expect(Items.map((e) => [e.Kind, e.To]).sort()).toEqual(
      [
        ['viewing-booked', o.agent],
        ['viewing-booked', o.email],
      ].sort(),
    );
    for (const e of Items) {
      expect(e.Calendar).toMatch(/^BEGIN:VCALENDAR\r\n/);
      expect(readCalendar(e.Calendar!)).toMatchObject({ method: 'REQUEST', sequence: 0 });
    }
  });
});

describe('free slots', () => {
  it('are the showing hours’ slots from the notice’s end to ViewingDays ahead, at the same wall-clock times across the change to daylight time', async () => {
    const o = await office();
    const answer = await o.visitor.client.viewingSlots({ sessionID: o.visitor.sessionId, listing: o.listingId });
    expect(answer.TimeZone).toBe('America/Chicago');
    const starts = answer.Slots.map((s) => s.Start);
    // Nothing on Wednesday (inside the 12-hour notice) nor at the weekend; the last is Wednesday
    // the 24th at 09:00, the horizon (14 days from now) falling at 10:00.
    expect(starts.slice(0, 4)).toEqual([THU_9, THU_10, THU_11, FRI_9]);
    expect(starts).toContain(MON_9);
    expect(starts.at(-1)).toBe('2027-03-24T14:00:00.000Z');
    expect(starts).toHaveLength(9 * 3 + 1);
    expect(new Set(starts.map(wall))).toEqual(new Set(['09:00', '10:00', '11:00']));
    for (const s of answer.Slots) expect(Date.parse(s.End) - Date.parse(s.Start)).toBe(60 * 60_000);
  });

  it('name the listing by its Id, its MLS number or its Url; another is a 404', async () => {
    const o = await office();
    const byId = await slots(o);
    expect(await slots(o, { listing: o.mls })).toEqual(byId);
    expect(await slots(o, { listing: o.url })).toEqual(byId);
    expect((await failure(slots(o, { listing: 'NO-SUCH-MLS' })))?.status).toBe(404);
  });

  it('look from a given instant for the days asked', async () => {
    const o = await office();
    // Monday the 15th, 00:00 CDT, for one day.
    expect(await slots(o, { from: '2027-03-15T05:00:00Z', days: 1 })).toEqual([
      MON_9,
      '2027-03-15T15:00:00.000Z',
      '2027-03-15T16:00:00.000Z',
    ]);
  });

  it('look only through the days asked when no instant is given', async () => {
    const o = await office();
    const all = await slots(o);
    const two = await slots(o, { days: 2 });
    // Two days from now (or from the notice's end): Thursday's and, at most, Friday's slots.
    expect(two.length).toBeGreaterThan(0);
    expect(two.length).toBeLessThan(all.length);
    for (const start of two) expect(Date.parse(start)).toBeLessThan(Date.parse(NOW) + (12 + 48) * 3_600_000);
  });

  it('lose a booked slot, whichever of the chatbot’s listings was booked', async () => {
    const o = await office();
    const other = await service.owner.realEstateCreate({
      ...validBodies.RealEstateCreate,
      SerialNumber: o.serial,
      MLSNumber: 'ELM-7',
      Url: 'https://homes.example.com/listing/elm-7',
    });
    await book(o, THU_10);
    expect(await slots(o)).not.toContain(THU_10);
    expect(await slots(o, { listing: other })).not.toContain(THU_10);
    expect(await slots(o)).toContain(THU_9);
  });

  it('keep the buffer around a booking', async () => {
    const o = await office({ ViewingMinutes: 30, ViewingBufferMinutes: 30 });
    // 30-minute slots an hour apart: 09:00, 10:00, 11:00.
    expect((await slots(o)).slice(0, 3)).toEqual([THU_9, THU_10, THU_11]);
    await book(o, THU_10);
    expect((await slots(o)).slice(0, 3)).toEqual([THU_9, THU_11, FRI_9]);
  });

  it('are a 409 for a sold listing and for a chatbot without showing hours', async () => {
    const o = await office();
    const sold = await service.owner.realEstateCreate({
      ...validBodies.RealEstateCreate,
      SerialNumber: o.serial,
      MLSNumber: 'SOLD-1',
      Url: 'https://homes.example.com/listing/sold-1',
      Status: 'Sold',
    });
    const error = await failure(slots(o, { listing: sold }));
    expect(error?.status).toBe(409);
    expect(error?.message).toMatch(/sold/);
    await service.owner.edit({ serialNumber: o.serial, ViewingHours: [] });
    const none = await failure(slots(o));
    expect(none?.status).toBe(409);
    expect(none?.message).toMatch(/ViewingHours/);
  });

  it('are a 403 for a visitor naming another session, or a session of another chatbot', async () => {
    const o = await office();
    const stranger = await service.visitor(o.serial);
    const call = (client: Client) => client.viewingSlots({ sessionID: o.visitor.sessionId, listing: o.listingId });
    expect((await failure(call(stranger.client)))?.status).toBe(403);
    const elsewhere = await office();
    expect((await failure(call(elsewhere.visitor.client)))?.status).toBe(403);
  });

  it('never show a listing of another chatbot to its visitor: a 404', async () => {
    const mine = await office();
    const theirs = await office();
    const error = await failure(
      theirs.visitor.client.viewingSlots({ sessionID: theirs.visitor.sessionId, listing: mine.listingId }),
    );
    expect(error?.status).toBe(404);
    expect(
      (await failure(theirs.visitor.client.viewingSlots({ sessionID: theirs.visitor.sessionId, listing: mine.mls })))
        ?.status,
    ).toBe(404);
  });
});

describe('a booking', () => {
  it('answers with the booking, its manage page and its calendar file', async () => {
    const o = await office();
    const booked = await book(o, THU_10);
    expect(booked).toEqual({
      Id: expect.stringMatching(/^[0-9a-f]{8}-[0-9a-f]{4}-7[0-9a-f]{3}-[0-9a-f]{4}-[0-9a-f]{12}$/),
      State: 'booked',
      Start: THU_10,
      End: '2027-03-11T17:00:00.000Z',
      TimeZone: 'America/Chicago',
      Listing: { Id: o.listingId, Address: '12 Oak St, Austin' },
      Email: o.email,
      ManageUrl: expect.stringMatching(new RegExp(`^${service.origin}/viewings/manage\\?token=[A-Za-z0-9_-]{20,100}$`)),
      CalendarUrl: `${service.origin}/viewings/calendar.ics?token=${tokenOf(booked)}`,
    });
    const page = await fetch(booked.ManageUrl);
    expect(page.status).toBe(200);
    expect(await page.text()).toContain('12 Oak St, Austin');
    const ics = await fetch(booked.CalendarUrl);
    expect(ics.status).toBe(200);
    expect(readCalendar(await ics.text())).toMatchObject({ method: 'REQUEST', start: THU_10, sequence: 0 });
  });

  it('takes the name, phone and note the visitor gave, which the owner sees', async () => {
    const o = await office();
    const booked = await book(o, THU_11, { name: '  Ana Ruiz ', note: 'Bringing my partner' });
    const { Items } = await service.owner.viewingList({ SerialNumber: o.serial });
    expect(Items).toEqual([
      expect.objectContaining({
        Id: booked.Id,
        State: 'booked',
        Start: THU_11,
        Listing: {
          Id: o.listingId,
          Address: '12 Oak St, Austin',
          MLSNumber: o.mls,
          Url: o.url,
        },
        SessionID: o.visitor.sessionId,
        Name: 'Ana Ruiz',
        Email: o.email,
        Phone: '+1 (512) 555-0100',
        Note: 'Bringing my partner',
        CreatedAt: new Date(NOW).toISOString(),
        CancelledAt: null,
        CancelledBy: null,
      }),
    ]);
  });

  it('refuses a slot already booked, for any visitor, with a 409', async () => {
    const o = await office();
    await book(o, THU_9);
    const again = await failure(book(o, THU_9));
    expect(again?.status).toBe(409);
    expect(again?.message).toMatch(/already taken/);
    const other = await service.visitor(o.serial);
    const theirs = await failure(
      other.client.viewingBook({
        sessionID: other.sessionId,
        listing: o.listingId,
        start: THU_9,
        name: 'Bo',
        email: 'bo@example.com',
      }),
    );
    expect(theirs?.status).toBe(409);
    expect((await service.owner.viewingList({ SerialNumber: o.serial })).Total).toBe(1);
  });

  it.each([
    ['a time that has passed', '2027-03-09T15:00:00.000Z', /has passed/],
    ['a time inside the notice', '2027-03-10T17:00:00.000Z', /12-hour notice/],
    ['a time off the grid', '2027-03-11T15:30:00.000Z', /not one of the showing hours/],
    ['a Saturday', '2027-03-13T15:00:00.000Z', /not one of the showing hours/],
    ['a time beyond ViewingDays', '2027-03-25T14:00:00.000Z', /14 days ahead/],
  ])('refuses %s with a 409 saying so', async (_what, start, why) => {
    const o = await office();
    const error = await failure(book(o, start));
    expect(error?.status).toBe(409);
    expect(error?.message).toMatch(/"start" is not a free slot/);
    expect(error?.message).toMatch(why);
    expect((await service.owner.viewingList({ SerialNumber: o.serial })).Total).toBe(0);
  });

  it.each([
    ['email', { email: 'ana at example' }],
    ['email', { email: '' }],
    ['phone', { phone: 'call me' }],
    ['name', { name: '' }],
    ['start', { start: 'Thursday at 10' }],
  ])('refuses a bad %s with a 400 naming it', async (field, over) => {
    const o = await office();
    const error = await failure(book(o, THU_10, over));
    expect(error?.status).toBe(400);
    expect(error?.message).toContain(`"${field}"`);
  });

  it('is refused for a sold listing (409) and for a listing of another chatbot (404)', async () => {
    const o = await office();
    await service.owner.realEstateUpdate({
      ...validBodies.RealEstateUpdate,
      SerialNumber: o.serial,
      Key: o.mls,
      KeyType: 'MLSNumber',
      MLSNumber: o.mls,
      Url: o.url,
      Status: 'Sold',
    });
    expect((await failure(book(o, THU_10)))?.status).toBe(409);
    const other = await office();
    expect((await failure(book(other, THU_10, { listing: o.listingId })))?.status).toBe(404);
  });
});

describe('cancelling with the token', () => {
  it('takes the token alone, and frees the slot', async () => {
    const o = await office();
    const booked = await book(o, THU_10);
    const cancelled = await anyone().viewingCancel({ token: tokenOf(booked) });
    expect(cancelled).toMatchObject({ Id: booked.Id, State: 'cancelled', Start: THU_10 });
    expect(await slots(o)).toContain(THU_10);
    expect((await service.owner.viewingList({ SerialNumber: o.serial })).Items[0]).toMatchObject({
      State: 'cancelled',
      CancelledBy: 'visitor',
      CancelledAt: new Date(NOW).toISOString(),
    });
    // The slot can be booked again.
    expect((await book(o, THU_10)).State).toBe('booked');
  });

  it('is a 409 the second time', async () => {
    const o = await office();
    const token = tokenOf(await book(o, THU_10));
    await anyone().viewingCancel({ token });
    const again = await failure(anyone().viewingCancel({ token }));
    expect(again?.status).toBe(409);
    expect(again?.message).toMatch(/already cancelled/);
  });

  it('is a 404 for a forged token, or a token of no booking', async () => {
    const o = await office();
    const token = tokenOf(await book(o, THU_10));
    const flipped = `${token.slice(0, -2)}${token.endsWith('AA') ? 'BB' : 'AA'}`;
    expect((await failure(anyone().viewingCancel({ token: flipped })))?.status).toBe(404);
    const otherSecret = viewingToken(
      Buffer.alloc(32, 7),
      (await service.owner.viewingList({ SerialNumber: o.serial })).Items[0]!.Id,
    );
    expect((await failure(anyone().viewingCancel({ token: otherSecret })))?.status).toBe(404);
    expect((await failure(anyone().viewingCancel({ token: viewingToken(service.secret, randomUUID()) })))?.status).toBe(
      404,
    );
    expect((await failure(anyone().viewingCancel({ token: 'short' })))?.status).toBe(400);
    expect((await service.owner.viewingList({ SerialNumber: o.serial })).Items[0]!.State).toBe('booked');
  });

  it('is a 409 once the viewing has begun', async () => {
    const o = await office();
    const token = tokenOf(await book(o, THU_10));
    clock.set('2027-03-11T16:10:00Z');
    const error = await failure(anyone().viewingCancel({ token }));
    expect(error?.status).toBe(409);
    expect(error?.message).toMatch(/already begun/);
  });
});

describe('moving with the token', () => {
  it('moves the booking to a free slot, freeing the old one', async () => {
    const o = await office();
    const booked = await book(o, THU_10);
    const moved = await anyone().viewingReschedule({ token: tokenOf(booked), start: MON_9 });
    expect(moved).toMatchObject({ Id: booked.Id, State: 'booked', Start: MON_9, End: '2027-03-15T15:00:00.000Z' });
    expect(moved.ManageUrl).toBe(booked.ManageUrl);
    const free = await slots(o);
    expect(free).toContain(THU_10);
    expect(free).not.toContain(MON_9);
  });

  it('is a 409 to a slot taken, off the grid, or for a cancelled booking', async () => {
    const o = await office();
    await book(o, THU_9);
    const token = tokenOf(await book(o, THU_10));
    const taken = await failure(anyone().viewingReschedule({ token, start: THU_9 }));
    expect(taken?.status).toBe(409);
    expect(taken?.message).toMatch(/already taken/);
    expect((await failure(anyone().viewingReschedule({ token, start: '2027-03-11T16:30:00Z' })))?.status).toBe(409);
    await anyone().viewingCancel({ token });
    const cancelled = await failure(anyone().viewingReschedule({ token, start: FRI_9 }));
    expect(cancelled?.status).toBe(409);
    expect(cancelled?.message).toMatch(/cancelled/);
  });

  it('may move a booking within its own buffer', async () => {
    const o = await office({ ViewingMinutes: 30, ViewingBufferMinutes: 30 });
    const token = tokenOf(await book(o, THU_10));
    expect((await anyone().viewingReschedule({ token, start: THU_11 })).Start).toBe(THU_11);
  });
});

describe('the owner’s bookings', () => {
  it('are listed soonest first, by days, state and page', async () => {
    const o = await office();
    const mon = await book(o, MON_9);
    const thu = await book(o, THU_10);
    const fri = await book(o, FRI_9);
    await anyone().viewingCancel({ token: tokenOf(fri) });
    const ids = async (body: Partial<Parameters<Client['viewingList']>[0]>) =>
      (await service.owner.viewingList({ SerialNumber: o.serial, ...body })).Items.map((v) => v.Id);
    expect(await ids({})).toEqual([thu.Id, fri.Id, mon.Id]);
    expect(await ids({ State: 'booked' })).toEqual([thu.Id, mon.Id]);
    expect(await ids({ State: 'cancelled' })).toEqual([fri.Id]);
    expect(await ids({ From: '2027-03-12', To: '2027-03-12' })).toEqual([fri.Id]);
    expect(await ids({ From: '2027-03-15' })).toEqual([mon.Id]);
    expect(await ids({ Page: 2, PageSize: 2 })).toEqual([mon.Id]);
    expect((await service.owner.viewingList({ SerialNumber: o.serial, PageSize: 1 })).Total).toBe(3);
  });

  it('may be cancelled by the owner, and the slot is free again', async () => {
    const o = await office();
    const booked = await book(o, THU_10);
    const cancelled = await service.owner.ownerViewingCancel({ SerialNumber: o.serial, Id: booked.Id });
    expect(cancelled).toMatchObject({ Id: booked.Id, State: 'cancelled' });
    expect((await service.owner.viewingList({ SerialNumber: o.serial })).Items[0]).toMatchObject({
      CancelledBy: 'owner',
    });
    expect(await slots(o)).toContain(THU_10);
    expect((await failure(service.owner.ownerViewingCancel({ SerialNumber: o.serial, Id: booked.Id })))?.status).toBe(
      409,
    );
  });

  it('are another owner’s to neither list nor cancel (403), and a booking of another chatbot is a 404', async () => {
    const o = await office();
    const booked = await book(o, THU_10);
    const [stranger] = await service.db.insert(owners).values({ name: 'Another owner' }).returning();
    const theirs = service.client({ apiKey: await createApiKey(service.db, stranger!.id, 'other') });
    expect((await failure(theirs.viewingList({ SerialNumber: o.serial })))?.status).toBe(403);
    expect((await failure(theirs.ownerViewingCancel({ SerialNumber: o.serial, Id: booked.Id })))?.status).toBe(403);
    expect((await failure(o.visitor.client.viewingList({ SerialNumber: o.serial })))?.status).toBe(403);
    const mine = await office();
    expect(
      (await failure(service.owner.ownerViewingCancel({ SerialNumber: mine.serial, Id: booked.Id })))?.status,
    ).toBe(404);
    expect(
      (await failure(service.owner.ownerViewingCancel({ SerialNumber: o.serial, Id: randomUUID() })))?.status,
    ).toBe(404);
    expect((await service.owner.viewingList({ SerialNumber: o.serial })).Items[0]!.State).toBe('booked');
  });
});

describe('the manage page', () => {
  const post = (form: Record<string, string>) =>
    fetch(`${service.origin}/viewings/manage`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams(form).toString(),
      redirect: 'manual',
    });

  it('shows the booking in English by default, with a strict content security policy', async () => {
    const o = await office();
    const booked = await book(o, THU_10);
    const res = await fetch(booked.ManageUrl);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/^text\/html/);
    expect(res.headers.get('content-security-policy')).toMatch(/default-src 'none'/);
    expect(res.headers.get('content-security-policy')).toMatch(/form-action 'self'/);
    expect(res.headers.get('cache-control')).toBe('no-store');
    const html = await res.text();
    expect(html).toMatch(/<html lang="en"/);
    expect(html).toContain('<form method="post" action="/viewings/manage">');
    expect(html).toContain('name="action" value="move"');
    expect(html).toContain('Central Time');
    expect(html).not.toContain('<script');
    // Cancelling asks to be sure first, on a page of its own, which holds the form that cancels.
    expect(html).not.toContain('name="action" value="cancel"');
    const confirm = /href="(\/viewings\/manage\?token=[\w-]+&amp;confirm=cancel)"/.exec(html)?.[1];
    expect(confirm).toBeDefined();
    const sure = await (await fetch(new URL(confirm!.replace('&amp;', '&'), booked.ManageUrl))).text();
    expect(sure).toContain('name="action" value="cancel"');
    expect(sure).toContain('Cancel this viewing?');
    expect(sure).not.toContain('name="action" value="move"');
  });

  it('shows the booking in the language of the visitor’s conversation', async () => {
    const o = await office();
    await o.visitor.client.ask({
      sessionID: o.visitor.sessionId,
      content: '¿Tienen casas en venta en Austin? Me gustaría visitar una.',
    });
    const booked = await book(o, THU_10);
    const html = await (await fetch(booked.ManageUrl)).text();
    expect(html).toMatch(/<html lang="es"/);
    expect(html).toContain('Su visita');
  });

  it('cancels by its form: a 303 back to the page, which then says so', async () => {
    const o = await office();
    const booked = await book(o, THU_10);
    const res = await post({ token: tokenOf(booked), action: 'cancel' });
    expect(res.status).toBe(303);
    const location = res.headers.get('location')!;
    expect(location).toBe(`/viewings/manage?token=${tokenOf(booked)}&done=cancelled`);
    expect((await service.owner.viewingList({ SerialNumber: o.serial })).Items[0]).toMatchObject({
      State: 'cancelled',
      CancelledBy: 'visitor',
    });
    const after = await (await fetch(`${service.origin}${location}`)).text();
    expect(after).toContain('The viewing is cancelled.');
    expect(after).not.toContain('value="cancel"');
  });

  it('moves by its form to a slot it offers', async () => {
    const o = await office();
    const booked = await book(o, THU_10);
    const html = await (await fetch(booked.ManageUrl)).text();
    expect(html).toContain(`value="${MON_9}"`);
    const res = await post({ token: tokenOf(booked), action: 'move', start: MON_9 });
    expect(res.status).toBe(303);
    expect(res.headers.get('location')).toMatch(/done=moved$/);
    expect((await service.owner.viewingList({ SerialNumber: o.serial })).Items[0]).toMatchObject({
      Start: MON_9,
      State: 'booked',
    });
  });

  it('says why a move cannot be made, with a 409 page', async () => {
    const o = await office();
    await book(o, THU_9);
    const booked = await book(o, THU_10);
    const res = await post({ token: tokenOf(booked), action: 'move', start: THU_9 });
    expect(res.status).toBe(409);
    expect(res.headers.get('content-security-policy')).toMatch(/default-src 'none'/);
    expect(await res.text()).toMatch(/already taken/);
  });

  it('is a 404 page for a bad token, on GET and POST', async () => {
    const o = await office();
    const token = tokenOf(await book(o, THU_10));
    const forged = `${token.slice(0, -2)}${token.endsWith('AA') ? 'BB' : 'AA'}`;
    for (const res of [
      await fetch(`${service.origin}/viewings/manage?token=${forged}`),
      await fetch(`${service.origin}/viewings/manage?token=nope`),
      await fetch(`${service.origin}/viewings/manage`),
      await post({ token: forged, action: 'cancel' }),
    ]) {
      expect(res.status).toBe(404);
      expect(res.headers.get('content-type')).toMatch(/^text\/html/);
      expect(res.headers.get('content-security-policy')).toMatch(/default-src 'none'/);
      expect(await res.text()).toContain('This link is not valid.');
    }
    expect((await service.owner.viewingList({ SerialNumber: o.serial })).Items[0]!.State).toBe('booked');
  });

  it('serves the calendar file as text/calendar, as the booking now stands', async () => {
    const o = await office();
    const booked = await book(o, THU_10);
    const res = await fetch(booked.CalendarUrl);
    expect(res.headers.get('content-type')).toMatch(/^text\/calendar/);
    const text = await res.text();
    expect(text.startsWith('BEGIN:VCALENDAR\r\n')).toBe(true);
    const first = readCalendar(text);
    expect(first).toMatchObject({ method: 'REQUEST', sequence: 0, status: 'CONFIRMED', start: THU_10 });
    await anyone().viewingCancel({ token: tokenOf(booked) });
    const after = readCalendar(await (await fetch(booked.CalendarUrl)).text());
    expect(after).toMatchObject({ method: 'CANCEL', uid: first.uid, sequence: 1, status: 'CANCELLED' });
    expect((await fetch(`${service.origin}/viewings/calendar.ics?token=nope`)).status).toBe(404);
  });

  it('cuts a long SUMMARY between characters, never inside one', async () => {
    // "Harbor Home: " is 13 UTF-16 units; an address of emoji (two units each) cut at 300 units would split one.
    const o = await office({ Name: 'Harbor Home' });
    const address = '🏠'.repeat(200);
    await service.owner.realEstateUpdate({
      ...validBodies.RealEstateUpdate,
      SerialNumber: o.serial,
      Key: o.mls,
      KeyType: 'MLSNumber',
      MLSNumber: o.mls,
      Url: o.url,
      Status: 'Active',
      Address: address,
      City: '',
      State: '',
      ZIP: '',
    });
    const booked = await book(o, THU_10);
    const { summary, location } = readCalendar(await (await fetch(booked.CalendarUrl)).text());
    expect(location).toBe(address);
    expect(summary).not.toContain('\uFFFD');
    expect(`Harbor Home: ${address}`.startsWith(summary)).toBe(true);
    expect(summary.length).toBeGreaterThan(250);
  });
});

describe('the reminder', () => {
  const reminders = (serial: string) =>
    service.db
      .select()
      .from(outbox)
      .where(and(eq(outbox.chatbot, serial), eq(outbox.kind, 'viewing-reminder')));

  it('is sent once to each side within a day of the viewing, however often the sweep runs', async () => {
    const o = await office();
    await book(o, FRI_9);
    clock.set('2027-03-11T14:00:00Z'); // 25 hours before: not yet
    await sendViewingReminders(mailContext());
    expect(await reminders(o.serial)).toEqual([]);
    clock.set('2027-03-11T15:30:00Z'); // 23.5 hours before
    const [a, b] = await Promise.all([sendViewingReminders(mailContext()), sendViewingReminders(mailContext())]);
    expect(a + b).toBeGreaterThanOrEqual(1);
    expect(await sendViewingReminders(mailContext())).toBe(0);
    clock.advance(5 * 60_000);
    expect(await sendViewingReminders(mailContext())).toBe(0);
    const sent = await reminders(o.serial);
    expect(sent.map((e) => e.toAddress).sort()).toEqual([o.agent, o.email].sort());
    expect(sent.every((e) => e.calendar === null)).toBe(true);
    expect(sent.find((e) => e.toAddress === o.email)!.subject).toMatch(
      /Reminder: your viewing of 12 Oak St, Austin is tomorrow/,
    );
  });

  it('is not sent for a cancelled booking, and again for a booking moved', async () => {
    const o = await office();
    const cancelled = await book(o, THU_10);
    await anyone().viewingCancel({ token: tokenOf(cancelled) });
    const moved = await book(o, THU_11);
    clock.set('2027-03-10T18:00:00Z'); // within a day of Thursday 11:00 (17:00Z)
    await sendViewingReminders(mailContext());
    expect((await reminders(o.serial)).map((e) => e.toAddress).sort()).toEqual([o.agent, o.email].sort());
    await anyone().viewingReschedule({ token: tokenOf(moved), start: FRI_9 });
    clock.set('2027-03-11T16:00:00Z'); // within a day of Friday 09:00 (15:00Z)
    await sendViewingReminders(mailContext());
    expect(await reminders(o.serial)).toHaveLength(4);
  });
});
