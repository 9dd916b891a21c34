/** TalkToHuman, the outbox and SMTP delivery, and the daily digests (scheduled and from the CLI). */
import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runDigests } from '../../../src/server/mail/digests.ts';
import { startOutboxSender } from '../../../src/server/mail/outbox.ts';
import { leads, messages, outbox } from '../../../src/server/store/schema.ts';
import { diskStore } from '../../../src/server/files/disk-store.ts';
import { openStore } from '../../../src/server/store/db.ts';
import { validBodies } from '../../support/samples.ts';
import { binCommand } from '../../support/bin.ts';
import { copyPgliteTo, freshDatabase } from '../../support/database.ts';
import { TestClock, startService, type TestService } from '../../support/service.ts';
import { startSmtp, type Smtp } from '../../support/smtp.ts';

const clock = new TestClock();
let service: TestService;
let smtp: Smtp;
const ctx = () => ({
  db: service.db,
  clock,
  secret: service.secret,
  files: diskStore(join(service.dataDir, 'files')),
  engines: {
    models: () => [],
    defaultModel: 'offline',
    engineFor: () => {
      throw new Error('no answers here');
    },
  },
  pingMs: 15_000,
});

beforeAll(async () => {
  [service, smtp] = await Promise.all([startService({ clock }), startSmtp()]);
});
afterAll(async () => {
  await service.close();
  await smtp.close();
});

describe('TalkToHuman', () => {
  it('records a lead, queues an email with the transcript, and answers with TalkToHumanResponseMessage', async () => {
    const serial = await service.newChatbot({
      Name: 'Harbor Homes',
      TalkToHumanEmail: 'agents@harbor.example',
      TalkToHumanResponseMessage: 'An agent will call you.',
    });
    const { client, sessionId } = await service.visitor(serial);
    await client.ask({ sessionID: sessionId, content: 'Hello there' });
    expect(
      await client.talkToHuman({
        sessionID: sessionId,
        name: 'Ana Ruiz',
        email: 'ana@example.com',
        message: 'Call me about 12 Oak St',
      }),
    ).toEqual({ Message: 'An agent will call you.', Live: false });
    const [lead] = await service.db.select().from(leads).where(eq(leads.sessionId, sessionId));
    expect(lead).toMatchObject({
      chatbot: serial,
      name: 'Ana Ruiz',
      email: 'ana@example.com',
      message: 'Call me about 12 Oak St',
    });
    const [email] = await service.db.select().from(outbox).where(eq(outbox.chatbot, serial));
    expect(email).toMatchObject({ kind: 'handoff', toAddress: 'agents@harbor.example', sentAt: null });
    expect(email!.subject).toContain('Ana Ruiz');
    expect(email!.body).toContain('Visitor: Hello there');
    expect(email!.body).toContain("Assistant: Hello! I'm Harbor Homes");
    expect(email!.body).toContain('Call me about 12 Oak St');
  });

  it('records the lead but sends no email when the chatbot has no TalkToHumanEmail', async () => {
    const serial = await service.newChatbot();
    const { client, sessionId } = await service.visitor(serial);
    await client.talkToHuman({ sessionID: sessionId, email: 'bo@example.com' });
    expect(await service.db.select().from(leads).where(eq(leads.sessionId, sessionId))).toHaveLength(1);
    expect(await service.db.select().from(outbox).where(eq(outbox.chatbot, serial))).toEqual([]);
  });

  it('is refused for another visitor’s session', async () => {
    const serial = await service.newChatbot({ TalkToHumanEmail: 'agents@harbor.example' });
    const a = await service.visitor(serial);
    const b = await service.visitor(serial);
    await expect(b.client.talkToHuman({ sessionID: a.sessionId })).rejects.toMatchObject({ status: 403 });
  });
});

