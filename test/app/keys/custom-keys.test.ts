import assert from 'node:assert/strict';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, test } from 'node:test';
import type { Command } from '../../../src/app/commands.ts';
import { plainFlags, type KeyPress } from '../../../src/app/input/press.ts';
import { contextsFor } from '../../../src/app/keys/contexts.ts';
import { customiseKeymap, isKeyName } from '../../../src/app/keys/custom-keys.ts';
import { defaultKeymap, findClash, Keymap, keymap, keyStacks } from '../../../src/app/keys/keymap.ts';
import { reduceApp } from '../../../src/app/keys/reduce.ts';
import { initialAppState, topOverlay, type AppState } from '../../../src/app/types.ts';
import type { ContainerSummary } from '../../../src/engine/types.ts';
import { initialEngineState } from '../../../src/state/engine-state.ts';
import { loadSettings, settingsPath } from '../../../src/main/settings.ts';
import { DEFAULT_LOOP_POLICY } from '../../../src/state/incidents/detect.ts';
import { PRESETS } from '../../../src/app/theme-presets.ts';
import { uiContext } from '../../support/ui-context.ts';

const dir = mkdtempSync(join(tmpdir(), 'berth-settings-'));
after(() => rmSync(dir, { recursive: true, force: true }));

function settingsFile(name: string, text: string): string {
  const path = join(dir, name);
  writeFileSync(path, text);
  return path;
}

const running: ContainerSummary = { Id: 'a'.repeat(64), Names: ['/web'], Image: 'busybox', State: 'running', Status: 'Up 3 minutes', Created: 1, Ports: [], Labels: {} };
const engine = { ...initialEngineState('x'), containers: { loaded: true, stale: false, items: [running] }, images: { loaded: true, stale: false, items: [] } };

/** A key pressed on the Containers pane (a running container selected) with this keymap in force. */
function pressWith(map: Keymap, name: string, state: AppState = { ...initialAppState(), pane: 'containers' }): { state: AppState; commands: readonly Command[] } {
  const press: KeyPress = { name, input: name.length === 1 ? name : '', key: { ...plainFlags, ctrl: name.startsWith('ctrl+') } };
  return reduceApp(state, { kind: 'key', press }, uiContext({ engine, keymap: map }));
}

test('the default keymap has no key doing two things on any screen', () => {
  assert.deepEqual(findClash(keymap, keyStacks(keymap)), undefined);
});

test('an action given keys gets exactly those, with a label made from them', () => {
  const custom = customiseKeymap(keymap, { stop: 'u', down: ['down', 'j', 'ctrl+n'] });
  const stop = custom.find((b) => b.action === 'stop');
  assert.deepEqual(stop?.keys, ['u']);
  assert.equal(stop?.label, 'u');
  assert.equal(custom.find((b) => b.action === 'down')?.label, '↓/j');
  // The rest stays as it was.
  assert.deepEqual(custom.find((b) => b.action === 'commit'), keymap.find((b) => b.action === 'commit'));
});

test('in force, the custom keymap is what keys resolve to, what help lists and what hints say; the defaults stay as they were', () => {
  const custom = new Keymap(customiseKeymap(keymap, { stop: 'u', 'next-match': 'ctrl+n' }));
  assert.equal(custom.resolve('containers', 'u'), 'stop');
  assert.equal(custom.resolve('containers', 's'), undefined);
  assert.equal(custom.resolve('logs', 'ctrl+n'), 'next-match');
  assert.equal(custom.bindingsFor(['containers']).find((b) => b.action === 'stop')?.label, 'u');
  // Hints in the UI ("u stops", "Esc closes") read their key from here.
  assert.equal(custom.label('stop'), 'u');
  assert.equal(custom.label('next-match'), 'Ctrl-N');
  // The app reads the keymap in force from its context: u stops there, s does nothing.
  const stopped = pressWith(custom, 'u').state;
  const top = topOverlay(stopped);
  assert.equal(top?.kind === 'dialog' && top.dialog.type, 'stop');
  assert.equal(topOverlay(pressWith(custom, 's').state), undefined);
  // Nothing global changed: berth's own keys are as they were.
  assert.equal(defaultKeymap.resolve('containers', 's'), 'stop');
  assert.equal(defaultKeymap.label('stop'), 's');
  const byDefault = topOverlay(pressWith(defaultKeymap, 's').state);
  assert.equal(byDefault?.kind === 'dialog' && byDefault.dialog.type, 'stop');
});

