/**
 * Live events delivered to the streams open on this instance, wherever they were raised. On
 * PostgreSQL an event is a row and a NOTIFY of its id (store/live.ts storeEvent); each instance
 * LISTENs on a connection of its own, reads each announced row once and hands it to its streams of
 * that chatbot or session. When that connection drops, what was announced meanwhile is not heard:
 * every stream is told (`gap`) and reads what it missed from the table, as a client that reconnects
 * with Last-Event-ID does. The embedded database belongs to one process: there an event is handed
 * over as it is stored.
 */
import type pg from 'pg';
import { listenOn } from './listen.ts';
import type { Db } from './db-types.ts';
import {
  LIVE_CHANNEL,
  audienceKey,
  audienceOf,
  eventById,
  storeEvent,
  type Audience,
  type LiveRow,
  type NewLiveEvent,
} from './live.ts';

/** The LISTEN connection's application_name, as pg_stat_activity shows it. */
export const LIVE_APPLICATION_NAME = 'chat-bot live events';
/** How soon a dropped LISTEN connection is opened again. */
const RELISTEN_MS = 1_000;

export interface LiveListener {
  audience: Audience;
  /** An event for this audience, in the order this instance heard them. */
  deliver(row: LiveRow): void;
  /** Events may have been missed (the LISTEN connection dropped): read them from the table. */
  gap(): void;
}

export interface LiveBus {
  /** Stores the event and hands it to every instance's streams of its audience. */
  publish(event: NewLiveEvent): Promise<LiveRow>;
  /** Resolves once events raised from now on reach `listener` (LISTEN in force); call the result to stop. */
  listen(listener: LiveListener): Promise<() => void>;
  /** Streams listening on this instance. */
  readonly listening: number;
  close(): Promise<void>;
}

/** `databaseUrl`: PostgreSQL, where events raised on other instances are heard too. */
export function liveBus(db: Db, databaseUrl?: string): LiveBus {
  const listeners = new Map<string, Set<LiveListener>>();
  let count = 0;
  let closed = false;
  let client: pg.Client | null = null;
  let listening: Promise<void> | null = null;
  let retry: NodeJS.Timeout | undefined;

  const dispatch = (row: LiveRow) => {
    for (const l of listeners.get(audienceKey(audienceOf(row))) ?? []) l.deliver(row);
  };
  const gapAll = () => {
    for (const set of listeners.values()) for (const l of set) l.gap();
  };

  const listen = (): Promise<void> => {
    if (!databaseUrl || closed) return Promise.resolve();
    if (listening) return listening;
    const l = listenOn(databaseUrl, {
      channel: LIVE_CHANNEL,
      applicationName: LIVE_APPLICATION_NAME,
      onNotification(payload) {
        const [raw = '', key = ''] = payload.split(' ');
        const id = Number(raw);
        // Read only for a stream of this instance that it is for.
        if (!Number.isSafeInteger(id) || !listeners.has(key)) return;
        // One read per event per instance, whatever number of its streams it is for.
        eventById(db, id).then(
          (row) => row && dispatch(row),
          () => gapAll(),
        );
      },
      onLost(error, established) {
        if (client !== l.client) return;
        client = null;
        listening = null;
        if (closed) return;
        if (established)
          console.error(`chat-bot: the LISTEN connection for live events dropped (${error.message}); listening again`);
        gapAll();
        // Streams are open: they must hear again without waiting for a new one.
        if (count > 0 && !retry)
          retry = setTimeout(() => {
            retry = undefined;
            if (count > 0) void listen().then(gapAll, () => undefined);
          }, RELISTEN_MS).unref();
      },
    });
    client = l.client;
    listening = l.ready;
    return listening;
  };

  return {
    async publish(event) {
      const row = await storeEvent(db, event, Boolean(databaseUrl));
      if (!databaseUrl) dispatch(row);
      return row;
    },

    async listen(listener) {
      const key = audienceKey(listener.audience);
      let set = listeners.get(key);
      if (!set) listeners.set(key, (set = new Set()));
      set.add(listener);
      count++;
      let stopped = false;
      const stop = () => {
        if (stopped) return;
        stopped = true;
        count--;
        set.delete(listener);
        if (!set.size) listeners.delete(key);
      };
      try {
        await listen();
      } catch (error) {
        stop();
        throw error;
      }
      return stop;
    },

    get listening() {
      return count;
    },

    async close() {
      closed = true;
      clearTimeout(retry);
      const c = client;
      client = null;
      listening = null;
      await c?.end().catch(() => undefined);
    },
  };
}
