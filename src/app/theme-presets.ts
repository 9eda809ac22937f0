/**
 * The colour roles and the presets that fill them: one table, read by app/theme.ts.
 *
 * `terminal` (the default) names only the 16 ANSI colours, so berth follows whatever palette the
 * terminal has (a light one included), and its selection is the terminal's own inverse. The other
 * presets are fixed colours chosen for a background: `dark` and `high-contrast` for a dark one,
 * `light` for a light one. They are taken from the xterm 256-colour cube (00, 5f, 87, af, d7, ff),
 * so a 256-colour terminal shows exactly these and no palette can turn them unreadable.
 */

/** The roles that colour text. */
export const TEXT_ROLES = [
  'accent',
  'muted',
  'error',
  'warning',
  'success',
  'stderr',
  'match',
  // Log lines' JSON tokens.
  'string',
  'number',
  // Container states.
  'running',
  'paused',
  'stopped',
  'dead',
] as const;

export type TextRole = (typeof TEXT_ROLES)[number];

/** A foreground and a background; neither means the terminal's inverse. */
export interface ColourPair {
  fg?: string;
  bg?: string;
}

export interface Palette {
  text: Readonly<Record<TextRole, string | undefined>>;
  /** The selected row (a table's, a log line, a list's). */
  selection: ColourPair;
  /** A colour per log source (a Compose service). */
  sources: readonly string[];
}

export const PRESET_NAMES = ['terminal', 'dark', 'light', 'high-contrast'] as const;
export type PresetName = (typeof PRESET_NAMES)[number];

export const PRESETS: Readonly<Record<PresetName, Palette>> = {
  terminal: {
    text: {
      accent: 'cyan',
      muted: 'gray',
      error: 'red',
      warning: 'yellow',
      success: 'green',
      stderr: 'red',
      match: 'yellow',
      string: 'greenBright',
      number: 'magenta',
      running: 'green',
      paused: 'yellow',
      stopped: 'gray',
      dead: 'red',
    },
    selection: {},
    sources: ['cyan', 'magenta', 'yellow', 'green', 'blue', 'cyanBright', 'magentaBright', 'greenBright'],
  },
  dark: {
    text: {
      accent: '#5fd7ff',
      muted: '#8a8a8a',
      error: '#ff5f5f',
      warning: '#ffd75f',
      success: '#87d75f',
      stderr: '#ff5f5f',
      match: '#ffd700',
      string: '#afd787',
      number: '#d7afff',
      running: '#87d75f',
      paused: '#ffd75f',
      stopped: '#8a8a8a',
      dead: '#ff5f5f',
    },
    selection: { fg: '#ffffff', bg: '#005f87' },
    sources: ['#5fd7ff', '#d787ff', '#ffd75f', '#87d75f', '#87afff', '#5fffd7', '#ff87d7', '#d7ff87'],
  },
  light: {
    text: {
      accent: '#005f87',
      muted: '#5f5f5f',
      error: '#af0000',
      warning: '#875f00',
      success: '#005f00',
      stderr: '#af0000',
      match: '#870087',
      string: '#005f00',
      number: '#5f00af',
      running: '#005f00',
      paused: '#875f00',
      stopped: '#5f5f5f',
      dead: '#af0000',
    },
    selection: { fg: '#000000', bg: '#afd7ff' },
    sources: ['#005f87', '#870087', '#875f00', '#005f00', '#0000af', '#005f5f', '#af005f', '#5f5f00'],
  },
  'high-contrast': {
    text: {
      accent: '#00ffff',
      muted: '#d7d7d7',
      error: '#ff5f5f',
      warning: '#ffff00',
      success: '#00ff00',
      stderr: '#ff8787',
      match: '#ffff00',
      string: '#87ff87',
      number: '#ffafff',
      running: '#00ff00',
      paused: '#ffff00',
      stopped: '#d7d7d7',
      dead: '#ff5f5f',
    },
    selection: { fg: '#000000', bg: '#ffff00' },
    sources: ['#00ffff', '#ff87ff', '#ffff00', '#00ff00', '#87afff', '#ffffff', '#ffaf5f', '#afffaf'],
  },
};