test('Ctrl-C keeps quitting whatever quit is bound to', () => {
  const custom = new Keymap(customiseKeymap(keymap, { quit: 'Q' }));
  assert.deepEqual(custom.bindings.find((b) => b.action === 'quit')?.keys, ['Q']);
  assert.deepEqual(pressWith(custom, 'Q').commands, [{ type: 'app-quit' }]);
  assert.deepEqual(pressWith(custom, 'ctrl+c').commands, [{ type: 'app-quit' }]);
  // Over a dialog's text field too, where Q is text.
  const dialog = pressWith(custom, 'r').state;
  assert.equal(topOverlay(dialog)?.kind, 'dialog');
  assert.equal(custom.resolveIn(contextsFor(dialog), 'ctrl+c'), 'interrupt');
  assert.deepEqual(pressWith(custom, 'Q', dialog).commands, []);
  assert.deepEqual(pressWith(custom, 'ctrl+c', dialog).commands, [{ type: 'app-quit' }]);
  // Ctrl-C's own action given other keys keeps Ctrl-C as well.
  const interrupt = customiseKeymap(keymap, { interrupt: 'ctrl+q' }).find((b) => b.action === 'interrupt');
  assert.deepEqual(interrupt?.keys, ['ctrl+q', 'ctrl+c']);
  assert.equal(interrupt?.label, 'Ctrl-Q/Ctrl-C');
});

test('mistakes are refused with the entry and the reason', () => {
  assert.throws(() => customiseKeymap(keymap, { stp: 'x' }), /unknown action "stp".*stop/);
  assert.throws(() => customiseKeymap(keymap, { stop: [] }), /"keys"."stop" must be a key name or a non-empty list/);
  assert.throws(() => customiseKeymap(keymap, { stop: 7 }), /"keys"."stop" must be/);
  assert.throws(() => customiseKeymap(keymap, { stop: 'ctrl+shift+x' }), /"ctrl\+shift\+x" is not a key berth knows/);
  assert.throws(() => customiseKeymap(keymap, { stop: 'xy' }), /"xy" is not a key/);
  assert.throws(() => customiseKeymap(keymap, ['x']), /"keys" must be an object/);
  // A key that would do two things on one screen: stop on the containers pane, and down in its list.
  assert.throws(() => customiseKeymap(keymap, { stop: 'j' }), /"j" would both stop and down \(containers screen\)/);
  // ...also against Ctrl-C, which every screen has.
  assert.throws(() => customiseKeymap(keymap, { follow: 'ctrl+c' }), /"ctrl\+c" would both follow and interrupt \(logs screen\)/);
  // ...and against the keys reserved for what comes next: x will run a command in the container.
  assert.throws(() => customiseKeymap(keymap, { stop: 'x' }), /"x" would both stop and exec \(containers screen\)/);
  // The same key on screens that never meet is fine: h shows an image's history and now also stops a container.
  assert.doesNotThrow(() => customiseKeymap(keymap, { stop: 'u' }));
});

test('key names are the ones berth can receive', () => {
  for (const ok of ['x', 'G', '?', ' ', 'é', 'ctrl+n', 'meta+x', 'pagedown', 'shift+tab', 'escape']) assert.ok(isKeyName(ok), ok);
  for (const bad of ['', 'ctrl+', 'ctrl+1', 'F1', 'esc', '\u0007', '\u202e', 'meta+']) assert.ok(!isKeyName(bad), JSON.stringify(bad));
});

