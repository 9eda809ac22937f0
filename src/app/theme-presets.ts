/**
 * The colour roles and the presets that fill them: one table, read by app/theme.ts.
 *
 * `terminal` (the default) names only the 16 ANSI colours, so berth follows whatever palette the
 * terminal has (a light one included), and its selection is the terminal's own inverse. The other
 * presets are fixed colours chosen for a background: `dark` and `high-contrast` for a dark one,
 * `light` for a light one. They are indexes of the 256-colour palette above the 16 (its 6×6×6
 * cube and grey ramp, which terminals do not re-theme), given as such rather than as `#rrggbb`:
 * on a 256-colour terminal Ink (chalk) rounds a hex colour to the cube by its own arithmetic,
 * which turns #005f87 into #0087af, too light to read on white; an index is shown as chosen.
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
      accent: 'ansi256(81)',
      muted: 'ansi256(245)',
      error: 'ansi256(203)',
      warning: 'ansi256(221)',
      success: 'ansi256(113)',
      stderr: 'ansi256(203)',
      match: 'ansi256(220)',
      string: 'ansi256(150)',
      number: 'ansi256(183)',
      running: 'ansi256(113)',
      paused: 'ansi256(221)',
      stopped: 'ansi256(245)',
      dead: 'ansi256(203)',
    },
    selection: { fg: 'ansi256(231)', bg: 'ansi256(24)' },
    sources: ['ansi256(81)', 'ansi256(177)', 'ansi256(221)', 'ansi256(113)', 'ansi256(111)', 'ansi256(86)', 'ansi256(212)', 'ansi256(192)'],
  },
  light: {
    text: {
      accent: 'ansi256(24)',
      muted: 'ansi256(59)',
      error: 'ansi256(124)',
      warning: 'ansi256(94)',
      success: 'ansi256(22)',
      stderr: 'ansi256(124)',
      match: 'ansi256(90)',
      string: 'ansi256(22)',
      number: 'ansi256(55)',
      running: 'ansi256(22)',
      paused: 'ansi256(94)',
      stopped: 'ansi256(59)',
      dead: 'ansi256(124)',
    },
    selection: { fg: 'ansi256(16)', bg: 'ansi256(153)' },
    sources: ['ansi256(24)', 'ansi256(90)', 'ansi256(94)', 'ansi256(22)', 'ansi256(19)', 'ansi256(23)', 'ansi256(125)', 'ansi256(58)'],
  },
  'high-contrast': {
    text: {
      accent: 'ansi256(51)',
      muted: 'ansi256(188)',
      error: 'ansi256(203)',
      warning: 'ansi256(226)',
      success: 'ansi256(46)',
      stderr: 'ansi256(210)',
      match: 'ansi256(226)',
      string: 'ansi256(120)',
      number: 'ansi256(219)',
      running: 'ansi256(46)',
      paused: 'ansi256(226)',
      stopped: 'ansi256(188)',
      dead: 'ansi256(203)',
    },
    selection: { fg: 'ansi256(16)', bg: 'ansi256(226)' },
    sources: ['ansi256(51)', 'ansi256(213)', 'ansi256(226)', 'ansi256(46)', 'ansi256(111)', 'ansi256(231)', 'ansi256(215)', 'ansi256(157)'],
  },
};
