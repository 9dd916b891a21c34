/**
 * The embedded database's own thread (thread.ts starts it): PGlite runs its statements in
 * the thread that calls it — WebAssembly, synchronously — so a statement that goes over many rows
 * (a search over 100,000 listings, an import of 500) would hold the service's event loop and every
 * visitor with it. Here it holds only this thread; the service's loop waits for the answer as it
 * waits for PostgreSQL's.
 *
 * Plain JavaScript: a worker thread starts without the TypeScript loader that tsx and vitest give
 * the service's own files, and this file needs none of them. It is copied beside the compiled store
 * (scripts/server-dist.mjs).
 *
 * Messages in: { id, op, urgent?, … } — `query` (sql, params, options, tx?), `exec` (sql, options,
 * tx?), `begin` (a transaction: answered once it has begun; its statements then name it as `tx`),
 * `rollback` (tx), `end` (tx, commit: true or false), `close`. Out: { id, ok: true, result } or
 * { id, ok: false, error } — the error's own fields (a DatabaseError's code, detail, constraint…)
 * as plain data. A result's `blob` (COPY … TO '/dev/blob') comes as `blobBytes`, an ArrayBuffer
 * handed over, not copied.
 */
import { parentPort, receiveMessageOnPort, workerData } from 'node:worker_threads';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { vector } from '@electric-sql/pglite-pgvector';

const port = parentPort;
if (!port) throw new Error('worker.mjs runs as a worker thread (store/pglite/thread.ts starts it)');

/** workerData: { dataDir?: string, load?: ArrayBuffer } — a directory, or memory (load: a dump to start from). */
const { dataDir, load } = workerData ?? {};
const pg = new PGlite({
  dataDir,
  // pg_trgm: the listing search's index (migrations 0003, 0011); vector: the knowledge's
  // embeddings compared (store/knowledge-vectors.ts), created only when a model makes them.
  extensions: { pg_trgm, vector },
  ...(load ? { loadDataDir: new Blob([load]) } : {}),
});

/** The open transactions, by the id of their `begin`. */
const open = new Map();
/** What a transaction's callback is rejected with when the service rolls it back. */
const ROLLED_BACK = Symbol('rolled back');
/** The parsers the service named (types left as text; it parses them itself): PGlite's option. */
const asText = (value) => value;

/** PGlite's options from the wire's: `textTypes` (type OIDs) become parsers that leave the text as it is. */
function optionsOf(options) {
  if (!options) return undefined;
  const { textTypes, ...rest } = options;
  return textTypes ? { ...rest, parsers: Object.fromEntries(textTypes.map((oid) => [oid, asText])) } : rest;
}

/** A result as it crosses: its blob as bytes handed over. */
async function crossing(result) {
  if (!result?.blob) return { result, transfer: [] };
  const bytes = await result.blob.arrayBuffer();
  const { blob: _blob, ...rest } = result;
  return { result: { ...rest, blobBytes: bytes }, transfer: [bytes] };
}

/** An error as data: its message, name, stack and own fields (a DatabaseError's code, detail…). */
function errorData(error) {
  if (!(error instanceof Error)) return { message: String(error), name: 'Error' };
  const fields = {};
  for (const [key, value] of Object.entries(error))
    if (value === null || ['string', 'number', 'boolean'].includes(typeof value)) fields[key] = value;
  return { ...fields, message: error.message, name: error.name, stack: error.stack };
}

const answer = (id, result, transfer = []) => port.postMessage({ id, ok: true, result }, transfer);
const fail = (id, error) => port.postMessage({ id, ok: false, error: errorData(error) });

/** Where a statement runs: its transaction, or the database. */
function on(tx) {
  if (tx === undefined) return pg;
  const t = open.get(tx);
  if (!t) throw new Error(`PGlite thread: transaction ${tx} is not open`);
  return t.tx;
}

function begin(id) {
  let begun = false;
  const ended = pg.transaction(
    (tx) =>
      new Promise((resolve, reject) => {
        open.set(id, { tx, resolve, reject, ended });
        begun = true;
        answer(id, null);
      }),
  );
  // BEGIN itself failed: the `begin` is answered with it. Otherwise `end` answers.
  ended.catch((error) => {
    if (!begun) fail(id, error);
  });
  // PGlite is the transaction's until it ends; then the next statement waiting.
  void ended
    .catch(() => undefined)
    .finally(() => {
      busy = false;
      next();
    });
}

async function end(id, tx, commit) {
  const t = open.get(tx);
  if (!t) throw new Error(`PGlite thread: transaction ${tx} is not open`);
  if (commit) t.resolve(undefined);
  else t.reject(ROLLED_BACK);
  try {
    await t.ended;
  } catch (error) {
    if (error !== ROLLED_BACK) throw error;
  } finally {
    open.delete(tx);
  }
  answer(id, null);
}

/** One message: answered with its result, or its error. */
async function handle(m) {
  try {
    switch (m.op) {
      case 'ready':
        await pg.waitReady;
        return answer(m.id, null);
      case 'query': {
        const { result, transfer } = await crossing(await on(m.tx).query(m.sql, m.params, optionsOf(m.options)));
        return answer(m.id, result, transfer);
      }
      case 'exec':
        return answer(m.id, await on(m.tx).exec(m.sql, optionsOf(m.options)));
      case 'rollback':
        await on(m.tx).rollback();
        return answer(m.id, null);
      case 'end':
        return await end(m.id, m.tx, m.commit);
      case 'close':
        await pg.close();
        answer(m.id, null);
        return port.close();
      default:
        throw new Error(`PGlite thread: no operation "${m.op}"`);
    }
  } catch (error) {
    fail(m.id, error);
  }
}

/**
 * The order statements reach PGlite in. PGlite runs one at a time anyway; here the thread chooses
 * which: those marked urgent (a question before its first words: thread.ts `urgency`) before
 * the rest, each kind in the order it came. A transaction, once begun, has PGlite to itself until it
 * ends — its statements run as they come, nothing else starts meanwhile.
 */
const waiting = { urgent: [], other: [] };
/** A statement outside a transaction, or a transaction, has PGlite now. */
let busy = false;

/** A message as it comes: a transaction's own statements, its end and the first word at once (the transaction has PGlite); the rest wait their turn. */
function accept(m) {
  if (m.tx !== undefined || m.op === 'ready') void handle(m);
  else (m.urgent ? waiting.urgent : waiting.other).push(m);
}

function next() {
  while (!busy) {
    // Every message already sent is taken in before choosing: a statement holds this thread while it
    // runs, and those that came meanwhile are all here to choose from.
    for (let r = receiveMessageOnPort(port); r; r = receiveMessageOnPort(port)) accept(r.message);
    const m = waiting.urgent.shift() ?? waiting.other.shift();
    if (!m) return;
    busy = true;
    if (m.op === 'begin') begin(m.id);
    else
      void handle(m).finally(() => {
        busy = false;
        next();
      });
  }
}

port.on('message', (m) => {
  accept(m);
  next();
});
