/**
 * The embedded database in a thread of its own (worker.mjs): what drizzle's PGlite driver,
 * the migrator and the file store ask of PGlite — query, exec, transaction, close — sent to that
 * thread and answered from it. PGlite runs a statement synchronously in the thread that calls it;
 * in the service's thread a search that goes over 100,000 listings, or an import of 500, would hold
 * the event loop for hundreds of milliseconds, and every other request with it
 * (bench/listings-scale.mjs). Here the loop only waits, as it waits for PostgreSQL. PGlite still
 * runs one statement at a time.
 *
 * What crosses is data: statements, parameters and rows are copied (structured clone); a COPY's
 * blob as bytes handed over. Parsers given in a query's options (drizzle's, which keep dates and
 * intervals as text) run here, on the text the thread leaves for those types. Errors come back with
 * their fields (a DatabaseError's `code`, `detail`, `constraint`…), as the store reads them.
 */
import { AsyncLocalStorage } from 'node:async_hooks';
import { Worker } from 'node:worker_threads';
import type { QueryOptions, Results, Transaction } from '@electric-sql/pglite';

/** The worker's source, beside this file here (src/) and compiled (dist/, scripts/server-dist.mjs copies it). */
const WORKER = new URL('./worker.mjs', import.meta.url);

export interface PGliteThreadOptions {
  /** PGlite's directory; without it, memory. */
  dataDir?: string | undefined;
  /** Start from this dump (PGlite's `dumpDataDir`) instead of an empty database. */
  load?: Blob | undefined;
}

interface Wire {
  id: number;
  ok: boolean;
  result?: unknown;
  error?: Record<string, unknown> & { message: string; name: string; stack?: string };
}

/** The statements of one transaction, as PGlite's callback gets them. */
export type ThreadTransaction = Pick<Transaction, 'query' | 'exec' | 'rollback'> & { readonly closed: boolean };

type Parsers = NonNullable<QueryOptions['parsers']>;

/** The options as they cross: parsers become the types the thread leaves as text. */
function wireOptions(options: QueryOptions | undefined): Record<string, unknown> | undefined {
  if (!options) return undefined;
  if (options.serializers || options.blob || options.onNotice)
    throw new Error('PGlite thread: serializers, blob and onNotice do not cross to the database thread');
  const { parsers, ...rest } = options;
  return parsers ? { ...rest, textTypes: Object.keys(parsers).map(Number) } : rest;
}

/** The given parsers run on the columns of their types, as PGlite would have run them. */
function parsed<T>(result: Results<T>, parsers: Parsers | undefined): Results<T> {
  if (!parsers || !result.rows.length) return result;
  const columns = result.fields
    .map((f, at) => ({ name: f.name, at, parse: parsers[f.dataTypeID] }))
    .filter((c) => c.parse);
  if (!columns.length) return result;
  for (const row of result.rows as Record<string | number, unknown>[])
    for (const c of columns) {
      const key = Array.isArray(row) ? c.at : c.name;
      const value = row[key];
      if (typeof value === 'string') row[key] = c.parse!(value);
    }
  return result;
}

function received<T>(result: Results<T> & { blobBytes?: ArrayBuffer }, parsers: Parsers | undefined): Results<T> {
  const { blobBytes, ...rest } = result;
  const out = blobBytes ? { ...rest, blob: new Blob([blobBytes]) } : rest;
  return parsed(out as Results<T>, parsers);
}

/** An error as the store reads PGlite's: its message, name and fields. */
function errorOf(data: NonNullable<Wire['error']>): Error {
  const { message, name, stack, ...fields } = data;
  const error = Object.assign(new Error(message), fields);
  error.name = name;
  if (stack) error.stack = `${stack}\n    at (the embedded database's thread: store/pglite/worker.mjs)`;
  return error;
}

export class PGliteThread {
  /**
   * Whether the statements made within are urgent: a question's before its first words. The thread
   * runs them before the others waiting (worker.mjs) — under load the statements queue there,
   * and a visitor waiting for an answer to start waits for theirs alone (store/pglite/urgency.ts).
   */
  readonly urgency = new AsyncLocalStorage<boolean>();
  readonly #worker: Worker;
  readonly #pending = new Map<number, { resolve: (v: unknown) => void; reject: (e: Error) => void }>();
  #next = 1;
  /** Why the thread stopped, once it has. */
  #stopped: Error | undefined;