test('the settings file: where it lives, missing is fine, and a bad one is one line naming it', () => {
  assert.equal(settingsPath({ XDG_CONFIG_HOME: '/x' }, '/home/u'), '/x/berth/config.json');
  assert.equal(settingsPath({}, '/home/u'), '/home/u/.config/berth/config.json');
  assert.deepEqual(loadSettings(join(dir, 'missing.json')), { keymap: defaultKeymap, loop: DEFAULT_LOOP_POLICY, custom: { actions: [], debugImage: 'busybox' }, theme: PRESETS.terminal });
  const good = loadSettings(settingsFile('good.json', '{"keys": {"stop": "u"}}'));
  assert.ok(typeof good !== 'string', String(good));
  assert.deepEqual(good.keymap.bindings.find((b) => b.action === 'stop')?.keys, ['u']);
  assert.equal(good.keymap.resolve('containers', 'u'), 'stop');
  const broken = settingsFile('broken.json', '{"keys": ');
  assert.match(String(loadSettings(broken)), new RegExp(`^${broken}: not valid JSON`));
  assert.match(String(loadSettings(settingsFile('typo.json', '{"kyes": {}}'))), /unknown setting "kyes" \(berth knows "keys", "restartLoop", "mute", "alert", /);
  // Each engine's access (state/fleet/access-settings.ts): read-only, protected, read-write; nothing else.
  assert.deepEqual((loadSettings(settingsFile('engines.json', '{"engines": {"prod": "protected", "ssh://backup": "read-only"}}')) as { access?: unknown }).access, { prod: 'protected', 'ssh://backup': 'read-only' });
  assert.deepEqual((loadSettings(settingsFile('fleet.json', '{"fleet": ["prod", "unix:///run/podman/podman.sock"]}')) as { fleet?: unknown }).fleet, ['prod', 'unix:///run/podman/podman.sock']);
  assert.match(String(loadSettings(settingsFile('bad-fleet.json', '{"fleet": "prod"}'))), /"fleet" must be a list/);
  assert.match(String(loadSettings(settingsFile('bad-engines.json', '{"engines": {"prod": "careful"}}'))), /"engines.prod" must be one of "read-write", "read-only", "protected"/);
  assert.match(String(loadSettings(settingsFile('clash.json', '{"keys": {"stop": "j"}}'))), /clash\.json: "j" would both stop and down/);
  assert.match(String(loadSettings(settingsFile('array.json', '[]'))), /must hold a JSON object/);
});

test('the settings file: when restarts are a loop (incidents), checked', () => {
  const loop = loadSettings(settingsFile('loop.json', '{"restartLoop": {"restarts": 3}}'));
  assert.ok(typeof loop !== 'string', String(loop));
  assert.deepEqual(loop.loop, { restarts: 3, withinMinutes: DEFAULT_LOOP_POLICY.withinMinutes });
  assert.match(String(loadSettings(settingsFile('loop0.json', '{"restartLoop": {"restarts": 0}}'))), /"restartLoop.restarts" must be a whole number/);
  assert.match(String(loadSettings(settingsFile('loopx.json', '{"restartLoop": {"minutes": 3}}'))), /unknown setting "restartLoop.minutes"/);
  const muted = loadSettings(settingsFile('mute.json', '{"mute": ["web-1", "com.example.flaky=true", "label:tier"], "alert": "osc9"}'));
  assert.ok(typeof muted !== 'string', String(muted));
  assert.deepEqual(muted.mute, [{ name: 'web-1' }, { label: 'com.example.flaky', value: 'true' }, { label: 'tier' }]);
  assert.equal(muted.alert, 'osc9');
  assert.match(String(loadSettings(settingsFile('mutex.json', '{"mute": "web-1"}'))), /"mute" must be a list/);
  assert.match(String(loadSettings(settingsFile('alertx.json', '{"alert": "beep"}'))), /"alert" must be one of "bell", "osc9", "osc777"/);
  const light = loadSettings(settingsFile('theme.json', '{"theme": "light"}'));
  assert.ok(typeof light !== 'string', String(light));
  assert.deepEqual(light.theme, PRESETS.light);
  assert.match(String(loadSettings(settingsFile('themex.json', '{"theme": {"roles": {"accent": "bleu"}}}'))), /themex\.json: "theme\.roles\.accent" must be a colour: .*, not "bleu"$/);
});

test('the settings file: mouse is true or false, and off unless said', () => {
  const on = loadSettings(settingsFile('mouse.json', '{"mouse": true}'));
  assert.equal(typeof on === 'object' && on.mouse, true);
  const off = loadSettings(settingsFile('mouse-off.json', '{"mouse": false}'));
  assert.equal(typeof off === 'object' && off.mouse, undefined);
  const bad = settingsFile('mouse-bad.json', '{"mouse": "yes"}');
  assert.equal(loadSettings(bad), `${bad}: "mouse" must be true or false`);
});
