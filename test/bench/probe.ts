/**
 * Times what a person would see: a condition on the emulated screen is checked every time the
 * terminal emulator has parsed more output, so a figure ends at the frame that shows the change
 * rather than at the next tick of a 20 ms poll (PtySession.waitFor's granularity).
 */
import type { PtySession } from '../support/pty.ts';

export interface ScreenView {
  /** The visible rows as text, trailing spaces trimmed. */
  lines: string[];
  text: string;
  /** The row drawn inverse across most of the width (the table's selection), if any. */
  selected: { y: number; text: string } | undefined;
}

interface Waiter {
  test: (view: ScreenView) => boolean;
  resolve: (at: number) => void;
}

export class ScreenProbe {
  private waiters: Waiter[] = [];
  private readonly disposable: { dispose(): void };

  constructor(readonly session: PtySession) {
    this.disposable = session.term.onWriteParsed(() => this.check());
  }

  view(): ScreenView {
    const term = this.session.term;
    const buffer = term.buffer.active;
    const lines: string[] = [];
    let selected: ScreenView['selected'];
    const cell = buffer.getNullCell();
    for (let y = 0; y < term.rows; y++) {
      const line = buffer.getLine(buffer.viewportY + y);
      const text = line?.translateToString(true) ?? '';
      lines.push(text);
      if (!line || selected) continue;
      // Tabs and dialog toggles are inverse too, but only a table row is inverse edge to edge.
      let inverse = 0;
      for (let x = 0; x < term.cols; x += 4) if (line.getCell(x, cell)?.isInverse()) inverse++;
      if (inverse * 4 >= term.cols * 0.6) selected = { y, text };
    }
    return { lines, text: lines.join('\n'), selected };
  }

  /**
   * Resolves with performance.now() at the first parsed frame satisfying the test (or at once
   * if the screen already does). Rejects after timeoutMs with the screen in the message.
   */
  async until(test: string | RegExp | ((view: ScreenView) => boolean), timeoutMs = 10_000): Promise<number> {
    const fn = typeof test === 'function' ? test : typeof test === 'string' ? (v: ScreenView) => v.text.includes(test) : (v: ScreenView) => test.test(v.text);
    await this.session.settle();
    if (fn(this.view())) return performance.now();
    return new Promise<number>((resolve, reject) => {
      const waiter: Waiter = {
        test: fn,
        resolve: (at) => {
          clearTimeout(timer);
          resolve(at);
        },
      };
      const timer = setTimeout(() => {
        this.waiters = this.waiters.filter((w) => w !== waiter);
        const view = this.view();
        // The dump is plain text, so say which row was drawn selected (inverse) as well.
        const selected = view.selected ? `row ${view.selected.y}: ${view.selected.text.trim()}` : 'none';
        reject(new Error(`timed out after ${timeoutMs} ms waiting for ${String(test)}; selected ${selected}; screen:\n${view.text}`));
      }, timeoutMs);
      this.waiters.push(waiter);
    });
  }

  dispose(): void {
    this.disposable.dispose();
    this.waiters = [];
  }

  private check(): void {
    if (this.waiters.length === 0) return;
    const at = performance.now();
    const view = this.view();
    this.waiters = this.waiters.filter((w) => {
      if (!w.test(view)) return true;
      w.resolve(at);
      return false;
    });
  }
}

/**
 * The move keys B12 and B16 time: `j` down the list (every tenth `g` back to the top), each
 * from the key to the frame whose selected row changed, at a person's pace; `count` presses.
 */
export async function timeMoves(probe: ScreenProbe, write: (key: string) => void, count: number, pause: () => Promise<void>): Promise<number[]> {
  const keys: number[] = [];
  for (let i = 0; i < count; i++) {
    const before = probe.view().selected?.text;
    const t0 = performance.now();
    write(i % 10 === 9 ? 'g' : 'j');
    keys.push((await probe.until((v) => v.selected !== undefined && v.selected.text !== before, 5000)) - t0);
    await pause();
  }
  return keys;
}
