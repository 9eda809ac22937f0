/**
 * Ctrl-Z, as every terminal program has it: berth gives the terminal back to the shell (normal
 * screen, cooked mode, bracketed paste off, cursor shown), stops, and when continued (`fg`) takes
 * the terminal again and draws the whole screen, as vim and less do. `kill -TSTP` from outside
 * does the same, and a SIGCONT after an outside SIGSTOP (which nobody can catch) redraws.
 *
 * In raw mode the terminal sends Ctrl-Z as a byte (0x1a) instead of raising SIGTSTP: Ink reads it
 * as a key, and the keymap's `suspend` action (from any screen, dialogs and fields included, as
 * Ctrl-C quits) comes here. Inside a bracketed paste it is text, and while a shell in a container
 * has the terminal it is that shell's. Handing the terminal over and taking it back is Ink's own
 * (`suspendTerminal`), as inside the hand-over to another program (hand-over.ts), without that
 * module's care for stdin: a stopped berth reads nothing, and what is typed to the shell meanwhile
 * is the shell's.
 */
import type { TerminalControl } from '../ui/terminal-handle.tsx';

export interface SuspendOptions {
  /** Ink's hand-over of the terminal, once Ink is mounted. */
  terminal: () => TerminalControl | undefined;
  /** Whether berth may stop now (false while a shell in a container has the terminal). */
  enabled: () => boolean;
  /** Stops the process group (tests replace it); the default sends SIGTSTP as the terminal would. */
  stop?: () => void;
}

export interface Suspender {
  /** Gives the terminal back and stops, as Ctrl-Z does; returns once continued and redrawn. */
  suspend(): Promise<void>;
  /** Removes the signal handlers. */
  uninstall(): void;
}

/** Installs the SIGTSTP and SIGCONT handling; `suspend` is what the Ctrl-Z key calls. */
export function installSuspend(options: SuspendOptions): Suspender {
  const stop = options.stop ?? stopProcessGroup;
  let suspending = false;
  /** A SIGCONT that is the end of our own suspend, already redrawn for. */
  let ownContinue = false;

  const suspend = async (): Promise<void> => {
    const terminal = options.terminal();
    if (suspending || !terminal || !options.enabled()) return;
    suspending = true;
    // Without a handler SIGTSTP stops the process: take ours off for the moment of the stop.
    process.off('SIGTSTP', onSignal);
    try {
      await terminal.suspend(() => {
        ownContinue = true;
        stop(); // returns once continued (or at once in an orphaned process group, where the kernel ignores it)
      });
    } finally {
      process.on('SIGTSTP', onSignal);
      suspending = false;
      // The SIGCONT event, if one comes, arrives after this; it needs no second redraw.
      setTimeout(() => (ownContinue = false), 500).unref();
    }
  };

  const onSignal = () => void suspend();
  const onContinue = () => {
    if (ownContinue) {
      ownContinue = false;
      return;
    }
    // Continued after a SIGSTOP we could not see coming: the modes may have been changed and the
    // screen written over (the shell's "Stopped"). Letting go and taking the terminal again puts
    // both right: raw mode and the alternate screen set afresh, the whole frame drawn.
    const terminal = options.terminal();
    if (!terminal || suspending || !options.enabled()) return;
    void terminal.suspend().then((held) => held.resume());
  };

  process.on('SIGTSTP', onSignal);
  process.on('SIGCONT', onContinue);
  return {
    suspend,
    uninstall() {
      process.off('SIGTSTP', onSignal);
      process.off('SIGCONT', onContinue);
    },
  };
}

/** What the terminal does on Ctrl-Z: SIGTSTP to the whole foreground job, berth and whatever started it. */
function stopProcessGroup(): void {
  try {
    process.kill(0, 'SIGTSTP');
  } catch {
    // No process group to stop (not possible on a terminal): carry on.
  }
}
