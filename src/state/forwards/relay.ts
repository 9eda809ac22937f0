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
 * A new exec costs two requests and a process start in the container (tens of ms, hundreds on a
 * busy engine): each exec carries connections one after another (channel.ts), and a few wait
 * started ahead, so a connection seldom waits for one.
 */
import net from 'node:net';
import type { Duplex } from 'node:stream';
import type { EngineClient } from '../../engine/client.ts';
import { isEngineError } from '../../engine/errors.ts';
import { Channel, channelScript } from './channel.ts';

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

export class Relay {
  readonly figures: RelayFigures = { open: 0, total: 0, sent: 0, received: 0 };
  private readonly abort = new AbortController();
  private readonly sockets = new Set<net.Socket>();
  /** Execs waiting for a connection (some still starting), and every exec alive. */
  private idle: Channel[] = [];
  private readonly channels = new Set<Channel>();
  private readonly warm: number;
  /** Ends a connection in the exec's output (channel.ts): random, so no server's bytes hold it. */
  // crypto on the first forward, not as the bundle loads (a first screen needs none of it).
  private readonly token = `berthend${process.getBuiltinModule('node:crypto').randomBytes(12).toString('hex')}`;
  private helperId: string | undefined;
  private attach: Duplex | undefined;
  private server: net.Server | undefined;
  private stopping: Promise<void> | undefined;
  localPort = 0;

  private constructor(private readonly options: RelayOptions) {
    this.warm = warmExecs(options.plain);
  }

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
      if (this.stopping) return;
      // The helper went (removed by hand, the engine restarted, berth switched engines): nothing
      // here listens for a forward that can no longer carry anything.
      this.server?.close();
      this.options.onEnded('the forward’s helper container ended');
    });
    // Its output (nothing: cat gets no input) is read so the connection never stalls.
    this.attach.resume();
    await logged.startContainer(made.Id, signal);
    this.server = await listen(this.options.localPort, (socket) => this.carry(socket));
    const address = this.server.address();
    this.localPort = typeof address === 'object' && address ? address.port : 0;
    for (let i = 0; i < this.warm; i++) this.idle.push(this.openChannel());
  }

  /** A new exec in the helper, carrying connections one after another (channel.ts). */
  private openChannel(): Channel {
    const { plain, port } = this.options;
    const helper = this.helperId ?? '';
    const signal = this.abort.signal;
    const opened = (async () => {
      const id = await plain.createExec(helper, { cmd: ['sh', '-c', channelScript(port, this.token)], tty: false, stdin: true, signal });
      return plain.startExec(id, signal, false);
    })();
    const channel = new Channel(opened, Buffer.from(this.token), {
      sent: (bytes) => {
        this.figures.sent += bytes;
        this.changedSoon();
      },
      received: (bytes) => {
        this.figures.received += bytes;
        this.changedSoon();
      },
      failed: (error) => {
        this.figures.error = error;
        this.changed();
      },
      idle: (free) => {
        // Enough wait already: this one ends.
        if (this.stopping || this.idle.length >= this.warm) free.close();
        else this.idle.push(free);
      },
      gone: (ended) => {
        this.channels.delete(ended);
        this.idle = this.idle.filter((c) => c !== ended);
      },
    });
    this.channels.add(channel);
    return channel;
  }

  private carry(socket: net.Socket): void {
    if (this.stopping) return void socket.destroy();
    socket.pause();
    socket.setNoDelay(true);
    socket.on('error', () => undefined);
    this.sockets.add(socket);
    this.figures.open += 1;
    this.figures.total += 1;
    socket.once('close', () => {
      this.sockets.delete(socket);
      this.figures.open -= 1;
      this.changed();
    });
    this.changed();
    const channel = this.idle.shift() ?? this.openChannel();
    // One waits for the next connection (the one taken comes back once its connection ends).
    if (this.idle.length === 0) this.idle.push(this.openChannel());
    channel.carry(socket);
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
        this.abort.abort();
      for (const socket of this.sockets) socket.destroy();
      for (const channel of [...this.channels]) channel.close();
      this.idle = [];
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
