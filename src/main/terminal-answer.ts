/**
 * The end of what was typed while another program had the terminal. berth asks the terminal for
 * its status (DSR, `CSI 5 n`); the terminal answers `CSI 0 n` in the same input stream as the
 * keys, after every key it had already sent. So everything read before the answer was typed for
 * the program that had the terminal (or before berth could take it back) and is thrown away;
 * what follows the answer was typed for berth.
 */
export const STATUS_QUERY = '\u001b[5n';
export const STATUS_ANSWER = '\u001b[0n';

export class AnswerWatch {
  /** How much of the answer the last chunk ended with (it may be cut between two reads). */
  private held = 0;

  constructor(private readonly answer: string = STATUS_ANSWER) {}

  /** Whether the answer completed in `chunk`, and then what followed it (typed for berth). */
  feed(chunk: string): { found: false } | { found: true; rest: string } {
    for (let i = 0; i < chunk.length; i++) {
      const ch = chunk[i];
      if (ch === this.answer[this.held]) {
        this.held++;
        if (this.held === this.answer.length) {
          this.held = 0;
          return { found: true, rest: chunk.slice(i + 1) };
        }
        continue;
      }
      // Broken off: this character may start the answer again.
      this.held = ch === this.answer[0] ? 1 : 0;
    }
    return { found: false };
  }
}
