/**
 * The one way berth hands the terminal to another program and takes it back: a shell or a command
 * with a terminal in a container (`e`, `x`), a container's own process (`A`, `docker run -it`, the
 * debug shell), the pager (`o`/`O` in the logs view), a custom action on the host.
 *
 * While the other program has the terminal, berth reads nothing from it. Ink lets go first (its
 * key listener off, raw mode and bracketed paste off, the alternate screen left); then stdin
 * itself stops reading: with Ink's listener gone Node's tty stream still has a read pending, and
 * of two processes reading one terminal the kernel gives each key to whichever it wakes first — a
 * `p` typed into less's search opened berth's pull dialog once berth was back, a `q` meant for
 * less quit berth. A program on the host (the pager, a custom action) gets the terminal in the
 * modes berth found it in (cooked, echoing), as from a shell, and sets its own; a container's
 * program is fed by berth itself, raw (terminal-pump.ts), and nothing else reads meanwhile.
 *
 * When the program is done: the modes it may have left on are reset, berth's screen is taken back
 * with the cursor at its top, everything typed until then (for the program, left unread when it
 * ended, or read by Node just before the hand-over) is thrown away, up to the terminal's answer to
 * a status query (terminal-answer.ts), and Ink takes the terminal back: raw mode, the alternate
 * screen, the mouse reports as they were (mouse-mode.ts), the whole frame drawn again.
 */
import type { TerminalControl } from '../ui/terminal-handle.tsx';
import { AnswerWatch, STATUS_QUERY } from './terminal-answer.ts';
import type { TerminalIo } from './terminal-pump.ts';

/** SGR reset, cursor shown, mouse reporting off, keypad and cursor keys normal (the screen is Ink's to switch). */
export const RESET_AFTER_HANDOVER = '\u001b[0m\u001b[?25h\u001b[?1000l\u001b[?1002l\u001b[?1003l\u001b[?1006l\u001b[?1l\u001b>';

/**
 * berth's alternate screen again, cleared, the cursor at its top: Ink redraws its frame from
 * where the cursor is, and the program may have left it anywhere (a pager that wrote on the
 * normal screen, a shell on the one the container got). The normal screen keeps its cursor
 * where the program left it, for when berth quits.
 */
const TAKE_SCREEN_BACK = '\u001b[?1049h\u001b[H\u001b[2J';

/**
 * How long to wait for the terminal's answer. Every terminal in use answers; a slow one (a loaded
 * machine, ssh across the world) may take long, and an answer that comes after the wait is given
 * up lands in whatever reads the terminal next — the next pager's keys, once (a CI run under load
 * saw it). So the wait is long until the terminal has once not answered at all, then short: one
 * that never answers costs the long wait once and the short one at each return after.
 */
const ANSWER_MS = 2000;
const SILENT_TERMINAL_MS = 300;

export interface HandOverOptions {
  /** Ink's hand-over of the terminal (with the mouse reports off meanwhile), once Ink is mounted. */
  terminal(): TerminalControl | undefined;
  /** False once berth is ending: nothing is handed over then, and nothing reported after. */
  running(): boolean;
  stdin: NodeJS.ReadStream;
  stdout: NodeJS.WriteStream;
  /** How long to wait for the terminal's answer before taking keys again anyway (else learned, see ANSWER_MS). */
  answerMs?: number;
}

export interface TerminalHandOver {
  /** True from the moment a hand-over is asked for until berth has the terminal back. */
  readonly active: boolean;
  /** Whether a hand-over could start now (none under way, berth not ending, Ink mounted). */
  readonly ready: boolean;
  /**
   * Gives the terminal to `work` for as long as it runs and takes it back. Resolves with what
   * `work` returned; undefined when the terminal could not be handed over (`ready` was false) or
   * berth ended meanwhile. Rejects as `work` does, once the terminal is back.
   */
  run<T>(work: (io: TerminalIo) => Promise<T>): Promise<T | undefined>;
  /**
   * The same, with `prepare` first while berth still shows its screen (an attach the engine
   * refuses is said there): no other hand-over can start meanwhile, and if it rejects the
   * terminal is never let go of.
   */
  runPrepared<P, T>(prepare: () => Promise<P>, work: (io: TerminalIo, prepared: P) => Promise<T>): Promise<T | undefined>;
}

