/**
 * Many listings as a feed sends them (RealEstateImport [ext], `listings import`): each created, or —
 * where the chatbot has a listing of its MLSNumber — replacing it (full replacement, as
 * RealEstateUpdate); one the same as stored is left as it is, UpdatedAt and all. All or nothing.
 *
 * On PostgreSQL that is one transaction: readers never wait on it. The embedded database runs one
 * transaction at a time, and writing 500 listings with their indexes takes it ~0.5–1 s (more on a
 * loaded machine) — every visitor's question would wait that long behind each call of a feed's
 * sync. There the import is written INSERT_ROWS listings a transaction, with everyone else's
 * statements between them; what it writes is worked out before the first, and a failure part-way
 * (a listing changed meanwhile, a unique index, the database) puts back what it had written: the
 * created listings go, the replaced ones get their columns and UpdatedAt back — each only if
 * nobody changed it since.
 */
import { and, eq, inArray, notInArray } from 'drizzle-orm';
import { v7 as uuidv7 } from 'uuid';
import { conflicting, invalidRecord } from './errors.ts';
import type { Db, Tx } from './db-types.ts';
import {
  applyTerms,
  bumpVersion,
  countTerms,
  filled,
  holds,
  INSERT_ROWS,
  toColumns,
  toListing,
  uniqueViolation,
  type Columns,
  type Fields,
  type Row,
  type TermChanges,
} from './listings.ts';
import { listings } from './schema.ts';
import { oneTransactionAtATime } from './pglite/urgency.ts';

/** How many of an import's listings were new, replaced one that differed, or were the same as stored. */
export interface Imported {
  Created: number;
  Updated: number;
  Unchanged: number;
}

type Insert = typeof listings.$inferInsert & { id: string };

/** What an import writes, worked out against what is stored. */
interface Plan {
  /** New rows, with their columns and the fields they hold (for the terms). */
  created: { row: Insert; columns: Columns; fields: Fields }[];
  /** Stored rows to replace, with what replaces them. */
  updated: { old: Row; columns: Columns; fields: Fields }[];
}

/** 400 naming both Items when an MLSNumber or Url is given twice. */
function refuseRepeats(all: Fields[]): void {
  for (const field of ['MLSNumber', 'Url'] as const) {
    const first = new Map<string, number>();
    all.forEach((fields, i) => {
      const at = first.get(fields[field]);
      if (at !== undefined)
        throw invalidRecord(
          `"Items[${i}].${field}" must not repeat Items[${at}]'s ("${fields[field]}"): each listing once an import`,
        );
      first.set(fields[field], i);
    });
  }
}

/** 409 when an Item's Url is another listing's (one of an MLSNumber the import does not name). */
async function refuseTakenUrls(tx: Tx, chatbot: string, all: Fields[]): Promise<void> {
  const [clash] = await tx
    .select({ mls: listings.mlsNumber, url: listings.url })
    .from(listings)
    .where(
      and(
        eq(listings.chatbot, chatbot),
        inArray(
          listings.url,
          all.map((f) => f.Url),
        ),
        notInArray(
          listings.mlsNumber,
          all.map((f) => f.MLSNumber),
        ),
      ),
    )
    .limit(1);
  if (clash) {
    const i = all.findIndex((f) => f.Url === clash.url);
    throw conflicting(
      `"Items[${i}].Url" is the Url of this chatbot's listing with MLSNumber "${clash.mls}": ${clash.url}`,
    );
  }
}

const storedOf = (tx: Tx, chatbot: string, all: Fields[]) =>
  tx
    .select()
    .from(listings)
    .where(
      and(
        eq(listings.chatbot, chatbot),
        inArray(
          listings.mlsNumber,
          all.map((f) => f.MLSNumber),
        ),
      ),
    );

/** Each listing's columns against the stored row of its MLSNumber, a turn of the event loop every INSERT_ROWS. */
async function planned(chatbot: string, all: Fields[], stored: Row[], now: Date): Promise<Plan> {
  const byMls = new Map(stored.map((row) => [row.mlsNumber, row]));
  const plan: Plan = { created: [], updated: [] };
  for (const [i, fields] of all.entries()) {
    if (i % INSERT_ROWS === INSERT_ROWS - 1) await new Promise(setImmediate);
    const columns = toColumns(fields);
    const old = byMls.get(fields.MLSNumber);
    if (!old) {
      const at = { createdAt: now, updatedAt: now };
      plan.created.push({ row: { id: uuidv7({ msecs: now.getTime() }), chatbot, ...columns, ...at }, columns, fields });
    } else if (!holds(old, columns)) plan.updated.push({ old, columns, fields });
  }
  return plan;
}

/**
 * Writes part of a plan in `tx`, with its terms and a version bump. `guarded`: the replaced rows are
 * read first and must still be as planned (another writer may have come between the transactions).
 */
