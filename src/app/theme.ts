/**
 * Colours, or none: with NO_COLOR set every colour is undefined and the UI relies on its
 * markers (inverse selection, `!` for stderr, `[stale]`), which read the same without colour.
 */
const noColor = (process.env.NO_COLOR ?? '') !== '';

function color(name: string): string | undefined {
  return noColor ? undefined : name;
}

const SOURCE_COLORS = ['cyan', 'magenta', 'yellow', 'green', 'blue', 'cyanBright', 'magentaBright', 'greenBright'];

export const theme = {
  noColor,
  accent: color('cyan'),
  muted: color('gray'),
  error: color('red'),
  warning: color('yellow'),
  success: color('green'),
  stderr: color('red'),
  match: color('yellow'),
  /** A colour per log source (a Compose service), the same for a name every time. */
  sourceColor(name: string): string | undefined {
    let hash = 0;
    for (const ch of name) hash = (hash * 31 + (ch.codePointAt(0) ?? 0)) >>> 0;
    return color(SOURCE_COLORS[hash % SOURCE_COLORS.length] ?? 'cyan');
  },
  stateColor(state: string): string | undefined {
    switch (state) {
      case 'running':
        return color('green');
      case 'paused':
      case 'restarting':
        return color('yellow');
      case 'dead':
        return color('red');
      case 'exited':
      case 'created':
        return color('gray');
      default:
        return undefined;
    }
  },
};
