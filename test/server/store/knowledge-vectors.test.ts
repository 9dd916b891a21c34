/**
 * The knowledge searched by meaning [ext] (LLM_EMBEDDING_MODEL), through the real service and a
 * model server on loopback that serves `/v1/embeddings` (a small deterministic model of meanings:
 * support/fake-embeddings.ts): the passages are embedded in the background after they are
 * written, and again when they change; a question that shares no word with the FAQ entry that
 * answers it is answered from it; an unrelated one still gets the honest reply; a model server
 * that cannot embed leaves the search to the words. On PGlite pgvector compares the vectors; on a
 * PostgreSQL without it, SQL over arrays — the two rank alike.
 */
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parseSources } from '../../../src/client/sources.ts';
import { answerProse } from '../../../src/protocol/index.ts';
import { openAiEmbedder, unit } from '../../../src/server/engines/model/embeddings.ts';
import { rowsOf } from '../../../src/server/store/db.ts';
import { forgetOtherModels, nearestPassages, vectorMode } from '../../../src/server/store/knowledge-vectors.ts';
import { fakeEmbedding } from '../../support/fake-embeddings.ts';
import { startFakeModelServer, type FakeModelServer } from '../../support/fake-model-server.ts';
import { startService, type TestService } from '../../support/service.ts';

const MODEL = 'fake-embed';
let model: FakeModelServer;
let service: TestService;
beforeAll(async () => {
  model = await startFakeModelServer();
  service = await startService({
    embeddings: openAiEmbedder({ baseUrl: model.baseUrl, model: MODEL, minSimilarity: 0.75, timeoutMs: 5_000 }),
  });
}, 60_000);
afterAll(async () => {
  await service?.close();
  await model?.close();
});

const HOLIDAYS = {
  Kind: 'faq' as const,
  Question: 'Are you open on public holidays?',
  Content: 'Our office closes on Christmas Day and Thanksgiving; every other day we keep our usual hours.',
};
const FEES = {
  Kind: 'faq' as const,
  Question: 'What are your fees?',
  Content: 'Buying with us costs you **nothing**. Selling: **2.5 %** commission at closing.',
};

/** How many of the chatbot's passages there are, and how many have an embedding by MODEL. */
async function counts(serial: string): Promise<{ passages: number; embedded: number }> {
  const [row] = rowsOf<{ n: number }>(
    await service.db.execute(sql`SELECT count(*)::int AS n FROM knowledge_passages WHERE chatbot = ${serial}`),
  );
  const [done] = rowsOf<{ n: number }>(
    await service.db.execute(
      sql`SELECT count(*)::int AS n FROM knowledge_passages WHERE chatbot = ${serial} AND embedding_model = ${MODEL}`,
    ),
  );
  return { passages: Number(row?.n ?? 0), embedded: Number(done?.n ?? 0) };
}

/** Resolves once every passage of the chatbot has its embedding (the service makes them in the background). */
async function embedded(serial: string): Promise<number> {
  for (let i = 0; i < 200; i++) {
    const { passages, embedded: done } = await counts(serial);
    if (passages > 0 && done === passages) return done;
    await new Promise((r) => setTimeout(r, 50));
  }
  throw new Error(`the passages of ${serial} were not embedded: ${JSON.stringify(await counts(serial))}`);
}

async function knowing(...sources: (typeof HOLIDAYS)[]): Promise<string> {
  const serial = await service.newChatbot({ Name: 'Oakridge Realty', TalkToHumanEmail: 'agents@oakridge.example' });
  for (const s of sources) await service.owner.knowledgeAdd({ SerialNumber: serial, ...s });
  await embedded(serial);
  return serial;
}

async function ask(serial: string, content: string) {
  const { client, sessionId } = await service.visitor(serial);
  return client.ask({ sessionID: sessionId, content, clientMessageId: crypto.randomUUID() });
}

describe('a question that shares no word with its answer', () => {
  it('finds the FAQ entry by meaning: its words score nothing, its similarity carries it over the bar', async () => {
    const serial = await knowing(HOLIDAYS, FEES);
    const found = await service.owner.knowledgeSearch({
      SerialNumber: serial,
      Query: 'Do you work during the festive season?',
    });
    expect(found.SimilarityBar).toBe(0.75);
    const [best] = found.Items;
    expect(best).toMatchObject({ Title: HOLIDAYS.Question });
    expect(best!.Words).toBeLessThan(found.Threshold);
    expect(best!.Similarity).toBeGreaterThanOrEqual(0.75);
    expect(best!.Score).toBeGreaterThanOrEqual(found.Threshold);
    // The question was embedded as asked.
    expect(model.embedded).toContain('Do you work during the festive season?');
  });

  it('is answered by the offline engine from that entry, with its source, not marked noAnswer', async () => {
    const serial = await knowing(HOLIDAYS, FEES);
    const reply = await ask(serial, 'Do you work during the festive season?');
    expect(reply.noAnswer).toBe(false);
    expect(answerProse(reply.content)).toContain('Christmas Day and Thanksgiving');
    expect(parseSources(reply.content).map((s) => s.title)).toEqual([HOLIDAYS.Question]);
  });

  it('an unrelated question is near nothing: the honest reply, noAnswer, no source', async () => {
    const serial = await knowing(HOLIDAYS, FEES);
    const found = await service.owner.knowledgeSearch({ SerialNumber: serial, Query: 'Do you sell boats?' });
    expect(found.Items.every((h) => h.Score < found.Threshold)).toBe(true);
    const reply = await ask(serial, 'Do you sell boats?');
    expect(reply.noAnswer).toBe(true);
    expect(parseSources(reply.content)).toEqual([]);
  });

  it('a question the words answer still ranks first by its words, the two rankings fused', async () => {
    const serial = await knowing(HOLIDAYS, FEES);
    const found = await service.owner.knowledgeSearch({ SerialNumber: serial, Query: 'What are your fees?' });
    expect(found.Items[0]).toMatchObject({ Title: FEES.Question });
    expect(found.Items[0]!.Words).toBeGreaterThanOrEqual(found.Threshold);
    expect(found.Items[0]!.Similarity).toBeGreaterThan(0.9);
  });
});

