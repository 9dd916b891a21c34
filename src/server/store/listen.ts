/**
 * A PostgreSQL connection of its own that LISTENs on one channel: what an instance hears of the
 * others (answers that end, store/answers-settled.ts; live events, store/live-bus.ts). Keep-alive
 * finds it gone when a NAT or firewall forgets it, idle for long; a database that does not answer
 * (a network partition) fails the attempt within 5 s, as the pool's do (db.ts). Listening, it keeps
 * no process alive. It is lost once — a failed connect, an error, the server ending it, or its
 * owner ending it — and then its owner decides what to do.
 */
import { Socket } from 'node:net';
import pg from 'pg';

export interface ListenOptions {
  channel: string;
  /** As pg_stat_activity shows the connection. */
  applicationName: string;
  onNotification(payload: string): void;
  /** The connection is gone; `established`: LISTEN had been in force (false: the attempt failed). */
  onLost(error: Error, established: boolean): void;
}

export interface Listening {
  client: pg.Client;
  /** Resolves once LISTEN is in force; rejects when the attempt failed (onLost has been told). */
  ready: Promise<void>;
}

export function listenOn(url: string, options: ListenOptions): Listening {
  const client = new pg.Client({
    connectionString: url,
    application_name: options.applicationName,
    keepAlive: true,
    connectionTimeoutMillis: 5_000,
  });
  let established = false;
  let gone = false;
  const lost = (error: Error) => {
    if (gone) return;
    gone = true;
    void client.end().catch(() => undefined);
    options.onLost(error, established);
  };
  client.on('error', lost);
  client.on('end', () => lost(new Error('the server ended it')));
  client.on('notification', (n) => {
    if (n.channel === options.channel && n.payload) options.onNotification(n.payload);
  });
  const ready = (async () => {
    try {
      await client.connect();
      await client.query(`LISTEN ${options.channel}`);
      established = true;
      // A TLSSocket is a Socket too.
      if (client.connection.stream instanceof Socket) client.connection.stream.unref();
    } catch (error) {
      lost(error instanceof Error ? error : new Error(String(error)));
      throw error;
    }
  })();
  return { client, ready };
}