describe('the outbox', () => {
  it('delivers queued email over SMTP once, and retries what the server refused', async () => {
    const serial = await service.newChatbot({ TalkToHumanEmail: 'desk@harbor.example' });
    const { client, sessionId } = await service.visitor(serial);
    smtp.refuseAll(true);
    await client.talkToHuman({ sessionID: sessionId, name: 'Carla' });
    const sender = startOutboxSender(ctx(), smtp.url, 'chat-bot <bot@harbor.example>', 60_000);
    try {
      expect(await sender.drain()).toBe(0);
      const [failed] = await service.db.select().from(outbox).where(eq(outbox.chatbot, serial));
      expect(failed).toMatchObject({
        attempts: 1,
        sentAt: null,
        lastError: expect.stringContaining('mailbox unavailable'),
      });
      smtp.refuseAll(false);
      expect(await sender.drain()).toBe(0); // not due yet: it waits before retrying
      clock.advance(2 * 60_000);
      expect(await sender.drain()).toBeGreaterThanOrEqual(1);
      expect(await sender.drain()).toBe(0);
      const mail = smtp.to('desk@harbor.example');
      expect(mail).toHaveLength(1);
      expect(mail[0]!.from).toBe('bot@harbor.example');
      expect(mail[0]!.data).toContain('Carla');
    } finally {
      sender.stop();
      smtp.refuseAll(false);
    }
  });
});

describe('daily digests', () => {
  it('send each day’s conversations and leads, in the chatbot’s day, once', async () => {
    // 23:30 on 20 November in Chicago (05:30 UTC on the 21st): it belongs to the 20th there.
    clock.set('2026-11-21T05:30:00Z');
    const serial = await service.newChatbot({
      Name: 'Digest bot',
      EmailForDailyChatLogs: 'logs@harbor.example',
      EmailForDailyLeads: 'leads@harbor.example',
    });
    const { client, sessionId } = await service.visitor(serial);
    await client.ask({ sessionID: sessionId, content: 'Hello late at night' });
    await client.talkToHuman({ sessionID: sessionId, name: 'Night Owl', email: 'owl@example.com' });
    clock.set('2026-11-21T15:00:00Z');
    await client.ask({ sessionID: sessionId, content: 'Hello next morning' });
    const horse = await client.ask({ sessionID: sessionId, content: 'Can I bring my horse?' });
    const austin = await client.ask({ sessionID: sessionId, content: 'Homes in Austin' });
    await client.ask({ sessionID: sessionId, content: 'can i bring my horse' });
    await client.feedback({ sessionID: sessionId, answerID: horse.messageid, rating: 'up' });
    await client.feedback({
      sessionID: sessionId,
      answerID: austin.messageid,
      rating: 'down',
      reasons: ['wrong-listing'],
    });

    clock.set('2026-11-22T08:00:00Z'); // the 22nd in Chicago: yesterday was the 21st
    const mine = (made: Awaited<ReturnType<typeof runDigests>>) => made.filter((d) => d.chatbot === serial);
    expect(mine(await runDigests(ctx()))).toEqual([
      { chatbot: serial, kind: 'chat-log-digest', day: '2026-11-21', queued: true },
      { chatbot: serial, kind: 'lead-digest', day: '2026-11-21', queued: false },
    ]);
    expect(mine(await runDigests(ctx(), '2026-11-20'))).toEqual([
      { chatbot: serial, kind: 'chat-log-digest', day: '2026-11-20', queued: true },
      { chatbot: serial, kind: 'lead-digest', day: '2026-11-20', queued: true },
    ]);
    expect(mine(await runDigests(ctx(), '2026-11-20'))).toEqual([]);
    const emails = await service.db.select().from(outbox).where(eq(outbox.chatbot, serial));
    const log20 = emails.find((e) => e.kind === 'chat-log-digest' && e.subject.includes('2026-11-20'))!;
    const log21 = emails.find((e) => e.kind === 'chat-log-digest' && e.subject.includes('2026-11-21'))!;
    expect(log20.body).toContain('Hello late at night');
    expect(log20.body).not.toContain('Hello next morning');
    expect(log21.body).toContain('Hello next morning');
    expect(log21.body).toContain('Feedback: 1 helpful, 1 not helpful (reasons: wrong listing ×1).');
    expect(log21.body).toContain(
      'Unanswered or rated down (2) — worth a listing or an instruction:\n- "can i bring my horse" ×2\n- "Homes in Austin" (rated down)',
    );
    expect(log20.body).toContain('Feedback: no answer was rated.');
    expect(log20.body).toContain('Unanswered questions: none.');
    expect(emails.find((e) => e.kind === 'lead-digest')!.body).toContain('Night Owl <owl@example.com>');
  });

  it('are made by the CLI for a given date, against the service’s own database', { timeout: 90_000 }, async () => {
    const dataDir = await mkdtemp(join(tmpdir(), 'chat-bot-cli-'));
    const database = await freshDatabase();
    const open = () => openStore(database.url ? { databaseUrl: database.url } : { pgliteDir: join(dataDir, 'db') });
    if (!database.url) await copyPgliteTo(join(dataDir, 'db'));
    try {
      let store = await open();
      const cliClock = new TestClock();
      cliClock.set('2026-11-15T18:00:00Z');
      const svc = await startService({ store, dataDir, clock: cliClock });
      const serial = await svc.newChatbot({ EmailForDailyChatLogs: 'cli@harbor.example' });
      const { client, sessionId } = await svc.visitor(serial);
      await client.ask({ sessionID: sessionId, content: 'Hello from the CLI test' });
      await svc.close();
      await store.close();

      // The bin as installed.
      const child = spawn(process.execPath, binCommand(['digest', '--date', '2026-11-15']), {
        env: { ...process.env, DATA_DIR: dataDir, DATABASE_URL: database.url ?? '', SMTP_URL: '' },
      });
      let out = '';
      child.stdout.on('data', (d: Buffer) => (out += d.toString()));
      child.stderr.on('data', (d: Buffer) => (out += d.toString()));
      const [code] = (await once(child, 'exit')) as [number];
      expect(out).toContain(`chat-log-digest of ${serial} for 2026-11-15: queued`);
      expect(code).toBe(0);

      store = await open();
      const [email] = await store.db.select().from(outbox).where(eq(outbox.chatbot, serial));
      await store.close();
      expect(email).toMatchObject({ kind: 'chat-log-digest', toAddress: 'cli@harbor.example' });
      expect(email!.body).toContain('Hello from the CLI test');
    } finally {
      await database.drop();
      await rm(dataDir, { recursive: true, force: true });
    }
  });
});