async function write(tx: Tx, chatbot: string, part: Plan, now: Date, guarded: boolean): Promise<void> {
  if (!part.created.length && !part.updated.length) return;
  const terms: TermChanges = new Map();
  if (guarded && part.updated.length) {
    const current = new Map(
      (
        await tx
          .select()
          .from(listings)
          .where(
            inArray(
              listings.id,
              part.updated.map((u) => u.old.id),
            ),
          )
          .for('update')
      ).map((row) => [row.id, row]),
    );
    const moved = part.updated.find(({ old }) => {
      const row = current.get(old.id);
      return !row || row.updatedAt.getTime() !== old.updatedAt.getTime() || !holds(row, old);
    });
    if (moved)
      throw conflicting(
        `The listing with MLSNumber "${moved.old.mlsNumber}" changed while the import was written; nothing was stored`,
      );
  }
  for (const { old, columns, fields } of part.updated) {
    countTerms(terms, toListing(old), -1);
    countTerms(terms, filled(fields), 1);
    await tx
      .update(listings)
      .set({ ...columns, updatedAt: now })
      .where(eq(listings.id, old.id));
  }
  for (let from = 0; from < part.created.length; from += INSERT_ROWS) {
    const rows = part.created.slice(from, from + INSERT_ROWS);
    for (const { fields } of rows) countTerms(terms, filled(fields), 1);
    await tx.insert(listings).values(rows.map((c) => c.row));
  }
  await applyTerms(tx, chatbot, terms);
  await bumpVersion(tx, chatbot);
}

/** Puts back what part of an import wrote: each row only if it is still as the import left it. */
async function undo(db: Db, chatbot: string, done: Plan, now: Date): Promise<void> {
  const ids = [...done.created.map((c) => c.row.id), ...done.updated.map((u) => u.old.id)];
  if (!ids.length) return;
  await db.transaction(async (tx) => {
    const current = new Map(
      (await tx.select().from(listings).where(inArray(listings.id, ids)).for('update')).map((row) => [row.id, row]),
    );
    const ours = (id: string, columns: Columns) => {
      const row = current.get(id);
      return row && holds(row, columns) && row.updatedAt.getTime() === now.getTime() ? row : null;
    };
    const terms: TermChanges = new Map();
    const gone = done.created.flatMap(({ row, columns }) => {
      const stored = ours(row.id, columns);
      if (stored) countTerms(terms, toListing(stored), -1);
      return stored ? [row.id] : [];
    });
    if (gone.length) await tx.delete(listings).where(inArray(listings.id, gone));
    for (const { old, columns } of done.updated) {
      const stored = ours(old.id, columns);
      if (!stored) continue;
      countTerms(terms, toListing(stored), -1);
      countTerms(terms, toListing(old), 1);
      const { id: _id, chatbot: _chatbot, createdAt: _createdAt, ...before } = old;
      await tx.update(listings).set(before).where(eq(listings.id, old.id));
    }
    await applyTerms(tx, chatbot, terms);
    await bumpVersion(tx, chatbot);
  });
}

const counted = (all: Fields[], plan: Plan): Imported => ({
  Created: plan.created.length,
  Updated: plan.updated.length,
  Unchanged: all.length - plan.created.length - plan.updated.length,
});

/**
 * Imports `all` into the chatbot's listings. An MLSNumber or Url twice among them is a 400 naming
 * both; a Url another listing of the chatbot has, a 409; a change another writer made meanwhile, a 409.
 */
export async function importListings(db: Db, chatbot: string, all: Fields[], now: Date): Promise<Imported> {
  refuseRepeats(all);
  try {
    if (!oneTransactionAtATime(db))
      return await db.transaction(async (tx) => {
        await refuseTakenUrls(tx, chatbot, all);
        // FOR UPDATE: a second writer of these listings waits for this one.
        const plan = await planned(chatbot, all, await storedOf(tx, chatbot, all).for('update'), now);
        await write(tx, chatbot, plan, now, false);
        return counted(all, plan);
      });
    const stored = await db.transaction(async (tx) => {
      await refuseTakenUrls(tx, chatbot, all);
      return storedOf(tx, chatbot, all);
    });
    const plan = await planned(chatbot, all, stored, now);
    const done: Plan = { created: [], updated: [] };
    try {
      for (let from = 0; from < Math.max(plan.created.length, plan.updated.length); from += INSERT_ROWS) {
        const part = {
          created: plan.created.slice(from, from + INSERT_ROWS),
          updated: plan.updated.slice(from, from + INSERT_ROWS),
        };
        await db.transaction((tx) => write(tx, chatbot, part, now, true));
        done.created.push(...part.created);
        done.updated.push(...part.updated);
      }
    } catch (error) {
      try {
        await undo(db, chatbot, done, now);
      } catch (undoing) {
        throw new AggregateError(
          [error, undoing],
          'An import failed part-way, and putting back what it had written failed too',
        );
      }
      throw error;
    }
    return counted(all, plan);
  } catch (error) {
    // Two writers at once, or Items exchanging Urls: the unique indexes refuse it, and nothing was stored.
    if (uniqueViolation(error, all[0]!))
      throw conflicting(
        'The import would give two listings of this chatbot the same MLSNumber or Url (changed meanwhile, or Items exchanging Urls); nothing was stored',
      );
    throw error;
  }
}
