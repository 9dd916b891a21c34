/**
 * Viewings under contention (API.md §3.11): many visitors booking one slot at once — on one
 * instance (PGlite or PostgreSQL), and on two instances of one PostgreSQL, the requests split
 * between them — make one booking and 409s; slots that conflict through the buffer likewise; a
 * visitor's bookings are throttled; and the reminder sweep of two instances reminds once.
 */
import { and, count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { ApiError, type Client } from '../../../../src/client/index.ts';
import type { EditBody } from '../../../../src/protocol/index.ts';
import { NO_THROTTLES, type Throttles } from '../../../../src/server/http/throttle.ts';
import { sendViewingReminders } from '../../../../src/server/mail/viewing-mail.ts';
import { openStore } from '../../../../src/server/store/db.ts';
import { outbox, viewings } from '../../../../src/server/store/schema.ts';
import { usesPostgres } from '../../../support/database.ts';
import { validBodies } from '../../../support/samples.ts';
import { TestClock, startService, type TestService } from '../../../support/service.ts';

/** Wednesday 10 March 2027, 09:00 in Chicago; Thursday's slots are past the 12-hour notice. */
const NOW = '2027-03-10T15:00:00Z';
const THU_9 = '2027-03-11T15:00:00.000Z';
const THU_10 = '2027-03-11T16:00:00.000Z';
const THU_11 = '2027-03-11T17:00:00.000Z';
const WEEKDAYS = [1, 2, 3, 4, 5].map((Day) => ({ Day, From: '09:00', To: '12:00' }));
/** Two bookings per session in ten minutes; nothing else throttled (the requests below share an address). */
const THROTTLES: Throttles = { ...NO_THROTTLES, ViewingBook: { session: { count: 2, seconds: 600 } } };

const clock = new TestClock();
let service: TestService;

beforeAll(async () => {
  clock.set(NOW);
  service = await startService({ clock, throttles: THROTTLES });
});
beforeEach(() => clock.set(NOW));
afterAll(async () => {
  await service?.close();
});

/** A chatbot showing homes on weekdays 09:00–12:00, an hour each, and its one listing. */
async function office(settings: Partial<EditBody> = {}) {
  const serial = await service.newChatbot({ Name: 'Harbor Homes' });
  await service.owner.edit({ serialNumber: serial, ViewingHours: WEEKDAYS, ViewingMinutes: 60, ...settings });
  const listing = await service.owner.realEstateCreate({ ...validBodies.RealEstateCreate, SerialNumber: serial });
  return { serial, listing };
}

/** `n` visitors of the chatbot, each with a session of their own. */
const visitors = (serial: string, n: number) => Promise.all(Array.from({ length: n }, () => service.visitor(serial)));

const attempt = (client: Client, sessionId: number, listing: string, start: string, i: number) =>
  client.viewingBook({ sessionID: sessionId, listing, start, name: `Visitor ${i}`, email: `v${i}@example.com` }).then(
    () => 200,
    (e: unknown) => {
      if (!(e instanceof ApiError)) throw e;
      expect(e.message).toMatch(/already taken/);
      return e.status;
    },
  );

const booked = async (db: TestService['db'], serial: string) =>
  (
    await db
      .select({ n: count() })
      .from(viewings)
      .where(and(eq(viewings.chatbot, serial), eq(viewings.state, 'booked')))
  )[0]!.n;

const tally = (statuses: number[]) => ({
  ok: statuses.filter((s) => s === 200).length,
  conflict: statuses.filter((s) => s === 409).length,
});

describe('one instance', () => {
  it('makes one booking of ten concurrent requests for one slot, and nine 409s', async () => {
    const { serial, listing } = await office();
    const all = await visitors(serial, 10);
    const statuses = await Promise.all(all.map((v, i) => attempt(v.client, v.sessionId, listing, THU_10, i)));
    expect(tally(statuses)).toEqual({ ok: 1, conflict: 9 });
    expect(await booked(service.db, serial)).toBe(1);
    expect((await service.owner.viewingList({ SerialNumber: serial })).Total).toBe(1);
  });

  it('makes every booking of concurrent requests for different slots', async () => {
    const { serial, listing } = await office();
    const all = await visitors(serial, 3);
    const starts = [THU_9, THU_10, THU_11];
    const statuses = await Promise.all(all.map((v, i) => attempt(v.client, v.sessionId, listing, starts[i]!, i)));
    expect(tally(statuses)).toEqual({ ok: 3, conflict: 0 });
    expect(await booked(service.db, serial)).toBe(3);
  });

  it('makes one booking of concurrent requests for two slots the buffer keeps apart', async () => {
    // Two ranges that touch: 09:00–10:00 and 10:00–11:00 each hold one slot, and the 30-minute
    // buffer keeps one from the other (API.md: a booking blocks its neighbours within the buffer).
    const { serial, listing } = await office({
      ViewingHours: [
        { Day: 4, From: '09:00', To: '10:00' },
        { Day: 4, From: '10:00', To: '11:00' },
      ],
      ViewingBufferMinutes: 30,
    });
    const all = await visitors(serial, 10);
    const statuses = await Promise.all(
      all.map((v, i) => attempt(v.client, v.sessionId, listing, i % 2 ? THU_10 : THU_9, i)),
    );
    expect(tally(statuses)).toEqual({ ok: 1, conflict: 9 });
    expect(await booked(service.db, serial)).toBe(1);
  });
});

describe('the throttle', () => {
  it('lets a session try to book twice in ten minutes, and answers the third with a 429', async () => {
    const { serial, listing } = await office();
    const [v] = await visitors(serial, 1);
    expect(await attempt(v!.client, v!.sessionId, listing, THU_9, 0)).toBe(200);
    expect(await attempt(v!.client, v!.sessionId, listing, THU_9, 0)).toBe(409);
    const third = await v!.client
      .viewingBook({ sessionID: v!.sessionId, listing, start: THU_10, name: 'Ana', email: 'ana@example.com' })
      .catch((e: unknown) => e as ApiError);
    expect(third).toBeInstanceOf(ApiError);
    expect((third as ApiError).status).toBe(429);
    clock.advance(10 * 60_000 + 1_000);
    expect(await attempt(v!.client, v!.sessionId, listing, THU_10, 0)).toBe(200);
  });
});

describe.runIf(usesPostgres())('two instances on one PostgreSQL', () => {
  let other: TestService;
  beforeAll(async () => {
    const store = await openStore({ databaseUrl: service.databaseUrl });
    other = await startService({
      store,
      databaseUrl: service.databaseUrl,
      secret: service.secret,
      clock,
      throttles: THROTTLES,
    });
  });
  afterAll(async () => {
    await other?.close();
    await other?.store.close();
  });

  it('make one booking of twenty concurrent requests for one slot split between them, and nineteen 409s', async () => {
    const { serial, listing } = await office();
    const all = await visitors(serial, 20);
    const statuses = await Promise.all(
      all.map((v, i) =>
        attempt(i % 2 ? other.client({ visitorToken: v.token }) : v.client, v.sessionId, listing, THU_10, i),
      ),
    );
    expect(tally(statuses)).toEqual({ ok: 1, conflict: 19 });
    expect(await booked(service.db, serial)).toBe(1);
    expect(await booked(other.db, serial)).toBe(1);
  });

  it('make one booking of concurrent requests for two slots the buffer keeps apart', async () => {
    const { serial, listing } = await office({
      ViewingHours: [
        { Day: 4, From: '09:00', To: '10:00' },
        { Day: 4, From: '10:00', To: '11:00' },
      ],
      ViewingBufferMinutes: 30,
    });
    const all = await visitors(serial, 20);
    const statuses = await Promise.all(
      all.map((v, i) =>
        attempt(
          i % 2 ? other.client({ visitorToken: v.token }) : v.client,
          v.sessionId,
          listing,
          i % 4 < 2 ? THU_9 : THU_10,
          i,
        ),
      ),
    );
    expect(tally(statuses)).toEqual({ ok: 1, conflict: 19 });
    expect(await booked(service.db, serial)).toBe(1);
  });

  it('take the token of a booking made on one to cancel it on the other', async () => {
    const { serial, listing } = await office();
    const [v] = await visitors(serial, 1);
    const made = await v!.client.viewingBook({
      sessionID: v!.sessionId,
      listing,
      start: THU_10,
      name: 'Ana',
      email: 'ana@example.com',
    });
    const token = new URL(made.ManageUrl).searchParams.get('token')!;
    expect((await other.client().viewingCancel({ token })).State).toBe('cancelled');
    expect(await booked(service.db, serial)).toBe(0);
  });

  it('send one reminder to each side when both sweep at once', async () => {
    const { serial, listing } = await office({ ViewingEmail: 'showings@harbor.example' });
    const [v] = await visitors(serial, 1);
    await v!.client.viewingBook({
      sessionID: v!.sessionId,
      listing,
      start: THU_10,
      name: 'Ana',
      email: 'ana@example.com',
    });
    clock.set('2027-03-10T18:00:00Z');
    const sweep = (s: TestService) => sendViewingReminders({ db: s.db, clock, secret: s.secret });
    await Promise.all([sweep(service), sweep(other), sweep(service), sweep(other)]);
    const reminders = await service.db
      .select({ to: outbox.toAddress })
      .from(outbox)
      .where(and(eq(outbox.chatbot, serial), eq(outbox.kind, 'viewing-reminder')));
    expect(reminders.map((r) => r.to).sort()).toEqual(['ana@example.com', 'showings@harbor.example']);
  });
});
