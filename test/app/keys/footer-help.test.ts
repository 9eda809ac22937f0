import assert from 'node:assert/strict';
import { test } from 'node:test';
import { displayWidth } from '../../../src/app/format/index.ts';
import { footerOrder, footerParts } from '../../../src/app/keys/footer.ts';
import { helpLines } from '../../../src/app/keys/help-lines.ts';
import { defaultKeymap, paneIdsOf } from '../../../src/app/keys/keymap.ts';
import { panes } from '../../../src/app/panes/index.ts';
import { views } from '../../../src/app/views/index.ts';

const stack = (pane: string) => [pane, 'list', 'panes', 'global', 'anywhere'];
const width = (parts: readonly string[]) => displayWidth(parts.join('  '));

test('the footer fills the width it has: more keys at 200 columns than at 80, always within it, help and quit always last', () => {
  for (const pane of paneIdsOf(defaultKeymap.bindings)) {
    const narrow = footerParts(defaultKeymap, stack(pane), 80);
    const wide = footerParts(defaultKeymap, stack(pane), 200);
    for (const [parts, w] of [[narrow, 80], [wide, 200]] as const) {
      assert.ok(width(parts) <= w, `${pane} at ${w}: ${parts.join('  ')}`);
      assert.deepEqual(parts.slice(-2), ['q quit', '? help'], pane);
    }
    const all = defaultKeymap.bindingsFor(stack(pane)).filter((b) => b.footer).length;
    assert.ok(wide.length > narrow.length || narrow.length === all, `${pane}: ${wide.length} keys at 200 columns, ${narrow.length} at 80`);
    // What fits at 80 is the screen's most used, in its order of importance, and all of it is there at 200.
    for (const part of narrow) assert.ok(wide.includes(part), `${pane}: ${part} at 80 and at 200`);
  }
  const containers = footerParts(defaultKeymap, stack('containers'), 200);
  assert.ok(containers.length >= 18, containers.join('  '));
  assert.deepEqual(footerParts(defaultKeymap, stack('containers'), 80).slice(0, 3), ['Enter/l logs', 'e shell', 's stop']);
});

test('every key the footer ranks is one the screen has', () => {
  const viewScreens: readonly string[] = views.filter((v) => v.footer !== undefined).map((v) => v.id);
  const screens = [...panes.map((p) => p.id), ...viewScreens];
  assert.ok(screens.some((screen) => footerOrder(screen).length > 0), 'some screen ranks its keys');
  for (const screen of screens) {
    const actions = footerOrder(screen);
    const contexts = viewScreens.includes(screen) ? [screen, 'global', 'anywhere'] : stack(screen);
    const there = new Set(defaultKeymap.bindingsFor(contexts).map((b) => b.action));
    for (const action of actions) assert.ok(there.has(action), `${screen}: ${action}`);
  }
});

test('help wraps each description under its column, within the width, losing no word', () => {
  for (const w of [80, 60, 40]) {
    const bindings = defaultKeymap.bindingsFor(stack('containers'));
    const lines = helpLines(bindings, w);
    for (const line of lines) assert.ok(displayWidth(line) <= w, `${w}: ${line}`);
    assert.ok(lines.length > bindings.length, 'some descriptions take two lines');
    const text = lines.join(' ').replace(/\s+/g, ' ');
    for (const b of bindings) assert.ok(text.includes(b.description.replace(/\s+/g, ' ')), b.description);
  }
  const at80 = helpLines(defaultKeymap.bindingsFor(stack('containers')), 80);
  const prune = at80.findIndex((l) => /^ {2}X +prune: /.test(l));
  assert.match(at80[prune + 1] ?? '', /^ {6,}\S/, 'the rest of prune’s words under its column');
});

test('help groups the keys: this screen, moving, everywhere; two columns from 150 wide, each within its half', () => {
  const bindings = defaultKeymap.bindingsFor(stack('containers'));
  const at80 = helpLines(bindings, 80);
  const heads = ['This screen', 'Moving', 'Everywhere'].map((h) => at80.indexOf(h));
  assert.ok(heads.every((i) => i >= 0) && heads[0]! < heads[1]! && heads[1]! < heads[2]!, `the groups in order: ${heads.join(', ')}`);
  const stopAt = at80.findIndex((l) => /^ {2}s +stop/.test(l));
  const quitAt = at80.findIndex((l) => /^ {2}q +quit/.test(l));
  const downAt = at80.findIndex((l) => /^ {2}↓, j/.test(l) || /^ {2}down/.test(l));
  assert.ok(stopAt > heads[0]! && stopAt < heads[1]!, 'stop is this screen’s');
  assert.ok(quitAt > heads[2]!, 'quit works everywhere');
  assert.ok(downAt === -1 || (downAt > heads[1]! && downAt < heads[2]!), 'a move is with the moves');
  const wide = helpLines(bindings, 160);
  for (const line of wide) assert.ok(displayWidth(line) <= 160, line);
  assert.match(wide[0] ?? '', /^This screen +Moving$/, 'two columns side by side');
  assert.ok(wide.length < at80.length, 'shorter in two columns');
});