export function createHandOver(options: HandOverOptions): TerminalHandOver {
  const { stdin, stdout } = options;
  let active = false;
  /** The terminal let a wait for its answer pass without one: it is not waited for long again. */
  let silent = false;
  const ready = () => !active && options.running() && options.terminal() !== undefined;

  const runPrepared = async <P, T>(prepare: () => Promise<P>, work: (io: TerminalIo, prepared: P) => Promise<T>): Promise<T | undefined> => {
    if (!ready()) return undefined;
    active = true;
    try {
      const prepared = await prepare();
      const terminal = options.terminal();
      if (!terminal || !options.running()) return undefined;
      let result: T | undefined;
      await terminal.suspend(async () => {
        await stopReading(stdin);
        try {
          result = await work({ stdin, stdout }, prepared);
        } finally {
          // Berth ending meanwhile has given the terminal back already: leave its modes alone.
          if (options.running()) {
            stdout.write(RESET_AFTER_HANDOVER + TAKE_SCREEN_BACK);
            const answered = await discardTyped(stdin, stdout, options.answerMs ?? (silent ? SILENT_TERMINAL_MS : ANSWER_MS));
            if (answered === false) silent = true;
          }
        }
      });
      return options.running() ? result : undefined;
    } finally {
      active = false;
    }
  };

  return {
    get active() {
      return active;
    },
    get ready() {
      return ready();
    },
    run: (work) => runPrepared(() => Promise.resolve(undefined), (io) => work(io)),
    runPrepared,
  };
}

/** One turn of the event loop. */
const nextTurn = () => new Promise<void>((resolve) => setImmediate(resolve));

/**
 * Makes stdin stop reading the terminal, and drops what it read that Ink had not taken yet (typed
 * for berth's screen, not for the program). Node's stdin stops its pending read when paused while
 * nobody consumes it (its own 'pause' handler); the stream notices that the last listener is gone
 * a tick after it was taken off, so the pause waits a turn.
 */
export async function stopReading(stdin: NodeJS.ReadStream): Promise<void> {
  await nextTurn();
  while (stdin.readableLength > 0 && stdin.read() !== null);
  stdin.pause();
  await nextTurn();
}

/**
 * Reads and drops what was typed until the terminal answers the status query (or `waitMs` has
 * passed: a terminal that does not answer); what came after the answer is left for Ink to read.
 * Says whether the answer came (undefined: no terminal to ask).
 * Raw mode first: a cooked terminal would echo the answer and hold it until a newline.
 */
export async function discardTyped(stdin: NodeJS.ReadStream, stdout: NodeJS.WriteStream, waitMs: number): Promise<boolean | undefined> {
  if (!stdin.isTTY) return undefined;
  stdin.setRawMode(true);
  const watch = new AnswerWatch();
  return new Promise<boolean>((resolve) => {
    const done = (rest: string | undefined) => {
      clearTimeout(timer);
      stdin.off('readable', onReadable);
      if (rest) stdin.unshift(rest);
      resolve(rest !== undefined);
    };
    const onReadable = () => {
      let chunk: string | Buffer | null;
      while ((chunk = stdin.read() as string | Buffer | null) !== null) {
        const seen = watch.feed(typeof chunk === 'string' ? chunk : chunk.toString('utf8'));
        if (seen.found) {
          done(seen.rest);
          return;
        }
      }
    };
    const timer = setTimeout(() => done(undefined), waitMs);
    stdin.on('readable', onReadable);
    stdout.write(STATUS_QUERY);
  });
}
