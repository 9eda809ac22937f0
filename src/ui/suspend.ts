/**
 * Ctrl-Z, as every terminal program has it: berth gives the terminal back to the shell (normal
 * screen, cooked mode, bracketed paste off, cursor shown), stops, and when continued (`fg`) takes
 * the terminal again and draws the whole screen, as vim and less do. `kill -TSTP` from outside
 * does the same, and a SIGCONT after an outside SIGSTOP (which nobody can catch) redraws.
 *
 * In raw mode the terminal sends Ctrl-Z as a byte (0x1a) instead of raising SIGTSTP, so berth
 * picks that byte out of its input before anything else sees it: it suspends from any screen,
 * dialogs and fields included, like Ctrl-C quits from any screen. Inside a bracketed paste the
 * byte is text, and while a shell in a container has the terminal it is that shell's.
 */
import { enterFullscreen, isFullscreen, leaveFullscreen } from './terminal.ts';

const CTRL_Z = '\u001a';
const PASTE_START = '\u001b[200~';
const PASTE_END = '\u001b[201~';
const HIDE_CURSOR = '\u001b[?25l';

export interface SuspendOptions {
  stdin: NodeJS.ReadStream;
  stdout: NodeJS.WriteStream;
  /** Whether Ctrl-Z is berth's now (false while a shell in a container has the terminal). */
  enabled: () => boolean;
  /** Draws the whole screen again (Ink's frame) once berth has the terminal back. */
  repaint: () => void;
  /** Stops the process group (tests replace it); the default sends SIGTSTP as the terminal would. */
  stop?: () => void;
}

/** What the terminal was like before berth let go of it, to be put back exactly so. */
interface Held {
  raw: boolean;
  fullscreen: boolean;
}

/** Installs the Ctrl-Z and signal handling; returns a function that removes it again. */
export function installSuspend(options: SuspendOptions): () => void {
  const { stdin, stdout } = options;
  const stop = options.stop ?? stopProcessGroup;
  let suspending = false;
  /** A SIGCONT that is the end of our own suspend, already redrawn for. */
  let ownContinue = false;
  let inPaste = false;

  const release = (): Held => {
    const held = { raw: stdin.isTTY === true && stdin.isRaw, fullscreen: isFullscreen() };
    if (held.fullscreen) leaveFullscreen(stdout);
    if (held.raw) stdin.setRawMode(false);
    return held;
  };

  const take = (held: Held): void => {
    if (held.raw) {
      // libuv skips a mode it believes is set already, and the shell may have changed it meanwhile.
      stdin.setRawMode(false);
      stdin.setRawMode(true);
    }
    if (held.fullscreen) {
      enterFullscreen(stdout);
      stdout.write(HIDE_CURSOR);
      options.repaint();
    }
  };

  const suspend = (): void => {
    if (suspending) return;
    suspending = true;
    const held = release();
    // Without a handler SIGTSTP stops the process: take ours off for the moment of the stop.
    process.off('SIGTSTP', onSignal);
    try {
      ownContinue = true;
      stop(); // returns once continued (or at once in an orphaned process group, where the kernel ignores it)
    } finally {
      process.on('SIGTSTP', onSignal);
      suspending = false;
      take(held);
      // The SIGCONT event, if one comes, arrives after this; it needs no second repaint.
      setTimeout(() => (ownContinue = false), 500).unref();
    }
  };

  const onSignal = () => suspend();
  const onContinue = () => {
    if (ownContinue) {
      ownContinue = false;
      return;
    }
    // Continued after a SIGSTOP we could not see coming: the modes may have been changed and the
    // screen written over (the shell's "Stopped"); put both right.
    take({ raw: stdin.isTTY === true && stdin.isRaw, fullscreen: isFullscreen() });
  };

  const originalRead = stdin.read.bind(stdin);
  const read = (size?: number): string | Buffer | null => {
    for (;;) {
      const chunk = originalRead(size) as string | Buffer | null;
      if (chunk === null || !options.enabled()) return chunk;
      const text = typeof chunk === 'string' ? chunk : chunk.toString('utf8');
      const { kept, found, paste } = pickCtrlZ(text, inPaste);
      inPaste = paste;
      if (!found) return chunk;
      setImmediate(suspend);
      // The keys around it still count; a chunk that was only Ctrl-Z is not a key at all.
      if (kept !== '') return kept;
    }
  };
  stdin.read = read;
  process.on('SIGTSTP', onSignal);
  process.on('SIGCONT', onContinue);
  return () => {
    if (stdin.read === read) stdin.read = originalRead;
    process.off('SIGTSTP', onSignal);
    process.off('SIGCONT', onContinue);
  };
}

/**
 * Removes Ctrl-Z bytes from a chunk of input, outside bracketed pastes (`inPaste`: whether the
 * chunk starts inside one). Pure, for the tests.
 */
export function pickCtrlZ(text: string, inPaste: boolean): { kept: string; found: boolean; paste: boolean } {
  if (!text.includes(CTRL_Z)) return { kept: text, found: false, paste: pasteStateAfter(text, inPaste) };
  let kept = '';
  let found = false;
  let paste = inPaste;
  for (let i = 0; i < text.length; i++) {
    if (text.startsWith(PASTE_START, i)) paste = true;
    else if (text.startsWith(PASTE_END, i)) paste = false;
    const char = text[i] ?? '';
    if (char === CTRL_Z && !paste) found = true;
    else kept += char;
  }
  return { kept, found, paste };
}

function pasteStateAfter(text: string, inPaste: boolean): boolean {
  const start = text.lastIndexOf(PASTE_START);
  const end = text.lastIndexOf(PASTE_END);
  if (start === -1 && end === -1) return inPaste;
  return start > end;
}

/** What the terminal does on Ctrl-Z: SIGTSTP to the whole foreground job, berth and whatever started it. */
function stopProcessGroup(): void {
  try {
    process.kill(0, 'SIGTSTP');
  } catch {
    // No process group to stop (not possible on a terminal): carry on.
  }
}
