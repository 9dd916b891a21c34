/**
 * A loopback TCP proxy in front of the service that cuts an answer stream at a chosen byte of the
 * response: the bytes of the ClientAsk response up to `at` reach the client, then the client's
 * connection is destroyed. What happens upstream is the fault's kind:
 * - `lost`: the service's side stays open and is read to its end, as when a visitor's network
 *   vanishes — the service never learns of it and finishes the answer;
 * - `closed`: the service's side is closed too, as when the visitor's browser closes the connection
 *   (Stop, a closed tab) — the service sees the disconnect.
 * A plan is armed by a request that starts with `POST /chat/Chat/ClientAsk`; each plan cuts once.
 */
import { createServer, connect, type Socket } from 'node:net';
import type { AddressInfo } from 'node:net';

export interface Cut {
  /** Response bytes (status line and headers included) that reach the client. */
  at: number;
  kind: 'lost' | 'closed';
}

export interface CutProxy {
  origin: string;
  /** The next ClientAsk is cut as planned; later ones pass. */
  plan(cut: Cut): void;
  /** Whether the planned cut happened (false when the response was shorter than `at`). */
  readonly lastCutHappened: boolean;
  /** The bytes of the last ClientAsk response that reached the client (all of it, when uncut). */
  readonly lastAskBytes: number;
  /** Of those, the status line and headers (up to the blank line). */
  readonly lastAskHeadBytes: number;
  /** ClientAsk requests that came through, in all. */
  readonly asks: number;
  /** Ends every connection (so that the next request opens a new one). */
  reset(): void;
  close(): Promise<void>;
}

export async function startCutProxy(target: string): Promise<CutProxy> {
  const { hostname, port } = new URL(target);
  const sockets = new Set<Socket>();
  let planned: Cut | null = null;
  let happened = false;
  let askBytes = 0;
  let headBytes = 0;
  let asks = 0;

  const server = createServer((client) => {
    const upstream = connect(Number(port), hostname);
    sockets.add(client).add(upstream);
    client.once('close', () => sockets.delete(client));
    upstream.once('close', () => sockets.delete(upstream));
    client.on('error', () => upstream.destroy());
    upstream.on('error', () => client.destroy());
    /** The cut armed on this connection, and the response bytes passed since its request. */
    let cut: Cut | null = null;
    let passed = 0;
    let severed = false;

    let asking = false;
    /** The response's first bytes, until its head is complete. */
    let head = '';
    client.on('data', (chunk: Buffer) => {
      const startsAsk = chunk.subarray(0, 32).toString('latin1').startsWith('POST /chat/Chat/ClientAsk');
      if (/^[A-Z]+ \//.test(chunk.subarray(0, 16).toString('latin1')))
        [asking, passed, askBytes, head] = [startsAsk, 0, 0, ''];
      if (startsAsk) asks++;
      if (planned && startsAsk) [cut, planned] = [planned, null];
      upstream.write(chunk);
    });
    client.on('end', () => upstream.end());
    upstream.on('data', (chunk: Buffer) => {
      if (asking && !head.includes('\r\n\r\n')) {
        head += chunk.toString('latin1');
        if (head.includes('\r\n\r\n')) headBytes = head.indexOf('\r\n\r\n') + 4;
      }
      if (severed) return; // `lost`: read and dropped
      if (!cut || passed + chunk.length <= cut.at) {
        passed += chunk.length;
        if (asking) askBytes = passed;
        client.write(chunk);
        return;
      }
      client.write(chunk.subarray(0, cut.at - passed));
      askBytes = cut.at;
      severed = true;
      happened = true;
      // Abruptly, as a network does: no FIN the client could read as a clean end.
      client.resetAndDestroy();
      if (cut.kind === 'closed') upstream.destroy();
    });
    upstream.on('end', () => (severed ? upstream.end() : client.end()));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    origin: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    plan(cut) {
      planned = cut;
      happened = false;
    },
    get lastCutHappened() {
      return happened;
    },
    get lastAskBytes() {
      return askBytes;
    },
    get lastAskHeadBytes() {
      return headBytes;
    },
    get asks() {
      return asks;
    },
    reset() {
      for (const s of sockets) s.destroy();
      sockets.clear();
    },
    close() {
      for (const s of sockets) s.destroy();
      return new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
