/**
 * A TCP proxy that slows one direction down, in front of the sandbox registry (which is local and
 * would otherwise deliver 24 MiB in a blink): tests use it so that a pull is still downloading
 * when they kill the engine, and `npm run demo` so that a person can watch a pull's bars move.
 * The engine reaches it as `127.0.0.1:<port>`, which it treats as an insecure registry like the
 * sandbox's own.
 */
import net from 'node:net';

export interface ThrottleProxy {
  port: number;
  /** `127.0.0.1:<port>`, for image references. */
  address: string;
  /** Bytes passed from the target to clients so far. */
  served(): number;
  close(): Promise<void>;
}

export interface ThrottleOptions {
  /**
   * One rate for all connections together (a pull's parallel layer downloads share it, as they
   * would share a slow link), rather than that rate for each connection.
   */
  shared?: boolean;
}

/**
 * How long to hold a connection after passing on a chunk, so that what passes keeps to the rate:
 * the chunk's own time on a connection of its own, or, on a shared link, until the link is free
 * again after every chunk passed before it.
 */
export class Pacer {
  /** When (ms) the shared link has sent all it was given. */
  private freeAt = 0;

  constructor(
    private readonly bytesPerSecond: number,
    private readonly shared = false,
  ) {}

  holdMs(bytes: number, nowMs: number): number {
    const takes = (bytes / this.bytesPerSecond) * 1000;
    if (!this.shared) return Math.ceil(takes);
    this.freeAt = Math.max(this.freeAt, nowMs) + takes;
    return Math.ceil(this.freeAt - nowMs);
  }
}

/** Answers from `target` ("host:port") reach clients at about `bytesPerSecond`; requests pass as they are. */
export async function startThrottleProxy(target: string, bytesPerSecond: number, options: ThrottleOptions = {}): Promise<ThrottleProxy> {
  const colon = target.lastIndexOf(':');
  const host = target.slice(0, colon);
  const port = Number(target.slice(colon + 1));
  const pacer = new Pacer(bytesPerSecond, options.shared);
  const sockets = new Set<net.Socket>();
  let served = 0;
  const server = net.createServer((client) => {
    const upstream = net.connect({ host, port });
    sockets.add(client);
    sockets.add(upstream);
    const end = () => {
      client.destroy();
      upstream.destroy();
      sockets.delete(client);
      sockets.delete(upstream);
    };
    client.on('error', end).on('close', end);
    upstream.on('error', end).on('close', end);
    client.pipe(upstream);
    // Each chunk is passed on, then the upstream is paused for as long as that chunk "took".
    upstream.on('data', (chunk: Buffer) => {
      upstream.pause();
      client.write(chunk);
      served += chunk.length;
      setTimeout(() => upstream.resume(), pacer.holdMs(chunk.length, Date.now())).unref();
    });
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => resolve());
  });
  const { port: listening } = server.address() as net.AddressInfo;
  return {
    port: listening,
    address: `127.0.0.1:${listening}`,
    served: () => served,
    close: () =>
      new Promise<void>((resolve) => {
        for (const socket of sockets) socket.destroy();
        server.close(() => resolve());
      }),
  };
}
