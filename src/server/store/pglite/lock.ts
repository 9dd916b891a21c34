/**
 * The embedded database belongs to one process at a time. PGlite keeps the database's
 * pages in the memory of the process that opened its directory: a second process on the same
 * directory — `create-key` beside the running service, or a second service — sees none of the
 * first one's later writes, and whichever writes last overwrites the other's, or corrupts both. So
 * whoever opens it holds DATA_DIR/db.lock for as long as it has it open: the lock names its process,
 * host and command, and another opener finds it held and refuses, saying by whom and what to do. A
 * lock whose process is gone (killed, the machine restarted) is stale and taken over.
 */
import { linkSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { hostname } from 'node:os';
import { join } from 'node:path';

/** What holds the database: the service, or one of the bin's commands (`chat-bot-server create-key`). */
export const SERVICE = 'the service';

export interface LockHolder {
  pid: number;
  host: string;
  /** SERVICE, or the command's words. */
  command: string;
  /** When it took the lock (ISO 8601). */
  since: string;
}

/** The embedded database is open in another live process; `holder` says which. */
export class DatabaseInUse extends Error {
  override readonly name = 'DatabaseInUse';
  readonly code = 'DATABASE_IN_USE';
  constructor(
    message: string,
    readonly holder: LockHolder,
  ) {
    super(message);
  }
}

/** The lock of the embedded database in DATA_DIR/db. */
export const lockFileOf = (dataDir: string): string => join(dataDir, 'db.lock');

function readHolder(file: string): LockHolder | null {
  try {
    const held = JSON.parse(readFileSync(file, 'utf8')) as Partial<LockHolder>;
    return typeof held.pid === 'number' && typeof held.host === 'string' ? (held as LockHolder) : null;
  } catch {
    // Gone since, or not a lock this service wrote: nobody holds it.
    return null;
  }
}

/**
 * Whether the holder may still have the database open. On another host (a container sharing the
 * volume) its process cannot be looked for, so it is taken to run. Our own id is a former life of
 * this process id: a container's first process, started again after it was killed.
 */
function running(holder: LockHolder): boolean {
  if (holder.host !== hostname()) return true;
  if (holder.pid === process.pid) return false;
  try {
    process.kill(holder.pid, 0);
    return true;
  } catch (error) {
    // EPERM: it runs, as another user.
    return (error as { code?: unknown }).code === 'EPERM';
  }
}

/** What the one refused should do, by who holds the database and who asks. */
function advice(holder: LockHolder, command: string, file: string): string {
  const elsewhere =
    holder.host === hostname()
      ? ''
      : ` If it no longer runs (its machine or container was stopped without its shutdown), delete ${file}.`;
  if (holder.command !== SERVICE) return `Let it finish, then try again.${elsewhere}`;
  if (command === SERVICE)
    return `Stop it first — or, to run several instances, use PostgreSQL (DATABASE_URL).${elsewhere}`;
  return `Stop the service first, then run this again — or use PostgreSQL (DATABASE_URL), where the commands run beside the service and their changes count at once.${elsewhere}`;
}

/**
 * Takes the lock of DATA_DIR's embedded database for `command`, or throws DatabaseInUse when a live
 * process holds it. Returns what lets it go (also done when the process exits).
 */
export function lockEmbeddedDatabase(dataDir: string, command: string): () => void {
  const file = lockFileOf(dataDir);
  const mine: LockHolder = { pid: process.pid, host: hostname(), command, since: new Date().toISOString() };
  // Written whole beside it, then linked into place: a link fails if the lock exists, so of two
  // processes taking it together one gets it, and a reader never sees half a lock.
  const draft = `${file}.${process.pid}`;
  // A first start's DATA_DIR may not exist yet.
  mkdirSync(dataDir, { recursive: true });
  writeFileSync(draft, JSON.stringify(mine));
  try {
    for (let tries = 0; ; tries++) {
      try {
        linkSync(draft, file);
        break;
      } catch (error) {
        if ((error as { code?: unknown }).code !== 'EEXIST' || tries === 2) throw error;
        const holder = readHolder(file);
        if (holder && running(holder))
          throw new DatabaseInUse(
            `The embedded database in ${join(dataDir, 'db')} is open in ${holder.command} (process ${holder.pid}` +
              `${holder.host === hostname() ? '' : ` on ${holder.host}`}, since ${holder.since}); it opens in one process at a time. ` +
              advice(holder, command, file),
            holder,
          );
        rmSync(file, { force: true });
      }
    }
  } finally {
    rmSync(draft, { force: true });
  }
  const release = () => {
    const holder = readHolder(file);
    if (holder?.pid === mine.pid && holder.since === mine.since) rmSync(file, { force: true });
  };
  process.once('exit', release);
  return () => {
    process.off('exit', release);
    release();
  };
}
