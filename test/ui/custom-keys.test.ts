import assert from 'node:assert/strict';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, test } from 'node:test';
import { customiseKeymap, isKeyName } from '../../src/ui/keys/custom-keys.ts';
import { bindingsFor, findClash, installKeymap, keyLabel, keymap, resolveAction } from '../../src/ui/keys/keymap.ts';
import { loadSettings, settingsPath } from '../../src/ui/settings.ts';

const dir = mkdtempSync(join(tmpdir(), 'berth-settings-'));
after(() => rmSync(dir, { recursive: true, force: true }));

function settingsFile(name: string, text: string): string {
  const path = join(dir, name);
  writeFileSync(path, text);
  return path;
}

test('the default keymap has no key doing two things on any screen', () => {
  assert.equal(findClash(keymap), undefined);
});

test('an action given keys gets exactly those, with a label made from them', () => {
  const custom = customiseKeymap(keymap, { stop: 'x', down: ['down', 'j', 'ctrl+n'] });
  const stop = custom.find((b) => b.action === 'stop');
  assert.deepEqual(stop?.keys, ['x']);
  assert.equal(stop?.label, 'x');
  assert.equal(custom.find((b) => b.action === 'down')?.label, '↓/j');
  // The rest stays as it was.
  assert.deepEqual(custom.find((b) => b.action === 'commit'), keymap.find((b) => b.action === 'commit'));
});

test('installed, the custom keymap is what keys resolve to and what help lists', () => {
  const restore = installKeymap(customiseKeymap(keymap, { stop: 'x', 'next-match': 'ctrl+n' }));
  try {
    assert.equal(resolveAction('containers', 'x'), 'stop');
    assert.equal(resolveAction('containers', 's'), undefined);
    assert.equal(resolveAction('logs', 'ctrl+n'), 'next-match');
    assert.equal(bindingsFor(['containers']).find((b) => b.action === 'stop')?.label, 'x');
    // Hints in the UI ("x stops", "Esc closes") read their key from here.
    assert.equal(keyLabel('stop'), 'x');
    assert.equal(keyLabel('next-match'), 'Ctrl-N');
  } finally {
    restore();
  }
  assert.equal(resolveAction('containers', 's'), 'stop');
  assert.equal(keyLabel('stop'), 's');
});

test('Ctrl-C keeps quitting whatever quit is bound to', () => {
  const quit = customiseKeymap(keymap, { quit: 'Q' }).find((b) => b.action === 'quit');
  assert.deepEqual(quit?.keys, ['Q', 'ctrl+c']);
  assert.equal(quit?.label, 'Q/Ctrl-C');
});

test('mistakes are refused with the entry and the reason', () => {
  assert.throws(() => customiseKeymap(keymap, { stp: 'x' }), /unknown action "stp".*stop/);
  assert.throws(() => customiseKeymap(keymap, { stop: [] }), /"keys"."stop" must be a key name or a non-empty list/);
  assert.throws(() => customiseKeymap(keymap, { stop: 7 }), /"keys"."stop" must be/);
  assert.throws(() => customiseKeymap(keymap, { stop: 'ctrl+shift+x' }), /"ctrl\+shift\+x" is not a key berth knows/);
  assert.throws(() => customiseKeymap(keymap, { stop: 'xy' }), /"xy" is not a key/);
  assert.throws(() => customiseKeymap(keymap, ['x']), /"keys" must be an object/);
  // A key that would do two things on one screen: stop on the containers pane, and down in its list.
  assert.throws(() => customiseKeymap(keymap, { stop: 'j' }), /"j" would both down and stop \(containers screen\)/);
  // ...also against global keys, which every screen has.
  assert.throws(() => customiseKeymap(keymap, { follow: 'ctrl+c' }), /"ctrl\+c" would both quit and follow \(logs screen\)/);
  // The same key on screens that never meet is fine: x cancels a pull and now also stops a container.
  assert.doesNotThrow(() => customiseKeymap(keymap, { stop: 'x' }));
});

test('key names are the ones berth can receive', () => {
  for (const ok of ['x', 'G', '?', ' ', 'é', 'ctrl+n', 'meta+x', 'pagedown', 'shift+tab', 'escape']) assert.ok(isKeyName(ok), ok);
  for (const bad of ['', 'ctrl+', 'ctrl+1', 'F1', 'esc', '\u0007', '\u202e', 'meta+']) assert.ok(!isKeyName(bad), JSON.stringify(bad));
});

test('the settings file: where it lives, missing is fine, and a bad one is one line naming it', () => {
  assert.equal(settingsPath({ XDG_CONFIG_HOME: '/x' }, '/home/u'), '/x/berth/config.json');
  assert.equal(settingsPath({}, '/home/u'), '/home/u/.config/berth/config.json');
  assert.deepEqual(loadSettings(join(dir, 'missing.json')), { keymap });
  const good = loadSettings(settingsFile('good.json', '{"keys": {"stop": "x"}}'));
  assert.ok(typeof good !== 'string');
  assert.deepEqual(good.keymap.find((b) => b.action === 'stop')?.keys, ['x']);
  const broken = settingsFile('broken.json', '{"keys": ');
  assert.match(String(loadSettings(broken)), new RegExp(`^${broken}: not valid JSON`));
  assert.match(String(loadSettings(settingsFile('typo.json', '{"kyes": {}}'))), /unknown setting "kyes" \(berth knows "keys"\)/);
  assert.match(String(loadSettings(settingsFile('clash.json', '{"keys": {"stop": "j"}}'))), /clash\.json: "j" would both down and stop/);
  assert.match(String(loadSettings(settingsFile('array.json', '[]'))), /must hold a JSON object/);
});