  private constructor(options: PGliteThreadOptions, load: ArrayBuffer | undefined) {
    this.#worker = new Worker(WORKER, {
      workerData: { dataDir: options.dataDir, load },
      transferList: load ? [load] : [],
    });
    // Held only while it has something to answer: an idle database keeps no process alive.
    this.#worker.unref();
    this.#worker.on('message', (m: Wire) => {
      const waiting = this.#pending.get(m.id);
      if (!waiting) return;
      this.#settled(m.id);
      if (m.ok) waiting.resolve(m.result);
      else waiting.reject(errorOf(m.error!));
    });
    const stop = (error: Error) => {
      this.#stopped ??= error;
      for (const [id, waiting] of this.#pending) {
        this.#settled(id);
        waiting.reject(this.#stopped);
      }
    };
    this.#worker.on('error', stop);
    this.#worker.on('exit', (code) => stop(new Error(`The embedded database's thread stopped (exit code ${code})`)));
  }

  /** PGlite opened in its thread, ready for statements. */
  static async open(options: PGliteThreadOptions = {}): Promise<PGliteThread> {
    const load = options.load ? await options.load.arrayBuffer() : undefined;
    const thread = new PGliteThread(options, load);
    try {
      await thread.#ask({ op: 'ready' });
    } catch (error) {
      await thread.#worker.terminate();
      throw error;
    }
    return thread;
  }

  /** Whether statements sent to the thread are still waiting for their answers (a visitor's among them, maybe). */
  get busy(): boolean {
    return this.#pending.size > 0;
  }

  /** Whether it was closed (or its thread stopped). */
  get closed(): boolean {
    return this.#stopped !== undefined;
  }

  #settled(id: number): void {
    this.#pending.delete(id);
    if (!this.#pending.size) this.#worker.unref();
  }

  #ask<T>(message: Record<string, unknown>): Promise<T> {
    if (this.#stopped) return Promise.reject(this.#stopped);
    const id = this.#next++;
    return new Promise<T>((resolve, reject) => {
      if (!this.#pending.size) this.#worker.ref();
      this.#pending.set(id, { resolve: resolve as (v: unknown) => void, reject });
      this.#worker.postMessage({ ...message, id });
    });
  }

  query<T>(sql: string, params?: unknown[], options?: QueryOptions): Promise<Results<T>> {
    return this.#query(sql, params, options, undefined);
  }

  exec(sql: string, options?: QueryOptions): Promise<Results[]> {
    return this.#exec(sql, options, undefined);
  }

  async #query<T>(
    sql: string,
    params: unknown[] | undefined,
    options: QueryOptions | undefined,
    tx: number | undefined,
  ) {
    const result = await this.#ask<Results<T>>({
      op: 'query',
      sql,
      params,
      options: wireOptions(options),
      tx,
      urgent: this.urgency.getStore() === true,
    });
    return received(result, options?.parsers);
  }

  async #exec(sql: string, options: QueryOptions | undefined, tx: number | undefined): Promise<Results[]> {
    const results = await this.#ask<Results[]>({
      op: 'exec',
      sql,
      options: wireOptions(options),
      tx,
      urgent: this.urgency.getStore() === true,
    });
    return results.map((r) => received(r, options?.parsers));
  }

  /** PGlite's transaction: BEGIN, the callback's statements, COMMIT — or ROLLBACK when it throws. */
  async transaction<T>(callback: (tx: ThreadTransaction) => Promise<T>): Promise<T> {
    const id = this.#next;
    await this.#ask({ op: 'begin', urgent: this.urgency.getStore() === true });
    let closed = false;
    const tx: ThreadTransaction = {
      query: (sql, params, options) => this.#query(sql, params, options, id),
      exec: (sql, options) => this.#exec(sql, options, id),
      rollback: async () => {
        await this.#ask({ op: 'rollback', tx: id });
        closed = true;
      },
      get closed() {
        return closed;
      },
    };
    let result: T;
    try {
      result = await callback(tx);
    } catch (error) {
      await this.#ask({ op: 'end', tx: id, commit: false }).catch(() => undefined);
      throw error;
    }
    await this.#ask({ op: 'end', tx: id, commit: !closed });
    return result;
  }

  /** Closes the database (its files written) and ends the thread. */
  async close(): Promise<void> {
    if (this.#stopped) return;
    await this.#ask({ op: 'close' });
    this.#stopped = new Error('The embedded database is closed');
    await this.#worker.terminate().catch(() => undefined);
  }
}
