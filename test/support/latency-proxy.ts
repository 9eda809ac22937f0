/**
 * A unix-socket proxy in front of the engine that makes it a remote engine: every chunk the
 * engine sends reaches berth `delayMs` later (in order), as over a link with that much added
 * round-trip latency. `hold()` stops the engine's answers altogether until `release()`: a test
 * can then check what berth does while it waits (draws, takes keys) without racing the network.
 */
import net from 'node:net';
import { listenInTempDir } from './unix-server.ts';

export interface LatencyProxy {
  socketPath: string;
  /** `unix://<socketPath>` */
  dockerHost: string;
  hold(): void;
  release(): void;
  close(): Promise<void>;
}

export async function startLatencyProxy(targetSocket: string, delayMs: number): Promise<LatencyProxy> {
  let held = false;
  const waiting = new Set<() => void>();

  const server = net.createServer((client) => {
    const upstream = net.connect({ path: targetSocket });
    const end = () => {
      client.destroy();
      upstream.destroy();
    };
    client.on('error', end).on('close', end);
    client.pipe(upstream);
    // Chunks (and the end) leave in order, each no earlier than delayMs after it arrived.
    let last = 0;
    const later = (deliver: () => void) => {
      const at = Math.max(Date.now() + delayMs, last);
      last = at;
      const send = () => {
        if (held) waiting.add(send);
        else if (!client.destroyed) deliver();
      };
      setTimeout(send, at - Date.now()).unref();
    };
    upstream.on('data', (chunk: Buffer) => later(() => client.write(chunk)));
    // The engine's end or failure reaches berth after the bytes before it, not at once.
    upstream.on('end', () => later(() => client.end()));
    upstream.on('error', () => later(end));
  });
  const listening = await listenInTempDir(server, 'berth-latency-');
  return {
    socketPath: listening.socketPath,
    dockerHost: `unix://${listening.socketPath}`,
    hold: () => {
      held = true;
    },
    release: () => {
      held = false;
      const queued = [...waiting];
      waiting.clear();
      for (const send of queued) send();
    },
    close: listening.close,
  };
}
