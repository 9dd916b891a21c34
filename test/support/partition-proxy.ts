/**
 * A loopback TCP proxy between the service and its PostgreSQL that a test can cut off, as a
 * network partition does: while partitioned, bytes in either direction are dropped and new
 * connections are accepted but lead nowhere — nothing is refused or reset, the other side just
 * stops answering. Healing lets new connections through again and ends the ones that lived through
 * the partition (by then the service has given up on them: its statement and connect timeouts).
 */
import { connect, createServer, type AddressInfo, type Socket } from 'node:net';

export interface PartitionProxy {
  port: number;
  partition(): void;
  heal(): void;
  close(): Promise<void>;
}

export async function startPartitionProxy(targetPort: number): Promise<PartitionProxy> {
  let cut = false;
  const pairs = new Set<[Socket, Socket | null]>();
  const server = createServer((client) => {
    const pair: [Socket, Socket | null] = [client, null];
    pairs.add(pair);
    client.on('error', () => undefined);
    client.on('close', () => {
      pair[1]?.destroy();
      pairs.delete(pair);
    });
    if (cut) return client.resume(); // read and dropped: a server that never answers
    const upstream = connect(targetPort, '127.0.0.1');
    pair[1] = upstream;
    upstream.on('error', () => client.destroy());
    upstream.on('close', () => client.destroy());
    client.on('data', (chunk) => cut || upstream.write(chunk));
    upstream.on('data', (chunk) => cut || client.write(chunk));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    port: (server.address() as AddressInfo).port,
    partition: () => void (cut = true),
    heal: () => {
      cut = false;
      for (const [client, upstream] of pairs) {
        client.destroy();
        upstream?.destroy();
      }
    },
    close: async () => {
      for (const [client, upstream] of pairs) {
        client.destroy();
        upstream?.destroy();
      }
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
