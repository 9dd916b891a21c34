/**
 * WORKERS: several processes serving one port on one PostgreSQL (node:cluster), as `npm start`
 * runs them — the compiled bin — with one rate limit among them. On the embedded database a second
 * process is refused at start.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startBin, type RunningBin } from '../../support/bin.ts';
import { postJson } from '../../support/http.ts';
import { alive, childrenOf, until } from '../../support/process.ts';
import { freshDatabase, usesPostgres } from '../../support/database.ts';

/** One POST on a connection of its own, so the cluster hands each request to the next process. */
const post = (url: string, body: unknown, headers: Record<string, string> = {}) => postJson(url, body, headers, false);

/** A visitor's streamed question, start to end: the final event's answer. */
async function ask(bin: RunningBin, content: string): Promise<string> {
  const session = await post(`${bin.url}/chat/Chatbot/GetSession`, { serialNumber: bin.serial });
  expect(session.status, session.text).toBe(200);
  const { SessionID, VisitorToken } = (
    JSON.parse(session.text) as { Data: { SessionID: number; VisitorToken: string } }
  ).Data;
  const reply = await post(
    `${bin.url}/chat/Chat/ClientAsk`,
    { sessionID: SessionID, content, stream: true, clientMessageId: `q-${SessionID}` },
    { authorization: VisitorToken },
  );
  expect(reply.status, reply.text).toBe(200);
  const final = reply.text
    .split('\n')
    .filter((l) => l.startsWith('data: '))
    .at(-1)!;
  return (JSON.parse(final.slice(6)) as { Answer: string }).Answer;
}

describe('WORKERS', () => {
  // The embedded database, the same in both passes: run once, on PGlite's.
  it.skipIf(usesPostgres())(
    'above 1 is refused on the embedded database, with the reason',
    { timeout: 60_000 },
    async () => {
      await expect(startBin({ WORKERS: '2' })).rejects.toThrow(
        /exited with 1[\s\S]*WORKERS above 1 needs DATABASE_URL/,
      );
    },
  );

  describe.runIf(usesPostgres()).each([2, 4])('%i on one PostgreSQL', (count) => {
    let bin: RunningBin;
    let drop: () => Promise<void>;

    beforeAll(async () => {
      const database = await freshDatabase();
      drop = database.drop;
      bin = await startBin({ WORKERS: String(count), DATABASE_URL: database.url! });
    }, 90_000);
    afterAll(async () => {
      await bin?.close();
      await drop?.();
    });

    it('serves one port from every process, any of them answering any visitor', { timeout: 60_000 }, async () => {
      expect(bin.output).toContain(`(${count} worker processes)`);
      expect(childrenOf(bin.pid)).toHaveLength(count);
      // Each request on a new connection: the visitor token one process signed, the other accepts.
      const answers = await Promise.all(Array.from({ length: 8 }, () => ask(bin, 'Homes in Austin with 3 bedrooms?')));
      for (const answer of answers) expect(answer).toMatch(/^I found \d+ homes in Austin/);
    });

    it('enforces one rate limit exactly, whichever process each question reaches', { timeout: 60_000 }, async () => {
      const added = await post(
        `${bin.url}/chat/Chatbot/Add`,
        { timeZone: 'UTC', type: 0, RateLimitCount: 3, RateLimitTime: 600 },
        { authorization: bin.apiKey },
      );
      const serial = (JSON.parse(added.text) as { Data: { SerialNumber: string } }).Data.SerialNumber;
      const session = (
        JSON.parse((await post(`${bin.url}/chat/Chatbot/GetSession`, { serialNumber: serial })).text) as {
          Data: { SessionID: number; VisitorToken: string };
        }
      ).Data;
      // Each on a connection of its own, so the cluster spreads them over the processes.
      const statuses = await Promise.all(
        Array.from({ length: 6 * count }, (_, i) =>
          post(
            `${bin.url}/chat/Chat/ClientAsk`,
            { sessionID: session.SessionID, content: `Burst ${i}` },
            { authorization: session.VisitorToken },
          ).then((r) => r.status),
        ),
      );
      expect(statuses.filter((s) => s === 200)).toHaveLength(3);
      expect(statuses.filter((s) => s === 429)).toHaveLength(6 * count - 3);
    });

    it('replaces a worker that dies, and keeps answering meanwhile', { timeout: 60_000 }, async () => {
      const [victim, ...survivors] = childrenOf(bin.pid);
      process.kill(victim!, 'SIGKILL');
      await until('the worker to die', () => !childrenOf(bin.pid).includes(victim!));
      expect(await ask(bin, 'Homes with 2 bedrooms?')).not.toBe('');
      await until('a new worker', () => childrenOf(bin.pid).length === count);
      expect(childrenOf(bin.pid)).toEqual(expect.arrayContaining(survivors));
      expect(await ask(bin, 'Homes with a pool?')).not.toBe('');
    });

    it('stops every process on SIGTERM', { timeout: 60_000 }, async () => {
      const workers = childrenOf(bin.pid);
      const primary = bin.pid;
      process.kill(primary, 'SIGTERM');
      await until('every process to end', () => !alive(primary) && workers.every((w) => !alive(w)));
      expect(alive(primary)).toBe(false);
    });
  });
});