describe('answers in emails', () => {
  it('show the prose, then a line for each listing the answer carries as a card, without the blocks', async () => {
    clock.set('2026-12-04T18:00:00Z');
    const serial = await service.newChatbot({
      TalkToHumanEmail: 'agents@harbor.example',
      EmailForDailyChatLogs: 'logs@harbor.example',
    });
    for (const [mls, address] of [
      ['OAK-1', '12 Oak St'],
      ['ELM-7', '7 Elm Ave'],
    ] as const)
      await service.owner.realEstateCreate({
        ...validBodies.RealEstateCreate,
        SerialNumber: serial,
        MLSNumber: mls,
        Address: address,
        Url: `https://homes.example.com/listing/${mls}`,
      });
    const { client, sessionId } = await service.visitor(serial);
    await client.ask({ sessionID: sessionId, content: 'homes for sale in Austin' });
    await client.talkToHuman({ sessionID: sessionId, name: 'Ana Ruiz' });
    const [answer] = await service.db
      .select()
      .from(messages)
      .where(eq(messages.sessionId, sessionId))
      .then((rows) => rows.filter((m) => m.role === 'answer'));
    expect(answer!.content).toContain('```listings\n{"Id":');

    clock.set('2026-12-05T18:00:00Z');
    await runDigests(ctx(), '2026-12-04');
    const emails = await service.db.select().from(outbox).where(eq(outbox.chatbot, serial));
    expect(emails.map((e) => e.kind).sort()).toEqual(['chat-log-digest', 'handoff']);
    for (const email of emails) {
      expect(email.body).toContain('Assistant: I found 2 homes for sale in Austin');
      for (const mls of ['OAK-1', 'ELM-7'])
        expect(email.body).toMatch(
          new RegExp(`\\n\\d\\. [^\\n]+ — https://homes\\.example\\.com/listing/${mls}(?:\\n|$)`),
        );
      expect(email.body).toContain('12 Oak St');
      expect(email.body).toContain('7 Elm Ave');
      expect(email.body).not.toContain('```');
      expect(email.body).not.toContain('"Id"');
    }
  });
});
