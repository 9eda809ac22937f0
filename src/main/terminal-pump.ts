/**
 * The terminal handed to a container (a shell from `e`, an attach, a `docker run -it`): berth's
 * screen steps aside, the user's keys go to the container and its output to the terminal, until
 * the stream ends, something else says the process ended (the exec's inspect, the run's wait),
 * or the user detaches (Ctrl-P Ctrl-Q, with a TTY). This is the one place where bytes from a
 * container reach the terminal unfiltered: the user asked for that container's terminal, as they
 * would with `docker exec -it`.
 *
 * The container gets the alternate screen, cleared, so the normal screen keeps what was there
 * before berth: quitting berth later leaves the terminal as it was (ScreenSwitches clears the
 * normal screen when a program in the container ended on it). It runs inside the one hand-over of
 * the terminal (hand-over.ts), which resets the modes a program may have left on (colours, mouse
 * reporting, a hidden cursor) and drops what was typed and not read before berth draws again.
 */
import type { Duplex } from 'node:stream';
import { demultiplex } from '../engine/streams/multiplexed.ts';
import { DetachWatch } from './detach-keys.ts';
import { LineInput } from './line-input.ts';
import { ScreenSwitches } from './screen-switches.ts';

export interface TerminalIo {
  stdin: NodeJS.ReadStream;
  stdout: NodeJS.WriteStream;
}

export interface PumpOptions {
  /** The container's side has a TTY: raw bytes both ways. Without one the output is multiplexed and berth edits the line (LineInput). */
  tty: boolean;
  /** Ctrl-P Ctrl-Q gives the terminal back to berth (attach and run; not a shell, as with docker exec). */
  detachKeys: boolean;
  /** The line shown first, on the cleared screen. */
  banner: string;
  resize(size: { rows: number; columns: number }): Promise<void>;
  /** Ctrl-C without a TTY: the CLI's signal proxy sends the container SIGINT. */
  interrupt?(): void;
  /** Resolves when the process is known to have ended however the stream behaves (a half-open one never closes). */
  ended?: Promise<unknown>;
}

export type PumpEnd = 'ended' | 'detached';

/** Clears the screen the container gets: the alternate one, so the normal screen is left alone. */
const TAKE_SCREEN = '\u001b[?1049h\u001b[H\u001b[2J';
/** Once the process is known to have ended, how long its last output may still take to arrive. */
const DRAIN_MS = 500;

export async function pumpTerminal(socket: Duplex, io: TerminalIo, options: PumpOptions): Promise<PumpEnd> {
  const { stdin, stdout } = io;
  const screens = new ScreenSwitches();
  const detach = options.detachKeys ? new DetachWatch() : undefined;
  const line = options.tty ? undefined : new LineInput(stdout);
  const size = () => ({ rows: stdout.rows || 24, columns: stdout.columns || 80 });
  let finish: (how: PumpEnd) => void = () => undefined;
  const done = new Promise<PumpEnd>((resolve) => (finish = resolve));

  stdout.write(TAKE_SCREEN + options.banner + '\r\n');
  await options.resize(size()).catch(() => undefined);

  const send = (bytes: Buffer) => {
    if (bytes.length > 0 && !socket.destroyed && socket.writable) socket.write(bytes);
  };
  // The same way Ink reads: 'readable', so the stream is left as Ink expects it when berth returns.
  const onReadable = () => {
    let read: Buffer | string | null;
    while ((read = stdin.read() as Buffer | string | null) !== null) {
      // Ink reads the terminal as UTF-8 text; the detach keys and the line editing count bytes.
      const chunk = typeof read === 'string' ? Buffer.from(read, 'utf8') : read;
      const watched = detach ? detach.feed(chunk) : { send: chunk, detached: false };
      if (line) {
        const typed = line.feed(watched.send);
        send(typed.send);
        if (typed.interrupt) options.interrupt?.();
        if (typed.close && socket.writable) socket.end();
      } else send(watched.send);
      if (watched.detached) finish('detached');
    }
  };
  const onResize = () => void options.resize(size()).catch(() => undefined);
  if (stdin.isTTY) stdin.setRawMode(true);
  stdin.ref();
  stdin.on('readable', onReadable);
  stdout.on('resize', onResize);
  // A write to a connection the engine has closed must not become an uncaught error.
  const onError = () => undefined;
  socket.on('error', onError);

  // The output until the stream's read side ends: over ssh the connection stays half-open
  // (`dial-stdio` waits for its stdin), so the end of reading is the end, not 'close'.
  void (async () => {
    try {
      const chunks: AsyncIterable<Uint8Array | { data: Buffer }> = options.tty ? socket : demultiplex(socket);
      for await (const piece of chunks) {
        const bytes = Buffer.isBuffer(piece) ? piece : 'data' in piece ? piece.data : Buffer.from(piece);
        screens.see(bytes);
        stdout.write(bytes);
      }
    } catch {
      // A cut connection ends the session like an ended stream.
    }
    finish('ended');
  })();
  let drain: NodeJS.Timeout | undefined;
  options.ended?.then(
    () => (drain = setTimeout(() => finish('ended'), DRAIN_MS)),
    () => undefined,
  );

  try {
    return await done;
  } finally {
    clearTimeout(drain);
    stdin.off('readable', onReadable);
    stdout.off('resize', onResize);
    if (stdin.isTTY) stdin.setRawMode(false);
    socket.destroy();
    socket.off('error', onError);
    // A program that switched to the normal screen and ended there wrote on it: clear it. (The
    // modes it may have left on are reset by the hand-over, hand-over.ts, as for any program.)
    if (!screens.onAlternate) stdout.write('\u001b[H\u001b[2J');
  }
}
