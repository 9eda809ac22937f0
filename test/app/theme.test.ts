/**
 * Themes: the default names only the terminal's 16 colours; each fixed preset is readable on the
 * background it is for; config.json's `theme` is taken or refused with the entry named; NO_COLOR
 * wins over any of it (in a process of its own: the theme reads NO_COLOR when it loads).
 */
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { test } from 'node:test';
import { fileURLToPath } from 'node:url';
import { parseColour, parseTheme } from '../../src/app/theme-config.ts';
import { PRESETS, TEXT_ROLES, type Palette } from '../../src/app/theme-presets.ts';
import { applyTheme, theme } from '../../src/app/theme.ts';
import { BLACK, colourRgb, contrast, WHITE, type Rgb } from '../support/contrast.ts';

const SIXTEEN = /^(black|red|green|yellow|blue|magenta|cyan|white)(Bright)?$|^gr[ae]y$/;

test('the default theme follows the terminal: only its 16 colours, and the selection is its inverse', () => {
  const { text, selection, sources } = PRESETS.terminal;
  for (const role of TEXT_ROLES) assert.match(text[role] ?? '', SIXTEEN, role);
  for (const colour of sources) assert.match(colour, SIXTEEN);
  assert.deepEqual(selection, {});
  assert.deepEqual(parseTheme(undefined), PRESETS.terminal);
});

test('each fixed preset reads on its background: every text colour and the selection at 4.5:1 at least', () => {
  const backgrounds: Array<[Palette, Rgb, string]> = [
    [PRESETS.light, WHITE, 'light'],
    [PRESETS.dark, BLACK, 'dark'],
    [PRESETS['high-contrast'], BLACK, 'high-contrast'],
  ];
  for (const [palette, background, name] of backgrounds) {
    for (const role of TEXT_ROLES) assert.ok(contrast(colourRgb(palette.text[role] ?? ''), background) >= 4.5, `${name} ${role}`);
    for (const colour of palette.sources) assert.ok(contrast(colourRgb(colour), background) >= 4.5, `${name} source ${colour}`);
    const { fg, bg } = palette.selection;
    assert.ok(fg && bg, `${name} selection has both colours`);
    assert.ok(contrast(colourRgb(fg), colourRgb(bg)) >= 4.5, `${name} selection`);
  }
  // High contrast is AAA (7:1) throughout.
  const hc = PRESETS['high-contrast'];
  for (const role of TEXT_ROLES) assert.ok(contrast(colourRgb(hc.text[role] ?? ''), BLACK) >= 7, `high-contrast ${role}`);
});

test("config.json's theme: a preset by name, or a preset with roles overridden", () => {
  assert.deepEqual(parseTheme('light'), PRESETS.light);
  assert.deepEqual(parseTheme({ preset: 'dark' }), PRESETS.dark);
  const custom = parseTheme({ preset: 'light', roles: { selection: { fg: 'black', bg: '#ffd75f' }, accent: 'blue', muted: 'default', sources: ['red', 'ansi256(94)'] } });
  assert.ok(typeof custom !== 'string', String(custom));
  assert.deepEqual(custom.selection, { fg: 'black', bg: '#ffd75f' });
  assert.equal(custom.text.accent, 'blue');
  assert.equal(custom.text.muted, undefined, '"default": the terminal\'s own');
  assert.equal(custom.text.error, PRESETS.light.text.error, 'a role not named keeps the preset\'s');
  assert.deepEqual(custom.sources, ['red', 'ansi256(94)']);
  // Roles alone start from the default.
  const roles = parseTheme({ roles: { error: 'redBright' } });
  assert.ok(typeof roles !== 'string');
  assert.equal(roles.text.error, 'redBright');
  assert.equal(roles.text.accent, 'cyan');
});

test("config.json's theme: a mistake is one line naming the entry", () => {
  assert.match(String(parseTheme('solarized')), /^"theme" must be one of "terminal", "dark", "light", "high-contrast", not "solarized"$/);
  assert.match(String(parseTheme(3)), /^"theme" must be a preset's name/);
  assert.match(String(parseTheme({ preset: 'lite' })), /^"theme.preset" must be one of/);
  assert.match(String(parseTheme({ colors: {} })), /^unknown setting "theme.colors" \(berth knows "preset" and "roles"\)$/);
  assert.match(String(parseTheme({ roles: { selected: {} } })), /^unknown colour role "theme.roles.selected" \(berth knows "accent", .*"selection", "sources"\)$/);
  assert.match(String(parseTheme({ roles: { accent: 'bleu' } })), /^"theme.roles.accent" must be a colour: .*, not "bleu"$/);
  assert.match(String(parseTheme({ roles: { selection: { fg: 'black', bg: '#12345' } } })), /^"theme.roles.selection.bg" must be a colour/);
  assert.match(String(parseTheme({ roles: { selection: { fg: 'black', background: 'white' } } })), /^unknown setting "theme.roles.selection.background"/);
  assert.match(String(parseTheme({ roles: { selection: 'white' } })), /^"theme.roles.selection" must be an object/);
  assert.match(String(parseTheme({ roles: { sources: ['red', 7] } })), /^"theme.roles.sources\[1\]" must be a colour/);
  assert.match(String(parseTheme({ roles: { sources: [] } })), /^"theme.roles.sources" must be a list of colours/);
  for (const bad of ['ansi256(256)', 'rgb(1,2,3)', 'Blue', '#ggg', '']) assert.equal(parseColour(bad), undefined, bad);
  for (const good of ['ansi256(0)', '#abc', '#A0B1C2', 'grey', 'whiteBright']) assert.deepEqual(parseColour(good), { colour: good }, good);
});

test('the applied theme draws the selection with its pair, and the default with the inverse', () => {
  applyTheme(PRESETS.light);
  try {
    assert.deepEqual(theme.selection, { color: PRESETS.light.selection.fg, backgroundColor: PRESETS.light.selection.bg });
    assert.equal(theme.selectionColoured, true);
    assert.equal(theme.stateColor('running'), PRESETS.light.text.running);
    assert.equal(theme.accent, PRESETS.light.text.accent);
    assert.ok(PRESETS.light.sources.includes(theme.sourceColor('web') ?? ''));
  } finally {
    applyTheme(PRESETS.terminal);
  }
  assert.deepEqual(theme.selection, { inverse: true });
  assert.equal(theme.selectionColoured, false);
  assert.equal(theme.accent, 'cyan');
});

test('NO_COLOR wins over a theme: no colour at all, and the selection is the inverse', () => {
  const themeModule = fileURLToPath(new URL('../../src/app/theme.ts', import.meta.url));
  const presets = fileURLToPath(new URL('../../src/app/theme-presets.ts', import.meta.url));
  const script = `
    const { applyTheme, theme } = await import(${JSON.stringify(themeModule)});
    const { PRESETS } = await import(${JSON.stringify(presets)});
    applyTheme(PRESETS.light);
    console.log(JSON.stringify({ accent: theme.accent ?? null, error: theme.error ?? null, running: theme.stateColor('running') ?? null, source: theme.sourceColor('web') ?? null, selection: theme.selection, coloured: theme.selectionColoured }));
  `;
  const out = execFileSync(process.execPath, ['--import', 'tsx', '--input-type=module', '-e', script], { env: { ...process.env, NO_COLOR: '1' }, encoding: 'utf8' });
  assert.deepEqual(JSON.parse(out), { accent: null, error: null, running: null, source: null, selection: { inverse: true }, coloured: false });
});
