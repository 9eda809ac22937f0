/**
 * A forward of any port, published or not, on any engine, through the engine's own API: berth
 * listens on 127.0.0.1 here, and carries each connection to a throwaway helper container that
 * shares the target's network namespace (`NetworkMode: container:<id>`, as the debug shell
 * does), where an exec of busybox `nc 127.0.0.1 PORT` connects to the port, its stdin and output
 * streamed over the hijacked exec connection. Nothing listens on the engine's host.
 *
 * The helper runs `cat` with its stdin held open by berth's attach (`-i`, StdinOnce): when that
 * connection goes — the forward cancelled, berth quitting, berth killed, the ssh link gone — its
 * stdin closes, `cat` ends and the engine removes it (AutoRemove); berth also removes it itself.
 *
 * A new exec costs two requests and a process start in the container (tens of ms): a few are
 * kept started ahead, each waiting for one line before it becomes `nc` (busybox `read` takes
 * its input a byte at a time, so nothing past the line is lost), and a connection takes one.
 */
import net from 'node:net';
import type { Duplex } from 'node:stream';
import type { EngineClient } from '../../engine/client.ts';
import { describeError, isEngineError } from '../../engine/errors.ts';
import { demultiplex } from '../../engine/streams/multiplexed.ts';

/** The label that names the container a forward's helper was made for. */
export const FORWARD_LABEL = 'org.berth.forward-for';

/**
 * Execs kept started ahead of the connections. Over ssh each one holds a session on the one
 * login (sshd allows 10 by default, MaxSessions, and berth's own connections use some): one.
 */
export function warmExecs(client: EngineClient): number {
  return client.endpoint.kind === 'ssh' ? 1 : 3;
}

export interface RelayFigures {
  open: number;
  total: number;
  /** Bytes from here to the container, and back. */
  sent: number;
  received: number;
  /** The last connection's failure (the target refused it, the helper went), in its own words. */
  error?: string;
}

export interface RelayOptions {
  /** Creates, attaches and starts the helper (the action log's client: one `docker run` entry). */
  logged: EngineClient;
  /** Runs each connection's exec (not logged one by one: the forward is the one action). */
  plain: EngineClient;
  image: string;
  targetId: string;
  port: number;
  /** The local port wanted; taken when free, else any free one. */
  localPort: number;
  onChange(figures: RelayFigures): void;
  /** The helper or the engine went: the forward cannot carry on. */
  onEnded(why: string): void;
}

interface Warm {
  stream: Promise<Duplex>;
}

export class Relay {
  readonly figures: RelayFigures = { open: 0, total: 0, sent: 0, received: 0 };
  private readonly abort = new AbortController();
  private readonly sockets = new Set<net.Socket>();
  private readonly warm: Warm[] = [];
  private helperId: string | undefined;
  private attach: Duplex | undefined;
  private server: net.Server | undefined;
  private stopping: Promise<void> | undefined;
  localPort = 0;

  private constructor(private readonly options: RelayOptions) {}

  /** Starts the helper and listens; rejects (everything undone) with the engine's words. */
  static async start(options: RelayOptions): Promise<Relay> {
    const relay = new Relay(options);
    try {
      await relay.begin();
      return relay;
    } catch (error) {
      await relay.stop();
      throw error;
    }
  }

  get helper(): string | undefined {
    return this.helperId;
  }

  private async begin(): Promise<void> {
    const { logged, image, targetId } = this.options;
    const signal = this.abort.signal;
    const made = await logged.createContainer(
      {
        Image: image,
        Cmd: ['cat'],
        OpenStdin: true,
        StdinOnce: true,
        AttachStdin: true,
        Labels: { [FORWARD_LABEL]: targetId },
        HostConfig: { NetworkMode: `container:${targetId}`, AutoRemove: true },
      },
      { signal },
    );
    this.helperId = made.Id;
    this.attach = await logged.attachContainer(made.Id, { stdin: true, signal });
    this.attach.on('error', () => undefined);
    this.attach.on('close', () => {
      if (!this.stopping) this.options.onEnded('the forward’s helper container ended');
    });
    // Its output (nothing: cat gets no input) is read so the connection never stalls.
    this.attach.resume();
    await logged.startContainer(made.Id, signal);
    this.server = await listen(this.options.localPort, (socket) => this.carry(socket));
    const address = this.server.address();
    this.localPort = typeof address === 'object' && address ? address.port : 0;
    for (let i = 0; i < warmExecs(this.options.plain); i++) this.warm.push(this.startExec());
  }

