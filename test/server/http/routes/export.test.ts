/**
 * Export [ext]: conversations and feedback of a range as CSV (with a BOM) or JSON, streamed from
 * the database — a 10,000-message range goes out without the service ever holding it whole.
 */
import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TestClock, startService, type TestService } from '../../../support/service.ts';

const clock = new TestClock();
let service: TestService;

beforeAll(async () => {
  clock.set('2026-11-10T15:00:00Z');
  service = await startService({ clock });
});
afterAll(() => service?.close());

/** A minimal CSV reader (RFC 4180: quoted fields, doubled quotes, CRLF). */
function parseCsv(text: string): string[][] {
  const rows: string[][] = [];
  let row: string[] = [];
  let field = '';
  let quoted = false;
  for (let i = 0; i < text.length; i++) {
    const c = text[i]!;
    if (quoted) {
      if (c === '"' && text[i + 1] === '"') {
        field += '"';
        i++;
      } else if (c === '"') quoted = false;
      else field += c;
    } else if (c === '"') quoted = true;
    else if (c === ',') {
      row.push(field);
      field = '';
    } else if (c === '\r' && text[i + 1] === '\n') {
      row.push(field);
      rows.push(row);
      row = [];
      field = '';
      i++;
    } else field += c;
  }
  return rows;
}

