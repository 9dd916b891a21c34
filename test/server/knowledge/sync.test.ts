/**
 * The knowledge the service reads itself, through the real service: an owner's page and sitemap
 * served by a site on 127.0.0.1 (the service allowed private addresses, as KNOWLEDGE_FETCH_PRIVATE
 * does for development), read in the background, answered from with the page named and linked, read
 * again only when changed, and refused with the reason when the address is private and not
 * allowed; a document uploaded as a file, its text read; a visitor's document refused.
 */
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ApiError, type Client } from '../../../src/client/index.ts';
import { parseSources } from '../../../src/client/sources.ts';
import { LIMITS, answerProse, type KnowledgeSource } from '../../../src/protocol/index.ts';
import { startService, type TestService } from '../../support/service.ts';
import { docxFile, pdfFile } from '../../support/documents.ts';

/** The owner's site: pages by path, each with an ETag; what was asked of it, with the validators sent. */
interface Site {
  origin: string;
  pages: Map<string, { type: string; body: string; etag: string }>;
  asked: { path: string; ifNoneMatch?: string }[];
  server: Server;
}

async function ownersSite(): Promise<Site> {
  const pages = new Map<string, { type: string; body: string; etag: string }>();
  const asked: Site['asked'] = [];
  const server = createServer((req, res) => {
    const path = new URL(req.url ?? '/', 'http://x').pathname;
    const ifNoneMatch = req.headers['if-none-match'];
    asked.push({ path, ...(typeof ifNoneMatch === 'string' ? { ifNoneMatch } : {}) });
    const page = pages.get(path);
    if (!page) return res.writeHead(404).end();
    if (ifNoneMatch === page.etag) return res.writeHead(304, { etag: page.etag }).end();
    res.writeHead(200, { 'content-type': page.type, etag: page.etag }).end(page.body);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return { origin: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, pages, asked, server };
}

const html = (title: string, main: string) =>
  `<!doctype html><html><head><title>${title}</title><script>document.title = 'hacked'</script></head><body><nav><a href="/">Home</a> <a href="/about">About</a></nav><main><article>${main}</article></main><footer>© Harbor Homes</footer></body></html>`;

let site: Site;
let service: TestService;
beforeAll(async () => {
  site = await ownersSite();
  service = await startService({ knowledgeFetch: { allowPrivate: true } });
  site.pages.set('/robots.txt', { type: 'text/plain', body: 'User-agent: *\nDisallow: /private\n', etag: '"r1"' });
  site.pages.set('/renting', {
    type: 'text/html',
    etag: '"v1"',
    body: html(
      'Renting with Harbor Homes',
      '<h1>Renting with us</h1><h2>Leases</h2><p>Our standard lease runs twelve months, and rent is due on the first of the month.</p><h2>Moving out</h2><p>Your security deposit comes back within 30 days of the move-out inspection.</p>',
    ),
  });
  site.pages.set('/about', {
    type: 'text/html',
    etag: '"a1"',
    body: html('About Harbor Homes', '<h1>About us</h1><p>Harbor Homes was founded in 1998 by two sisters.</p>'),
  });
  site.pages.set('/private', { type: 'text/html', etag: '"p1"', body: html('Private', '<p>Staff only.</p>') });
  site.pages.set('/sitemap.xml', {
    type: 'application/xml',
    etag: '"s1"',
    body: `<?xml version="1.0"?><urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9"><url><loc>${site?.origin}/renting</loc></url><url><loc>${site?.origin}/about</loc></url><url><loc>https://elsewhere.example/page</loc></url></urlset>`,
  });
}, 60_000);
afterAll(async () => {
  await service?.close();
  await new Promise((resolve) => site?.server.close(resolve));
});

/** The source once its reading is over (ready or failed), waiting while the service reads it. */
async function read(owner: Client, serial: string, id: number, parent?: number): Promise<KnowledgeSource> {
  for (let i = 0; i < 200; i++) {
    const { Items } = await owner.knowledgeList({
      SerialNumber: serial,
      PageSize: 100,
      ...(parent ? { Parent: parent } : {}),
    });
    const source = Items.find((s) => s.Id === id);
    if (source && (source.State === 'ready' || source.State === 'failed')) return source;
    await new Promise((r) => setTimeout(r, 50));
  }
  throw new Error(`source ${id} was not read`);
}

async function ask(serial: string, content: string) {
  const { client, sessionId } = await service.visitor(serial);
  return client.ask({ sessionID: sessionId, content, clientMessageId: crypto.randomUUID() });
}

describe('a page of the owner’s site', () => {
  it('is read in the background, its main content only, and answered from with its title and address', async () => {
    const serial = await service.newChatbot({ Name: 'Harbor Homes' });
    const added = await service.owner.knowledgeAdd({
      SerialNumber: serial,
      Kind: 'page',
      Url: `${site.origin}/renting`,
    });
    expect(added).toMatchObject({ Kind: 'page', State: 'pending', Passages: 0, Url: `${site.origin}/renting` });
    const page = await read(service.owner, serial, added.Id);
    expect(page).toMatchObject({ State: 'ready', Error: '', Title: 'Renting with Harbor Homes', Passages: 2 });
    expect(page.SyncedAt).not.toBeNull();
    const found = await service.owner.knowledgeSearch({ SerialNumber: serial, Query: 'how long is a lease?' });
    expect(found.Items[0]).toMatchObject({
      SourceId: added.Id,
      Heading: 'Renting with Harbor Homes › Leases',
    });
    expect(found.Items.map((h) => h.Text).join(' ')).not.toMatch(/Home|About|©|hacked/);
    const answer = await ask(serial, 'when do I get my deposit back?');
    expect(answerProse(answer.content)).toContain('within 30 days of the move-out inspection');
    expect(parseSources(answer.content)).toEqual([
      { title: 'Renting with Harbor Homes', url: `${site.origin}/renting` },
    ]);
  });

  it('is asked for again with its ETag, and a page that did not change is not read again', async () => {
    const serial = await service.newChatbot();
    const added = await service.owner.knowledgeAdd({ SerialNumber: serial, Kind: 'page', Url: `${site.origin}/about` });
    await read(service.owner, serial, added.Id);
    expect(await service.owner.knowledgeSync({ SerialNumber: serial, Id: added.Id })).toEqual({ Scheduled: 1 });
    const again = await read(service.owner, serial, added.Id);
    expect(again).toMatchObject({ State: 'ready', Passages: 1 });
    expect(site.asked.filter((a) => a.path === '/about').at(-1)).toEqual({ path: '/about', ifNoneMatch: '"a1"' });
    // Changed: read again, its passages replaced.
    site.pages.set('/about', {
      type: 'text/html',
      etag: '"a2"',
      body: html('About Harbor Homes', '<h1>About us</h1><p>Harbor Homes was founded in 2001.</p>'),
    });
    await service.owner.knowledgeSync({ SerialNumber: serial });
    await read(service.owner, serial, added.Id);
    const answer = await ask(serial, 'when was Harbor Homes founded?');
    expect(answerProse(answer.content)).toContain('2001');
    expect(answerProse(answer.content)).not.toContain('1998');
  });

  it('is refused where robots.txt disallows it, and on a private address the service may not read — saying why', async () => {
    const serial = await service.newChatbot();
    const disallowed = await service.owner.knowledgeAdd({
      SerialNumber: serial,
      Kind: 'page',
      Url: `${site.origin}/private`,
    });
    expect(await read(service.owner, serial, disallowed.Id)).toMatchObject({ State: 'failed', Passages: 0 });
    expect((await read(service.owner, serial, disallowed.Id)).Error).toMatch(/robots\.txt/);
    const strict = await startService({});
    try {
      const other = await strict.newChatbot();
      const added = await strict.owner.knowledgeAdd({
        SerialNumber: other,
        Kind: 'page',
        Url: `${site.origin}/renting`,
      });
      const refused = await read(strict.owner, other, added.Id);
      expect(refused).toMatchObject({ State: 'failed', Passages: 0 });
      expect(refused.Error).toMatch(/private|loopback/i);
    } finally {
      await strict.close();
    }
  });
});

describe('a sitemap', () => {
  it('becomes a page source for each of its pages on its host, read with it; its pages go with it', async () => {
    const serial = await service.newChatbot();
    const sitemap = await service.owner.knowledgeAdd({
      SerialNumber: serial,
      Kind: 'sitemap',
      Url: `${site.origin}/sitemap.xml`,
      Title: 'Our website',
    });
    expect(await read(service.owner, serial, sitemap.Id)).toMatchObject({ State: 'ready', Title: 'Our website' });
    let pages: KnowledgeSource[] = [];
    for (let i = 0; i < 200 && !(pages.length === 2 && pages.every((p) => p.State === 'ready')); i++) {
      pages = (await service.owner.knowledgeList({ SerialNumber: serial, Parent: sitemap.Id })).Items;
      await new Promise((r) => setTimeout(r, 50));
    }
    expect(pages.map((p) => p.Url).sort()).toEqual([`${site.origin}/about`, `${site.origin}/renting`]);
    expect(pages.every((p) => p.Parent === sitemap.Id && p.State === 'ready')).toBe(true);
    // The owner's list holds the sitemap, not its pages.
    expect((await service.owner.knowledgeList({ SerialNumber: serial })).Items.map((s) => s.Id)).toEqual([sitemap.Id]);
    expect(await service.owner.knowledgeDelete({ SerialNumber: serial, Ids: [sitemap.Id] })).toEqual({
      SuccessCount: 1,
    });
    expect((await service.owner.knowledgeList({ SerialNumber: serial, Parent: sitemap.Id })).Total).toBe(0);
    const found = await service.owner.knowledgeSearch({ SerialNumber: serial, Query: 'how long is a lease?' });
    expect(found.Items).toEqual([]);
  });
});

describe('a document', () => {
  async function uploaded(owner: Client, bytes: Uint8Array, fileName: string): Promise<string> {
    const { FileStoreId, PreUploadUrl } = await owner.getPreUploadUrl({ fileName });
    await owner.upload(PreUploadUrl, bytes);
    const checked = await owner.uploadSuccess({ FileStoreId });
    expect(checked.Kind).toBe('Document');
    return FileStoreId;
  }

  it('is read from the file the owner uploaded — a PDF, a DOCX, Markdown — and answered from by its title', async () => {
    const serial = await service.newChatbot();
    const pdf = await uploaded(
      service.owner,
      pdfFile({ pages: [['Tenant handbook'], ['Pets need a deposit of 300 dollars.']], title: 'Tenant handbook' }),
      'handbook.pdf',
    );
    const docx = await uploaded(
      service.owner,
      docxFile([{ text: 'Visiting us', style: 'Heading1' }, { text: 'Bring a photo ID to every viewing.' }]),
      'visiting.docx',
    );
    const md = await uploaded(
      service.owner,
      new TextEncoder().encode('# Parking\n\nVisitors park in bay 4.\n'),
      'parking.md',
    );
    const ids = [];
    for (const FileStoreId of [pdf, docx, md])
      ids.push((await service.owner.knowledgeAdd({ SerialNumber: serial, Kind: 'document', FileStoreId })).Id);
    const docs = await Promise.all(ids.map((id) => read(service.owner, serial, id)));
    expect(docs.map((d) => d.State)).toEqual(['ready', 'ready', 'ready']);
    expect(docs[0]).toMatchObject({ Title: 'Tenant handbook', FileStoreId: pdf });
    expect(docs[2]).toMatchObject({ Title: 'Parking' });
    const answer = await ask(serial, 'do pets need a deposit?');
    expect(answerProse(answer.content)).toContain('300 dollars');
    expect(parseSources(answer.content)).toEqual([{ title: 'Tenant handbook' }]);
    // The owner's document is not public: no credential, no file.
    const plain = await fetch(`${service.origin}/chat/File/${pdf}`);
    expect(plain.status).toBe(401);
    const withKey = await fetch(`${service.origin}/chat/File/${pdf}`, {
      headers: { authorization: `Bearer ${service.apiKey}` },
    });
    expect(withKey.status).toBe(200);
  });

  it('is refused from a visitor, and as a source when the file is no document of the owner', async () => {
    const serial = await service.newChatbot();
    const { client, sessionId } = await service.visitor(serial);
    const { PreUploadUrl } = await client.getPreUploadUrl({ fileName: 'notes.txt', sessionID: sessionId });
    const put = await client.upload(PreUploadUrl, new TextEncoder().encode('my notes')).then(
      () => null,
      (e: unknown) => e,
    );
    expect(put).toBeInstanceOf(ApiError);
    expect((put as ApiError).status).toBe(415);
    const refused = await service.owner
      .knowledgeAdd({ SerialNumber: serial, Kind: 'document', FileStoreId: '999999' })
      .then(
        () => null,
        (e: unknown) => e,
      );
    expect((refused as ApiError).status).toBe(400);
    expect((refused as ApiError).message).toContain('"FileStoreId" must be the FileStoreId of a document');
  });

  it('is taken up to 20 MB, the limit included, and refused one byte over with 413', { timeout: 60_000 }, async () => {
    const text = (n: number) => new Uint8Array(n).fill(0x61);
    const at = await service.owner.getPreUploadUrl({ fileName: 'big.txt' });
    await service.owner.upload(at.PreUploadUrl, text(LIMITS.documentBytes));
    expect(await service.owner.uploadSuccess({ FileStoreId: at.FileStoreId })).toMatchObject({
      Kind: 'Document',
      Size: LIMITS.documentBytes,
    });
    const over = await service.owner.getPreUploadUrl({ fileName: 'bigger.txt' });
    const refused = await service.owner.upload(over.PreUploadUrl, text(LIMITS.documentBytes + 1)).then(
      () => null,
      (e: unknown) => e,
    );
    expect((refused as ApiError).status).toBe(413);
    expect((refused as ApiError).message).toContain('20 MB');
  });

  it('that holds no text is failed with the reason', async () => {
    const serial = await service.newChatbot();
    const empty = await uploaded(service.owner, pdfFile({ pages: [[]] }), 'scan.pdf');
    const added = await service.owner.knowledgeAdd({ SerialNumber: serial, Kind: 'document', FileStoreId: empty });
    const failed = await read(service.owner, serial, added.Id);
    expect(failed).toMatchObject({ State: 'failed', Passages: 0 });
    expect(failed.Error).toMatch(/no text/i);
  });
});