  /** An exec waiting for its line before it connects. */
  private startExec(): Warm {
    const { plain, port } = this.options;
    const helper = this.helperId ?? '';
    const signal = this.abort.signal;
    const stream = (async () => {
      const id = await plain.createExec(helper, { cmd: ['sh', '-c', `read -r _ && exec nc 127.0.0.1 ${port}`], tty: false, stdin: true, signal });
      return plain.startExec(id, signal, false);
    })();
    stream.catch(() => undefined);
    return { stream };
  }

  private carry(socket: net.Socket): void {
    if (this.stopping) return void socket.destroy();
    this.sockets.add(socket);
    this.figures.open += 1;
    this.figures.total += 1;
    this.changed();
    const taken = this.warm.shift() ?? this.startExec();
    if (!this.stopping) this.warm.push(this.startExec());
    socket.pause();
    let ended = false;
    const end = (error?: string) => {
      if (ended) return;
      ended = true;
      this.sockets.delete(socket);
      this.figures.open -= 1;
      if (error !== undefined) this.figures.error = error;
      this.changed();
    };
    socket.on('close', () => end());
    socket.on('error', () => undefined);
    taken.stream.then(
      (stream) => {
        if (socket.destroyed) return void stream.destroy();
        stream.on('error', () => socket.destroy());
        socket.on('close', () => stream.destroy());
        stream.write('\n');
        socket.on('data', (chunk: Buffer) => {
          this.figures.sent += chunk.length;
          if (!stream.write(chunk)) socket.pause();
        });
        stream.on('drain', () => socket.resume());
        // The client is done sending: so is nc (it then shuts its side of the connection).
        socket.on('end', () => stream.end());
        socket.resume();
        void this.pump(stream, socket).then(
          (error) => {
            if (error !== undefined) {
              end(error);
              socket.destroy();
            } else socket.end();
          },
          (error: unknown) => {
            end(describeError(error));
            socket.destroy();
          },
        );
      },
      (error: unknown) => {
        end(describeError(error));
        socket.destroy();
      },
    );
  }

  /** The container's side to the client; resolves with nc's complaint, if it made one. */
  private async pump(stream: Duplex, socket: net.Socket): Promise<string | undefined> {
    let complaint = '';
    for await (const chunk of demultiplex(stream, { operation: 'forward' })) {
      if (chunk.stream === 'stderr') {
        complaint = (complaint + chunk.data.toString('utf8')).slice(-500);
        continue;
      }
      this.figures.received += chunk.data.length;
      this.changedSoon();
      if (!socket.write(chunk.data)) await new Promise<void>((resolve) => socket.once('drain', resolve).once('close', resolve));
      if (socket.destroyed) break;
    }
    const said = complaint.trim();
    return said === '' ? undefined : said.split('\n').pop();
  }

  private pending: NodeJS.Timeout | undefined;

  /** Byte counts change with every chunk: told at most every 250 ms. */
  private changedSoon(): void {
    if (this.pending) return;
    this.pending = setTimeout(() => {
      this.pending = undefined;
      this.changed();
    }, 250);
    this.pending.unref();
  }

  private changed(): void {
    this.options.onChange({ ...this.figures });
  }

  /** Ends every connection, stops listening and removes the helper (once; later calls wait for the same). */
  stop(): Promise<void> {
    this.stopping ??= (async () => {
      if (this.pending) clearTimeout(this.pending);
      this.server?.close();
      for (const socket of this.sockets) socket.destroy();
      this.abort.abort();
      for (const warm of this.warm.splice(0)) void warm.stream.then((s) => s.destroy(), () => undefined);
      this.attach?.destroy();
      const helper = this.helperId;
      if (helper === undefined) return;
      try {
        await this.options.plain.removeContainer(helper, { force: true });
      } catch (error) {
        // AutoRemove got there first.
        if (!(isEngineError(error) && (error.code === 'NOT_FOUND' || error.status === 409))) throw error;
      }
    })();
    return this.stopping;
  }
}

/** Listens on 127.0.0.1:`port` (0, or taken: any free port); half-open, so a client's end still gets its answer. */
function listen(port: number, onSocket: (socket: net.Socket) => void): Promise<net.Server> {
  const attempt = (wanted: number) =>
    new Promise<net.Server>((resolve, reject) => {
      const server = net.createServer({ allowHalfOpen: true, noDelay: true }, onSocket);
      server.once('error', reject);
      server.listen(wanted, '127.0.0.1', () => {
        server.off('error', reject);
        server.on('error', () => undefined);
        resolve(server);
      });
    });
  return attempt(port).catch((error: unknown) => {
    if (port === 0 || (error as NodeJS.ErrnoException).code === undefined) throw error;
    return attempt(0);
  });
}