describe('Export: CSV and JSON of a range', () => {
  it('writes every message with its session, page and vote — quoted where needed, formulas made inert', async () => {
    const serial = await service.newChatbot();
    const visitor = await service.visitor(serial);
    const tricky = '=HYPERLINK("http://evil.example","click"), then\n"quoted" words';
    const asked = await visitor.client.ask({ sessionID: visitor.sessionId, content: tricky });
    await visitor.client.feedback({
      sessionID: visitor.sessionId,
      answerID: asked.messageid,
      rating: 'down',
      reasons: ['not-helpful', 'too-long'],
      comment: 'meh, really',
    });

    const res = await service.owner.export({ SerialNumber: serial, Format: 'csv', Of: 'conversations' });
    expect(res.headers.get('content-type')).toBe('text/csv; charset=utf-8');
    expect(res.headers.get('content-disposition')).toBe(
      'attachment; filename="conversations-2026-10-12-2026-11-10.csv"',
    );
    const bytes = new Uint8Array(await res.arrayBuffer());
    expect([...bytes.slice(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    const rows = parseCsv(new TextDecoder('utf-8', { ignoreBOM: true }).decode(bytes).slice(1));
    expect(rows[0]).toEqual([
      'session_id',
      'session_started_at',
      'page_url',
      'message_id',
      'role',
      'created_at',
      'content',
      'status',
      'no_answer',
      'ask_type',
      'file_ids',
      'rating',
      'reasons',
      'comment',
      'agent_name',
    ]);
    expect(rows).toHaveLength(3);
    expect(rows[1]!.slice(3, 7)).toEqual([
      String(asked.messageid - 1),
      'question',
      '2026-11-10T15:00:00.000Z',
      `'${tricky}`,
    ]);
    expect(rows[2]!.slice(4, 5)).toEqual(['answer']);
    expect(rows[2]!.slice(11)).toEqual(['down', 'not-helpful too-long', 'meh, really', '']);

    const json = (await (
      await service.owner.export({
        SerialNumber: serial,
        Format: 'json',
        Of: 'conversations',
        From: '2026-11-10',
        To: '2026-11-10',
      })
    ).json()) as {
      From: string;
      Items: { SessionID: number; Messages: { Role: string; Content: string; Feedback: unknown }[] }[];
    };
    expect(json.From).toBe('2026-11-10');
    expect(json.Items).toHaveLength(1);
    expect(json.Items[0]!.SessionID).toBe(visitor.sessionId);
    expect(json.Items[0]!.Messages[0]!.Content).toBe(tricky);
    expect(json.Items[0]!.Messages[1]!.Feedback).toEqual({
      Rating: 'down',
      Reasons: ['not-helpful', 'too-long'],
      Comment: 'meh, really',
    });

    const votes = (await (
      await service.owner.export({ SerialNumber: serial, Format: 'json', Of: 'feedback' })
    ).json()) as { Items: { Question: string; Rating: string }[] };
    expect(votes.Items).toMatchObject([{ Question: tricky, Rating: 'down' }]);
    const votesCsv = parseCsv(
      (await (await service.owner.export({ SerialNumber: serial, Format: 'csv', Of: 'feedback' })).text()).replace(
        /^\uFEFF/,
        '',
      ),
    );
    expect(votesCsv[0]).toEqual([
      'answer_id',
      'session_id',
      'rating',
      'reasons',
      'comment',
      'updated_at',
      'question',
      'answer',
    ]);
    expect(votesCsv).toHaveLength(2);

    const empty = (await (
      await service.owner.export({
        SerialNumber: serial,
        Format: 'json',
        Of: 'conversations',
        From: '2026-01-01',
        To: '2026-01-31',
      })
    ).json()) as { Items: unknown[] };
    expect(empty.Items).toEqual([]);
  });

  it('writes an answer for a reader: its prose and a line per listing it showed, never the data blocks; JSON gives them as data', async () => {
    const serial = await service.newChatbot();
    await service.owner.realEstateCreate({
      SerialNumber: serial,
      SaleType: 'for_sale',
      Status: 'Active',
      CurrencySymbol: '$',
      PropertyType: 'Single Family',
      Bedrooms: 3,
      Bathrooms: 2,
      Url: 'https://homes.test/EX1',
      YearBuilt: 2004,
      DaysOnMarket: 5,
      LotArea: 6000,
      BuildingArea: 1850,
      AreaUnit: 'Square Feet',
      ParkingSpots: 2,
      Address: '12 Oak St',
      City: 'Harborview',
      State: 'WA',
      ZIP: '98101',
      MLSNumber: 'EX1',
      Images: [],
      SalePrice: 489_000,
    });
    const visitor = await service.visitor(serial);
    const asked = await visitor.client.ask({ sessionID: visitor.sessionId, content: 'Homes in Harborview?' });
    expect(asked.content).toContain('```listings');

    const csv = parseCsv(
      (await (await service.owner.export({ SerialNumber: serial, Format: 'csv', Of: 'conversations' })).text()).replace(
        /^\uFEFF/,
        '',
      ),
    );
    const answer = csv.find((row) => row[4] === 'answer')![6]!;
    expect(answer).not.toContain('```');
    expect(answer).toMatch(
      /\n1\. 12 Oak St, Harborview, WA 98101 — \$489,000 · 3 bd · 2 ba · 1,850 sq ft — https:\/\/homes\.test\/EX1$/,
    );

    const json = (await (
      await service.owner.export({ SerialNumber: serial, Format: 'json', Of: 'conversations' })
    ).json()) as {
      Items: {
        Messages: { Role: string; Content: string; Listings?: { MLSNumber: string }[]; Suggestions?: string[] }[];
      }[];
    };
    const [question, reply] = json.Items[0]!.Messages;
    expect(question).not.toHaveProperty('Listings');
    expect(reply!.Content).toBe(answer);
    expect(reply!.Listings!.map((l) => l.MLSNumber)).toEqual(['EX1']);
    expect(Array.isArray(reply!.Suggestions)).toBe(true);
  });

  it('streams a 10,000-message range: many chunks, no length known up front, and the heap never holds it', async () => {
    const serial = await service.newChatbot();
    // 100 sessions of 50 questions and 50 answers, 2 KB each: about 20 MB of CSV.
    await service.db.execute(sql`INSERT INTO sessions (chatbot, opened_by, page_url, created_at)
      SELECT ${serial}, 'visitor', 'https://homes.example/p' || g, '2026-11-09T12:00:00Z'::timestamptz FROM generate_series(1, 100) g`);
    await service.db
      .execute(sql`INSERT INTO messages (session_id, chatbot, role, content, status, created_at, updated_at)
      SELECT s.id, ${serial}, CASE WHEN m % 2 = 0 THEN 'question' ELSE 'answer' END,
        'message ' || m || ' ' || repeat('lorem ipsum, "dolor" sit amet ', 70), 'complete', '2026-11-09T12:00:00Z'::timestamptz, now()
      FROM sessions s, generate_series(0, 99) m WHERE s.chatbot = ${serial}`);

    // What the heap holds, garbage collected first: the retained size, not the garbage not yet swept.
    setFlagsFromString('--expose-gc');
    const gc = runInNewContext('gc') as () => void;
    const retained = () => {
      gc();
      return process.memoryUsage().heapUsed;
    };
    const baseline = retained();
    let peak = 0;
    let bytes = 0;
    let chunks = 0;
    let lines = 0;
    const res = await service.owner.export({
      SerialNumber: serial,
      Format: 'csv',
      Of: 'conversations',
      From: '2026-11-09',
      To: '2026-11-09',
    });
    expect(res.headers.get('content-length')).toBeNull();
    const reader = res.body!.getReader();
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      chunks++;
      bytes += value.byteLength;
      // Rows end in CRLF; a content holds no line break here, so lines are rows.
      for (const b of value) if (b === 0x0a) lines++;
      // A slow reader: the service must wait for it rather than read ahead into memory.
      if (chunks % 250 === 0) {
        await new Promise((r) => setTimeout(r, 5));
        peak = Math.max(peak, retained() - baseline);
      }
    }
    expect(lines).toBe(10_001);
    expect(bytes).toBeGreaterThan(20_000_000);
    expect(chunks).toBeGreaterThan(100);
    // Holding the export whole would take at least its own size; streamed, the heap holds a few batches.
    expect(peak).toBeLessThan(bytes / 4);
  }, 120_000);
});
