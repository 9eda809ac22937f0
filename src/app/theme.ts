/**
 * The colours the UI draws with, by role, from the palette config.json chose (app/theme-config.ts;
 * the roles and presets: app/theme-presets.ts), or none: with NO_COLOR set every colour is
 * undefined whatever the config says, and the UI relies on its markers (inverse selection, `!` for
 * stderr, `[stale]`), which read the same without colour.
 *
 * Components read `theme.<role>` as they draw, never into a constant at load: main/start.ts
 * applies the user's palette before the first frame.
 */
import { PRESETS, type ColourPair, type Palette } from './theme-presets.ts';

const noColor = (process.env.NO_COLOR ?? '') !== '';

/** How a selected row is drawn: the palette's pair, or the terminal's inverse when it has none. */
export interface SelectionStyle {
  inverse?: boolean;
  color?: string;
  backgroundColor?: string;
}

function selectionStyle(pair: ColourPair): SelectionStyle {
  if (noColor || (pair.fg === undefined && pair.bg === undefined)) return { inverse: true };
  return { ...(pair.fg !== undefined && { color: pair.fg }), ...(pair.bg !== undefined && { backgroundColor: pair.bg }) };
}

function build(palette: Palette) {
  const c = (colour: string | undefined) => (noColor || colour === '' ? undefined : colour);
  const { text } = palette;
  return {
    noColor,
    accent: c(text.accent),
    muted: c(text.muted),
    error: c(text.error),
    warning: c(text.warning),
    success: c(text.success),
    stderr: c(text.stderr),
    match: c(text.match),
    string: c(text.string),
    number: c(text.number),
    /** The selected row's look. */
    selection: selectionStyle(palette.selection),
    /** Whether the selection has colours of its own: a selected row then drops its pieces' colours, which are chosen for the background, not the selection's. */
    selectionColoured: !noColor && (palette.selection.fg !== undefined || palette.selection.bg !== undefined),
    /** A colour per log source (a Compose service), the same for a name every time. */
    sourceColor(name: string): string | undefined {
      let hash = 0;
      for (const ch of name) hash = (hash * 31 + (ch.codePointAt(0) ?? 0)) >>> 0;
      return c(palette.sources[hash % palette.sources.length]);
    },
    stateColor(state: string): string | undefined {
      switch (state) {
        case 'running':
          return c(text.running);
        case 'paused':
        case 'restarting':
          return c(text.paused);
        case 'dead':
          return c(text.dead);
        case 'exited':
        case 'created':
          return c(text.stopped);
        default:
          return undefined;
      }
    },
  };
}

export type Theme = ReturnType<typeof build>;

/** The theme in use: the default (the terminal's palette) until main/start.ts applies the user's. */
export const theme: Theme = build(PRESETS.terminal);

/** Makes `palette` the theme, before the first frame (settings: `theme` in config.json). */
export function applyTheme(palette: Palette): void {
  Object.assign(theme, build(palette));
}
