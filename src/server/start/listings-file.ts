/**
 * `chat-bot-server listings import FILE --chatbot SERIAL`: a feed's listings into a chatbot — a CSV
 * file (a header row of the listing fields' names, as RealEstateCreate has them) or JSON (an array of
 * listings, or one listing a line: .jsonl, .ndjson) — read as a stream, each row checked by the
 * contract's own rules, and upserted by MLSNumber 500 at a time (store/listing-import.ts importListings, as
 * RealEstateImport does), with progress and a summary of what changed and what was refused.
 */
import { createReadStream } from 'node:fs';
import { createInterface } from 'node:readline';
import { parse } from 'csv-parse';
import { eq } from 'drizzle-orm';
import { checkBody, LIMITS, ListingImportBody } from '../../protocol/index.ts';
import { StoreError } from '../store/errors.ts';
import type { Db } from '../store/db.ts';
import { importListings, type Imported } from '../store/listing-import.ts';
import { chatbots } from '../store/schema.ts';

type Item = ListingImportBody['Items'][number];
/** One listing's schema, and the JSON types each field takes. */
const ITEM = ListingImportBody.properties.Items.items;
const FIELD_TYPES: ReadonlyMap<string, ReadonlySet<string>> = new Map(
  Object.entries(ITEM.properties).map(([name, schema]) => {
    const s = schema as { type?: string; anyOf?: { type?: string }[] };
    return [name, new Set([s.type, ...(s.anyOf ?? []).map((x) => x.type)].filter((t): t is string => Boolean(t)))];
  }),
);

/** A CSV cell as the field it is under: numbers as numbers, an empty optional cell as none, lists as JSON (or Images split by "|"). */
function cellValue(field: string, raw: string): unknown {
  const types = FIELD_TYPES.get(field);
  if (!types) return raw;
  const cell = raw.trim();
  if (cell === '') return types.has('null') ? null : types.has('string') ? '' : undefined;
  if (types.has('array')) {
    if (cell.startsWith('[')) {
      try {
        return JSON.parse(cell) as unknown;
      } catch {
        return cell;
      }
    }
    return field === 'Images' ? cell.split('|').map((url) => url.trim()) : cell;
  }
  if (types.has('number') || types.has('integer')) {
    const n = Number(cell);
    return Number.isFinite(n) ? n : cell;
  }
  return raw;
}

/** The file's rows, each numbered from 1 (CSV: after its header; .jsonl: its line), as objects. */
async function* rowsOf(file: string): AsyncGenerator<{ line: number; value: unknown }> {
  if (/\.(jsonl|ndjson)$/i.test(file)) {
    let line = 0;
    for await (const text of createInterface({ input: createReadStream(file, 'utf8'), crlfDelay: Infinity })) {
      line++;
      if (!text.trim()) continue;
      try {
        yield { line, value: JSON.parse(text) as unknown };
      } catch {
        yield { line, value: new SyntaxError('is not JSON') };
      }
    }
  } else if (/\.json$/i.test(file)) {
    const { readFile } = await import('node:fs/promises');
    const all = JSON.parse(await readFile(file, 'utf8')) as unknown;
    const items = Array.isArray(all) ? all : (all as { Items?: unknown })?.Items;
    if (!Array.isArray(items)) throw new Error(`${file} must hold a JSON array of listings (or { "Items": [...] })`);
    for (const [i, value] of items.entries()) yield { line: i + 1, value };
  } else {
    const parser = createReadStream(file).pipe(
      parse({ columns: true, bom: true, skip_empty_lines: true, relax_column_count: false }),
    );
    let line = 0;
    for await (const record of parser as AsyncIterable<Record<string, string>>) {
      const value: Record<string, unknown> = {};
      for (const [field, raw] of Object.entries(record)) {
        const v = cellValue(field, raw);
        if (v !== undefined) value[field] = v;
      }
      yield { line: ++line, value };
    }
  }
}

export interface ImportSummary extends Imported {
  rows: number;
  /** Rows not imported, in the file's order, each with why: its number (rowsOf) and the rule it breaks. */
  refused: { line: number; why: string }[];
}

/**
 * Imports `file` into the chatbot `serial`; `progress` is told after each batch. Rows that break a
 * rule, or repeat an MLSNumber or Url of an earlier row, are refused and said; the rest go in.
 */
export async function importFile(
  db: Db,
  serial: string,
  file: string,
  now: () => Date,
  progress: (summary: ImportSummary) => void = () => undefined,
): Promise<ImportSummary> {
  const [chatbot] = await db
    .select({ serial: chatbots.serialNumber })
    .from(chatbots)
    .where(eq(chatbots.serialNumber, serial));
  if (!chatbot) throw new Error(`No chatbot has the SerialNumber "${serial}"`);
  const summary: ImportSummary = { rows: 0, Created: 0, Updated: 0, Unchanged: 0, refused: [] };
  const seen = { MLSNumber: new Map<string, number>(), Url: new Map<string, number>() };
  let batch: { line: number; item: Item }[] = [];
  const add = (done: Imported) => {
    summary.Created += done.Created;
    summary.Updated += done.Updated;
    summary.Unchanged += done.Unchanged;
  };
  const flush = async () => {
    if (!batch.length) return;
    try {
      add(
        await importListings(
          db,
          serial,
          batch.map((b) => b.item),
          now(),
        ),
      );
    } catch (error) {
      if (!(error instanceof StoreError) || error.refusal !== 'conflict') throw error;
      // A Url another listing of the chatbot has: the batch's rows one by one, that one refused.
      for (const { line, item } of batch)
        try {
          add(await importListings(db, serial, [item], now()));
        } catch (one) {
          if (!(one instanceof StoreError)) throw one;
          summary.refused.push({ line, why: one.message.replace(/"Items\[0\]\./g, '"') });
        }
    }
    batch = [];
    progress(summary);
  };
  for await (const { line, value } of rowsOf(file)) {
    summary.rows++;
    const checked =
      value instanceof Error
        ? ({ ok: false, message: value.message } as const)
        : checkBody(ListingImportBody, { SerialNumber: serial, Items: [value] });
    if (!checked.ok) {
      summary.refused.push({ line, why: checked.message.replace(/"Items\[0\]\./g, '"') });
      continue;
    }
    const item = checked.value.Items[0]!;
    const repeated = (['MLSNumber', 'Url'] as const).find((field) => seen[field].has(item[field]));
    if (repeated) {
      summary.refused.push({
        line,
        why: `"${repeated}" repeats row ${seen[repeated].get(item[repeated])}'s ("${item[repeated]}")`,
      });
      continue;
    }
    seen.MLSNumber.set(item.MLSNumber, line);
    seen.Url.set(item.Url, line);
    batch.push({ line, item });
    if (batch.length >= LIMITS.importItems) await flush();
  }
  await flush();
  summary.refused.sort((a, b) => a.line - b.line);
  return summary;
}