describe('the passages’ embeddings', () => {
  it('are made again when an entry changes: the new text’s, never the old one’s', async () => {
    const serial = await knowing(FEES);
    const [entry] = (await service.owner.knowledgeList({ SerialNumber: serial })).Items;
    const changed = 'Selling costs **2 %** commission now; buying is still free.';
    await service.owner.knowledgeUpdate({
      SerialNumber: serial,
      Id: entry!.Id,
      Question: FEES.Question,
      Content: changed,
    });
    await embedded(serial);
    expect(model.embedded.some((t) => t.includes('Selling costs **2 %** commission now'))).toBe(true);
    // Each passage's vector is its own text's.
    const rows = rowsOf<{ heading: string; aliases: string; body: string; embedding: number[] }>(
      await service.db.execute(
        sql`SELECT heading, aliases, body, embedding FROM knowledge_passages WHERE chatbot = ${serial}`,
      ),
    );
    expect(rows).toHaveLength(1);
    expect(rows[0]!.body).toContain('Selling costs');
    const expected = unit(
      fakeEmbedding([rows[0]!.heading, rows[0]!.aliases, rows[0]!.body].filter(Boolean).join('\n')),
    );
    rows[0]!.embedding.forEach((x, i) => expect(x).toBeCloseTo(expected[i]!, 5));
  });

  it('of another model are forgotten and made again by this one', async () => {
    const serial = await knowing(FEES);
    await service.db.execute(
      sql`UPDATE knowledge_passages SET embedding_model = 'older-model' WHERE chatbot = ${serial}`,
    );
    expect(await forgetOtherModels(service.db, MODEL)).toBeGreaterThanOrEqual(1);
    expect((await counts(serial)).embedded).toBe(0);
    // The next write wakes the embedder: every passage without one gets it, this chatbot's too.
    await service.owner.knowledgeAdd({ SerialNumber: serial, ...HOLIDAYS });
    expect(await embedded(serial)).toBe(2);
  });

  it('a model server that cannot embed leaves the search to the words, and the passages are embedded once it can', async () => {
    model.embeddingsDown = true;
    try {
      const serial = await service.newChatbot({ Name: 'Oakridge Realty', TalkToHumanEmail: 'agents@oakridge.example' });
      await service.owner.knowledgeAdd({ SerialNumber: serial, ...FEES });
      const reply = await ask(serial, 'What are your fees?');
      expect(reply.noAnswer).toBe(false);
      expect(answerProse(reply.content)).toContain('2.5 %');
      const found = await service.owner.knowledgeSearch({ SerialNumber: serial, Query: 'What are your fees?' });
      expect(found.Items[0]!.Similarity).toBeNull();
      expect((await counts(serial)).embedded).toBe(0);
      model.embeddingsDown = false;
      await service.owner.knowledgeAdd({ SerialNumber: serial, ...HOLIDAYS });
      expect(await embedded(serial)).toBe(2);
    } finally {
      model.embeddingsDown = false;
    }
  });
});

describe('the database’s comparison', () => {
  it('ranks alike by pgvector and by SQL over arrays, where the database has pgvector', async () => {
    const serial = await knowing(HOLIDAYS, FEES);
    const { mode } = await vectorMode(service.db);
    // CI's PostgreSQL has no pgvector (Debian 12 does not package it): arrays alone there.
    expect(mode).toBe(service.databaseUrl ? mode : 'pgvector');
    for (const question of ['Do you work during the festive season?', 'How expensive are you?', 'Do you sell boats?']) {
      const vector = unit(fakeEmbedding(question));
      const query = { chatbot: serial, model: MODEL, vector };
      const arrays = await nearestPassages(service.db, 'arrays', query, 5);
      expect(arrays).toHaveLength(2);
      expect(arrays[0]!.similarity).toBeGreaterThanOrEqual(arrays[1]!.similarity);
      if (mode === 'pgvector') {
        const pgvector = await nearestPassages(service.db, 'pgvector', query, 5);
        expect(pgvector.map((p) => p.id)).toEqual(arrays.map((p) => p.id));
        pgvector.forEach((p, i) => expect(p.similarity).toBeCloseTo(arrays[i]!.similarity, 5));
      }
    }
  });
});
