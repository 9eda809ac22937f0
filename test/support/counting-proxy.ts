/**
 * A unix-socket proxy in front of the engine that counts what berth has open there: each
 * connection's request in flight, read off the request lines berth sends. A followed log stream
 * holds its connection until it ends, so the open `GET /containers/<id>/logs?…follow=1`
 * connections are the streams open right now, counted on the engine's side of berth.
 */
import net from 'node:net';
import { listenInTempDir } from './unix-server.ts';

export interface CountingProxy {
  socketPath: string;
  /** `unix://<socketPath>` */
  dockerHost: string;
  /** The container ids of the followed log streams open now, one per connection. */
  followedLogs(): string[];
  /** Every followed log stream opened so far (their container ids, in order). */
  opened(): string[];
  close(): Promise<void>;
}

const REQUEST = /(?:^|\r\n)(GET|POST|HEAD|PUT|DELETE) (\S+) HTTP\/1\.[01]\r\n/g;
const FOLLOWED_LOGS = /\/containers\/([^/?]+)\/logs\?(?:.*&)?follow=(?:1|true)(?:&|$)/;

export async function startCountingProxy(targetSocket: string): Promise<CountingProxy> {
  const inFlight = new Map<net.Socket, string | undefined>();
  const opened: string[] = [];
  const server = net.createServer((client) => {
    const upstream = net.connect({ path: targetSocket });
    inFlight.set(client, undefined);
    const end = () => {
      inFlight.delete(client);
      client.destroy();
      upstream.destroy();
    };
    client.on('error', end).on('close', end);
    upstream.on('error', end).on('close', end);
    client.on('data', (chunk: Buffer) => {
      // The last request line in the chunk is the one in flight on this connection (keep-alive reuses it).
      for (const [, , path] of chunk.toString('latin1').matchAll(REQUEST)) {
        const followed = FOLLOWED_LOGS.exec(path ?? '')?.[1];
        inFlight.set(client, followed);
        if (followed !== undefined) opened.push(followed);
      }
    });
    client.pipe(upstream);
    upstream.pipe(client);
  });
  const listening = await listenInTempDir(server, 'berth-count-');
  return {
    socketPath: listening.socketPath,
    dockerHost: `unix://${listening.socketPath}`,
    followedLogs: () => [...inFlight.values()].filter((id): id is string => id !== undefined),
    opened: () => [...opened],
    close: listening.close,
  };
}
