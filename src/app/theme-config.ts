/**
 * `theme` in config.json, checked: a preset's name (`"light"`), or `{ "preset": "light", "roles":
 * { "selection": { "fg": "black", "bg": "#ffd75f" }, "accent": "blue", "sources": [...] } }`,
 * where every role not named keeps the preset's colour. A colour is one of the terminal's 16
 * (`"blue"`, `"blueBright"`, `"gray"`), `"#rrggbb"`, `"ansi256(n)"`, or `"default"` for the
 * terminal's own. Anything else is a one-line message naming the entry, so a typo never turns
 * into a colour that quietly does not show.
 */
import { PRESET_NAMES, PRESETS, TEXT_ROLES, type ColourPair, type Palette, type PresetName, type TextRole } from './theme-presets.ts';

/** The terminal's 16 colours by the names Ink (chalk) knows them. */
const NAMED = ['black', 'red', 'green', 'yellow', 'blue', 'magenta', 'cyan', 'white'];
const NAMES = new Set([...NAMED, ...NAMED.map((n) => `${n}Bright`), 'gray', 'grey']);

const COLOUR_FORMS = 'a colour: one of the terminal\'s 16 ("blue", "blueBright", "gray"…), "#rrggbb", "ansi256(0-255)" or "default"';

/** A colour as Ink takes it (undefined: the terminal's own), or why not. */
export function parseColour(raw: unknown): { colour: string | undefined } | undefined {
  if (typeof raw !== 'string') return undefined;
  if (raw === 'default') return { colour: undefined };
  if (NAMES.has(raw)) return { colour: raw };
  if (/^#(?:[0-9a-f]{3}|[0-9a-f]{6})$/i.test(raw)) return { colour: raw };
  const ansi = /^ansi256\((\d{1,3})\)$/.exec(raw);
  if (ansi && Number(ansi[1]) <= 255) return { colour: raw };
  return undefined;
}

const quote = (s: string) => JSON.stringify(s);
const isObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);

function colourAt(entry: string, raw: unknown): string | undefined | Error {
  const parsed = parseColour(raw);
  return parsed ? parsed.colour : new Error(`"${entry}" must be ${COLOUR_FORMS}, not ${JSON.stringify(raw)}`);
}

function presetAt(entry: string, raw: unknown): PresetName | Error {
  return PRESET_NAMES.includes(raw as PresetName) ? (raw as PresetName) : new Error(`"${entry}" must be one of ${PRESET_NAMES.map(quote).join(', ')}, not ${JSON.stringify(raw)}`);
}

function selectionAt(raw: unknown): ColourPair | Error {
  if (!isObject(raw)) return new Error('"theme.roles.selection" must be an object like {"fg": "black", "bg": "#afd7ff"}');
  const { fg, bg, ...rest } = raw;
  const unknown = Object.keys(rest);
  if (unknown.length > 0) return new Error(`unknown setting "theme.roles.selection.${unknown[0]}" (berth knows "fg" and "bg")`);
  const pair: ColourPair = {};
  for (const [side, value] of [['fg', fg], ['bg', bg]] as const) {
    if (value === undefined) continue;
    const colour = colourAt(`theme.roles.selection.${side}`, value);
    if (colour instanceof Error) return colour;
    if (colour !== undefined) pair[side] = colour;
  }
  return pair;
}

function sourcesAt(raw: unknown): string[] | Error {
  if (!Array.isArray(raw) || raw.length === 0) return new Error('"theme.roles.sources" must be a list of colours, one at least');
  const colours: string[] = [];
  for (const [i, value] of raw.entries()) {
    const colour = colourAt(`theme.roles.sources[${i}]`, value);
    if (colour instanceof Error) return colour;
    // "default" in the list: that source in the terminal's own colour.
    colours.push(colour ?? '');
  }
  return colours;
}

function rolesAt(base: Palette, raw: unknown): Palette | Error {
  if (!isObject(raw)) return new Error('"theme.roles" must be an object like {"accent": "blue", "selection": {"fg": "black", "bg": "#afd7ff"}}');
  const text: Record<TextRole, string | undefined> = { ...base.text };
  let { selection, sources } = base;
  for (const [role, value] of Object.entries(raw)) {
    if (role === 'selection') {
      const pair = selectionAt(value);
      if (pair instanceof Error) return pair;
      selection = pair;
    } else if (role === 'sources') {
      const list = sourcesAt(value);
      if (list instanceof Error) return list;
      sources = list;
    } else if ((TEXT_ROLES as readonly string[]).includes(role)) {
      const colour = colourAt(`theme.roles.${role}`, value);
      if (colour instanceof Error) return colour;
      text[role as TextRole] = colour;
    } else {
      return new Error(`unknown colour role "theme.roles.${role}" (berth knows ${[...TEXT_ROLES, 'selection', 'sources'].map(quote).join(', ')})`);
    }
  }
  return { text, selection, sources };
}

/** The palette config.json's `theme` asks for (undefined: the default), or what is wrong with it in one line. */
export function parseTheme(raw: unknown): Palette | string {
  if (raw === undefined) return PRESETS.terminal;
  if (typeof raw === 'string') {
    const preset = presetAt('theme', raw);
    return preset instanceof Error ? preset.message : PRESETS[preset];
  }
  if (!isObject(raw)) return `"theme" must be a preset's name (${PRESET_NAMES.map(quote).join(', ')}) or an object like {"preset": "light", "roles": {…}}`;
  const { preset = 'terminal', roles, ...rest } = raw;
  const unknown = Object.keys(rest);
  if (unknown.length > 0) return `unknown setting "theme.${unknown[0]}" (berth knows "preset" and "roles")`;
  const name = presetAt('theme.preset', preset);
  if (name instanceof Error) return name.message;
  if (roles === undefined) return PRESETS[name];
  const palette = rolesAt(PRESETS[name], roles);
  return palette instanceof Error ? palette.message : palette;
}
