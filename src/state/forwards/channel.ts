/**
 * One exec in a forward's helper that carries connections one after another, so a connection
 * seldom waits for an exec to be made (two requests and a process start in the container, tens
 * of ms, hundreds on a busy engine). The exec runs a loop in busybox sh:
 *
 *     while read -r _; do nc 127.0.0.1 PORT; printf %s TOKEN; done
 *
 * A connection starts with one line ("\n": busybox `read` takes its input a byte at a time, so
 * nothing past the line is lost); then its bytes go to nc's stdin as they are, and nc's stdout
 * comes back to the client. When the server closes, nc exits and the loop writes TOKEN (random,
 * per forward) on stdout after nc's last byte: the connection ends there, and the exec waits for
 * the next. A client that ends its side first ends the exec's stdin (nc passes that on as a half
 * close); that exec then ends after this connection, as does one whose client sent more after the
 * answer had begun (bytes a server leaves unread would otherwise reach the next connection).
 */
import type net from 'node:net';
import type { Duplex } from 'node:stream';
import { describeError } from '../../engine/errors.ts';
import { demultiplex } from '../../engine/streams/multiplexed.ts';

export interface ChannelEvents {
  sent(bytes: number): void;
  received(bytes: number): void;
  /** A connection ended badly: nc's or the engine's words. */
  failed(error: string): void;
  /** Free for the next connection. */
  idle(channel: Channel): void;
  /** The exec ended: it carries nothing more. */
  gone(channel: Channel): void;
}

/** The loop the exec runs (`token`: letters and digits only). */
export function channelScript(port: number, token: string): string {
  return `while read -r _; do nc 127.0.0.1 ${port}; printf %s ${token}; done`;
}

/** How many bytes at the end of `data` could begin `token` (held until the next piece says). */
export function tokenPrefixAtEnd(data: Buffer, token: Buffer): number {
  for (let k = Math.min(token.length - 1, data.length); k > 0; k--) {
    if (data.subarray(data.length - k).equals(token.subarray(0, k))) return k;
  }
  return 0;
}

export class Channel {
  private socket: net.Socket | undefined;
  private held: Buffer = Buffer.alloc(0);
  private complaint = '';
  /** The exec's stdin was ended: it ends after the connection it carries. */
  private inputEnded = false;
  private answered = false;
  private interleaved = false;
  private stream: Duplex | undefined;
  gone = false;

  constructor(
    private readonly opened: Promise<Duplex>,
    private readonly token: Buffer,
    private readonly events: ChannelEvents,
  ) {
    opened.then(
      (stream) => {
        this.stream = stream;
        stream.on('error', () => undefined);
        stream.on('drain', () => this.socket?.resume());
        void this.run(stream);
      },
      (error: unknown) => this.end(describeError(error)),
    );
  }

  /** Carries `socket` (paused) once the exec is up. */
  carry(socket: net.Socket): void {
    this.socket = socket;
    this.answered = false;
    this.interleaved = false;
    this.opened.then(
      (stream) => {
        if (this.socket !== socket) return;
        socket.on('data', (chunk: Buffer) => {
          if (this.socket !== socket) return;
          this.events.sent(chunk.length);
          if (this.answered) this.interleaved = true;
          if (!stream.write(chunk)) socket.pause();
        });
        // Its client is done sending (or gone): nc gets the end of its input.
        const endInput = () => {
          if (this.socket !== socket || this.inputEnded) return;
          this.inputEnded = true;
          stream.end();
        };
        socket.on('end', endInput);
        socket.on('close', endInput);
        stream.write('\n');
        socket.resume();
      },
      () => undefined,
    );
  }

  /** Ends the exec (its input closed; the forward is ending, or there are idle ones enough). */
  close(): void {
    this.inputEnded = true;
    this.stream?.destroy();
  }

  private async run(stream: Duplex): Promise<void> {
    try {
      for await (const chunk of demultiplex(stream, { operation: 'forward' })) {
        if (chunk.stream === 'stderr') this.complaint = (this.complaint + chunk.data.toString('utf8')).slice(-500);
        else await this.feed(chunk.data);
      }
      await this.deliver(this.held);
      this.end(undefined);
    } catch (error) {
      this.end(describeError(error));
    }
  }

  private async feed(data: Buffer): Promise<void> {
    let piece = this.held.length > 0 ? Buffer.concat([this.held, data]) : data;
    this.held = Buffer.alloc(0);
    for (let at = piece.indexOf(this.token); at >= 0; at = piece.indexOf(this.token)) {
      await this.deliver(piece.subarray(0, at));
      this.connectionEnded();
      piece = piece.subarray(at + this.token.length);
    }
    const keep = tokenPrefixAtEnd(piece, this.token);
    await this.deliver(piece.subarray(0, piece.length - keep));
    if (keep > 0) this.held = Buffer.from(piece.subarray(piece.length - keep));
  }

  private async deliver(bytes: Buffer): Promise<void> {
    const socket = this.socket;
    if (!socket || bytes.length === 0) return;
    this.answered = true;
    this.events.received(bytes.length);
    if (socket.destroyed || socket.write(bytes)) return;
    await new Promise<void>((resolve) => socket.once('drain', resolve).once('close', resolve));
  }

  /** The connection's server closed (nc exited): end it here, and take the next if this exec may. */
  private connectionEnded(): void {
    const socket = this.socket;
    this.socket = undefined;
    const said = this.complaint.trim().split('\n').pop();
    this.complaint = '';
    if (socket) {
      if (said) {
        this.events.failed(said);
        socket.destroy();
      } else socket.end();
    }
    if (this.inputEnded || this.interleaved || this.gone) {
      this.close();
      return;
    }
    this.events.idle(this);
  }

  private end(error: string | undefined): void {
    if (this.gone) return;
    this.gone = true;
    const socket = this.socket;
    this.socket = undefined;
    const said = error ?? (this.complaint.trim().split('\n').pop() || undefined);
    if (socket) {
      if (said) {
        this.events.failed(said);
        socket.destroy();
      } else socket.end();
    }
    this.events.gone(this);
  }
}
