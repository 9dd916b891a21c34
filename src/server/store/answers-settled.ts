/**
 * Answers that stop streaming, told to the requests waiting for them. A question asked again while
 * another request still writes its answer waits here rather than reading the row on a timer: the
 * writer announces the answer in its own process (`announce`), and the statement that stored how
 * it ended also sent NOTIFY on ANSWER_SETTLED (finishAnswer), which every instance on the same
 * PostgreSQL hears on a connection of its own (LISTEN), opened for its first waiter. The embedded
 * database belongs to one process: there the announcement is all there is.
 */
import { EventEmitter } from 'node:events';
import type pg from 'pg';
import { listenOn } from './listen.ts';

/** The NOTIFY channel; the payload is the answer's id. */
export const ANSWER_SETTLED = 'chat_bot_answer_settled';
/** The LISTEN connection's application_name, as pg_stat_activity shows it. */
export const APPLICATION_NAME = 'chat-bot answers in flight';

export interface AnswersSettled {
  /** Wakes this process's waiters for the answer: its row has just stopped streaming. */
  announce(answerId: number): void;
  /**
   * Reads the answer with `read` until it is no longer streaming — again only when told it ended
   * (or that the LISTEN connection dropped), and once more when `ms` have passed — and resolves
   * with the last row read.
   */
  untilSettled<T extends { status: string }>(
    answerId: number,
    read: () => Promise<T | null>,
    ms: number,
  ): Promise<T | null>;
  /** Requests waiting now, and the rows waiters have read in all (a waiter reads when told, not on a timer). */
  readonly stats: { readonly waiting: number; readonly reads: number };
  /** Ends the LISTEN connection and wakes every waiter (their reads then meet the closed store). */
  close(): Promise<void>;
}

/** `databaseUrl`: PostgreSQL, where the answers other instances end are heard too. */
export function answersSettled(databaseUrl?: string): AnswersSettled {
  const waiters = new EventEmitter().setMaxListeners(0);
  const wakeAll = () => {
    for (const id of waiters.eventNames()) waiters.emit(id);
  };
  const count = { waiting: 0, reads: 0 };
  let closed = false;
  let client: pg.Client | null = null;
  let listening: Promise<void> | null = null;

  /** Resolves once LISTEN is in force (at once on the embedded database); opens or reopens the connection. */
  const listen = (): Promise<void> => {
    if (!databaseUrl || closed) return Promise.resolve();
    if (listening) return listening;
    const l = listenOn(databaseUrl, {
      channel: ANSWER_SETTLED,
      applicationName: APPLICATION_NAME,
      onNotification: (payload) => void waiters.emit(payload),
      onLost(error, established) {
        if (client !== l.client) return;
        client = null;
        listening = null;
        if (closed) return;
        if (!established) {
          // Its waiters still hear this process's answers, and read once more at their time's end.
          console.error(
            `chat-bot: cannot LISTEN for answers in flight (${error.message}); trying again for the next waiter`,
          );
          return;
        }
        console.error(
          `chat-bot: the LISTEN connection for answers in flight dropped (${error.message}); listening again`,
        );
        // What was notified while it was down is lost: every waiter reads again, and listens anew.
        wakeAll();
      },
    });
    client = l.client;
    listening = l.ready;
    return listening;
  };

  return {
    announce: (answerId) => void waiters.emit(String(answerId)),

    async untilSettled(answerId, read, ms) {
      const key = String(answerId);
      let told = false;
      let expired = false;
      let wake: () => void = () => undefined;
      let expire: () => void = () => undefined;
      const deadline = new Promise<void>((resolve) => (expire = resolve));
      const timer = setTimeout(() => {
        expired = true;
        expire();
        wake();
      }, ms).unref();
      const onSettled = () => {
        told = true;
        wake();
      };
      waiters.on(key, onSettled);
      count.waiting++;
      try {
        for (;;) {
          // Subscribed, and listening, before reading: an answer that ends meanwhile is in this read or wakes the next.
          await Promise.race([listen().catch(() => undefined), deadline]);
          told = false;
          const row = await read();
          count.reads++;
          if (row?.status !== 'streaming' || expired) return row;
          await new Promise<void>((resolve) => (told || expired ? resolve() : (wake = resolve)));
        }
      } finally {
        clearTimeout(timer);
        waiters.off(key, onSettled);
        count.waiting--;
      }
    },

    stats: {
      get waiting() {
        return count.waiting;
      },
      get reads() {
        return count.reads;
      },
    },

    async close() {
      closed = true;
      const c = client;
      client = null;
      listening = null;
      wakeAll();
      await c?.end().catch(() => undefined);
    },
  };
}
