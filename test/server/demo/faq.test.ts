/**
 * The demo agency knows itself, as `npm start` shows it: its FAQ made with it, and its pages read
 * from its own site's sitemap (served by the service) — so a visitor's "what are your fees?" and
 * "how long is your lease?" are answered, each naming its source.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parseSources } from '../../../src/client/sources.ts';
import { answerProse } from '../../../src/protocol/index.ts';
import { DEMO_SERIAL, ensureDemo } from '../../../src/server/demo/agency.ts';
import { DEMO_FAQ, DEMO_PAGES } from '../../../src/server/demo/faq.ts';
import { startService, type TestService } from '../../support/service.ts';

let service: TestService;
beforeAll(async () => {
  // Its own origin is 127.0.0.1 here: the service may read it (as it reads PUBLIC_URL in npm start).
  service = await startService({ knowledgeFetch: { allowPrivate: true } });
  await ensureDemo(service.db, service.ownerId, 'offline', service.origin, new Date());
  // What the start does once it listens (http/app.ts readKnowledge), asked for at once.
  await service.owner.knowledgeSync({ SerialNumber: DEMO_SERIAL });
}, 60_000);
afterAll(() => service?.close());

async function pagesRead(): Promise<string[]> {
  const [sitemap] = (await service.owner.knowledgeList({ SerialNumber: DEMO_SERIAL, Kind: 'sitemap' })).Items;
  for (let i = 0; i < 300; i++) {
    const { Items } = await service.owner.knowledgeList({ SerialNumber: DEMO_SERIAL, Parent: sitemap!.Id });
    if (Items.length === DEMO_PAGES.length && Items.every((p) => p.State === 'ready')) return Items.map((p) => p.Title);
    await new Promise((r) => setTimeout(r, 50));
  }
  throw new Error('the demo site’s pages were not read');
}

async function ask(content: string) {
  const { client, sessionId } = await service.visitor(DEMO_SERIAL);
  return client.ask({ sessionID: sessionId, content, clientMessageId: crypto.randomUUID() });
}

describe("the demo agency's knowledge", () => {
  it('holds its FAQ and its site’s sitemap, whose three pages it reads', async () => {
    const { Items } = await service.owner.knowledgeList({ SerialNumber: DEMO_SERIAL, PageSize: 100 });
    expect(
      Items.filter((s) => s.Kind === 'faq')
        .map((s) => s.Question)
        .sort(),
    ).toEqual(DEMO_FAQ.map((f) => f.question).sort());
    expect(Items.filter((s) => s.Kind === 'sitemap').map((s) => s.Url)).toEqual([`${service.origin}/sitemap.xml`]);
    expect((await pagesRead()).sort()).toEqual(DEMO_PAGES.map((p) => `${p.title} — Oakridge Realty`).sort());
  });

  it('answers "what are your fees?" from its FAQ, and a question its pages answer with the page linked', async () => {
    await pagesRead();
    const fees = await ask('what are your fees?');
    expect(fees.noAnswer).toBe(false);
    expect(answerProse(fees.content)).toContain('2.5 %');
    expect(parseSources(fees.content)).toEqual([{ title: 'What are your fees?' }]);
    const lease = await ask('how long are your leases?');
    expect(answerProse(lease.content)).toContain('12 months');
    expect(parseSources(lease.content)).toEqual([
      { title: 'Renting with us — Oakridge Realty', url: `${service.origin}/renting.html` },
    ]);
  });
});
