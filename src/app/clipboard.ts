/**
 * Copying to the clipboard through the terminal (OSC 52), as k9s does: it works over ssh and in
 * most terminals without a clipboard tool on the machine berth runs on. Terminals that do not
 * support it (or tmux without `set-clipboard on`) ignore the sequence; nothing is drawn.
 */
export function osc52(text: string): string {
  return `\u001b]52;c;${Buffer.from(text, 'utf8').toString('base64')}\u0007`;
}

/**
 * The most text one copy sends. Terminals cap what an OSC 52 sequence may carry (tmux, xterm's
 * selection buffers, some at 100 KB of base64 or less) and drop a longer one whole, silently: a
 * copy stops short of this and says so.
 */
export const COPY_MAX_BYTES = 64 * 1024;

/** The first of `lines` that fit in `max` bytes (at least none), joined with newlines. */
export function fitCopy(lines: readonly string[], max: number = COPY_MAX_BYTES): { text: string; lines: number } {
  let bytes = 0;
  let taken = 0;
  for (const line of lines) {
    const size = Buffer.byteLength(line, 'utf8') + (taken > 0 ? 1 : 0);
    if (bytes + size > max) break;
    bytes += size;
    taken++;
  }
  return { text: lines.slice(0, taken).join('\n'), lines: taken };
}
