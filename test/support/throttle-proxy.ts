/**
 * A TCP proxy that slows one direction down: tests put it in front of the sandbox registry so
 * that a pull is still downloading when they kill the engine (the registry is local and would
 * otherwise deliver 24 MiB in a blink). The engine reaches it as `127.0.0.1:<port>`, which it
 * treats as an insecure registry like the sandbox's own.
 */
import net from 'node:net';

export interface ThrottleProxy {
  port: number;
  /** `127.0.0.1:<port>`, for image references. */
  address: string;
  close(): Promise<void>;
}

/** Answers from `target` ("host:port") reach clients at about `bytesPerSecond`; requests pass as they are. */
export async function startThrottleProxy(target: string, bytesPerSecond: number): Promise<ThrottleProxy> {
  const colon = target.lastIndexOf(':');
  const host = target.slice(0, colon);
  const port = Number(target.slice(colon + 1));
  const sockets = new Set<net.Socket>();
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
      setTimeout(() => upstream.resume(), Math.ceil((chunk.length / bytesPerSecond) * 1000)).unref();
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
    close: () =>
      new Promise<void>((resolve) => {
        for (const socket of sockets) socket.destroy();
        server.close(() => resolve());
      }),
  };
}
