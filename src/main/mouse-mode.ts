/**
 * The terminal's mouse-wheel reports, for config.json's `mouse: true` (off by default: while a
 * terminal reports the mouse, its own click-and-drag selection needs Shift). On: xterm's button
 * reports (mode 1000) in the SGR encoding (1006), which the key decoder turns into `wheelup` and
 * `wheeldown` presses. Whoever gets the terminal from berth (a shell, the pager, the shell after
 * Ctrl-Z) gets it with the reports off, and berth turns them back on when it has it again; on
 * every way out they are turned off.
 */
import type { SuspendTerminal, TerminalSuspension } from 'ink';
import type { TerminalControl } from '../ui/mount.tsx';

const ON = '\u001b[?1000h\u001b[?1006h';
const OFF = '\u001b[?1006l\u001b[?1000l';

export class MouseMode {
  #on = false;

  constructor(private readonly write: (text: string) => void) {}

  get on(): boolean {
    return this.#on;
  }

  enable(): void {
    if (this.#on) return;
    this.#on = true;
    this.write(ON);
  }

  disable(): void {
    if (!this.#on) return;
    this.#on = false;
    this.write(OFF);
  }

  /**
   * Ink's hand-over of the terminal with the reports off for as long as someone else has it (a
   * mode the other program did not ask for would send it mouse reports as input).
   */
  handOver(control: TerminalControl): TerminalControl {
    const suspend = ((callback?: () => void | Promise<void>): Promise<void> | Promise<TerminalSuspension> => {
      const wasOn = this.#on;
      this.disable();
      const back = () => {
        if (wasOn) this.enable();
      };
      if (callback) return control.suspend(callback).finally(back);
      const handle = async (): Promise<TerminalSuspension> => {
        const held = await control.suspend();
        const resume = () => held.resume().finally(back);
        return { resume, [Symbol.asyncDispose]: resume };
      };
      return handle();
    }) as SuspendTerminal;
    return { suspend };
  }
}
