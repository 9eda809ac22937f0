/**
 * Typing to a container without a TTY (`docker run -i` without `-t`): the CLI leaves the user's
 * terminal cooked, so the terminal echoes, edits the line and sends it on Enter, and Ctrl-D ends
 * stdin. berth keeps the terminal raw (a cooked Ctrl-D would end berth's own stdin for good) and
 * does that small part itself: echo, Backspace, Ctrl-U, Enter sends the line, Ctrl-D on an empty
 * line closes the container's stdin (half-close), Ctrl-C interrupts.
 */
export class LineInput {
  private line = '';
  private closed = false;

  constructor(private readonly echo: { write(text: string): unknown }) {}

  feed(chunk: Buffer): { send: Buffer; close: boolean; interrupt: boolean } {
    const out: string[] = [];
    let close = false;
    let interrupt = false;
    for (const ch of chunk.toString('utf8')) {
      if (ch === '\u0003') {
        interrupt = true;
        continue;
      }
      if (this.closed) continue;
      if (ch === '\r' || ch === '\n') {
        out.push(this.line + '\n');
        this.line = '';
        this.echo.write('\r\n');
      } else if (ch === '\u0004') {
        if (this.line === '') {
          this.closed = close = true;
        } else {
          out.push(this.line);
          this.line = '';
        }
      } else if (ch === '\u007f' || ch === '\b') {
        if (this.line !== '') {
          this.line = [...this.line].slice(0, -1).join('');
          this.echo.write('\b \b');
        }
      } else if (ch === '\u0015') {
        this.echo.write('\b \b'.repeat([...this.line].length));
        this.line = '';
      } else if (ch >= ' ') {
        this.line += ch;
        this.echo.write(ch);
      }
    }
    return { send: Buffer.from(out.join(''), 'utf8'), close, interrupt };
  }
}
