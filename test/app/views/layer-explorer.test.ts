/**
 * The layer explorer as data: what its answers do to it (a question before a big read over the
 * network, progress that keeps what is shown, the whole, the engine's words), its y and n while
 * it asks, its lines' exact figures, and the setting that sets when it asks.
 */
import assert from 'node:assert/strict';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, test } from 'node:test';
import type { LayersReply } from '../../../src/app/commands.ts';
import { plainFlags } from '../../../src/app/input/press.ts';
import { viewApp } from '../../../src/app/keys/reduce.ts';
import { initialAppState, type AppState, type LayersOverlay } from '../../../src/app/types.ts';
import { layers } from '../../../src/app/views/layer-explorer.ts';
import { changeTree } from '../../../src/app/views/diff.ts';
import { efficiencyPercent, exactBytes, layerTree } from '../../../src/app/views/layer-lines.ts';
import type { LayerChange } from '../../../src/state/layers/layer-analysis.ts';
import { formatBytes } from '../../../src/app/format/index.ts';
import { loadSettings } from '../../../src/main/settings.ts';
import { initialEngineState } from '../../../src/state/engine-state.ts';
import { uiContext } from '../../support/ui-context.ts';

const base: LayersOverlay = { kind: 'layer-explorer', id: 3, imageId: 'sha256:abc', title: 'web:1', top: 0 };
const withOverlay = (overlay: LayersOverlay): AppState => ({ ...initialAppState(), overlays: [overlay], serial: overlay.id });
const ctx = uiContext({ engine: initialEngineState('x') });
const answer = (state: AppState, result: LayersReply) => layers.result!(state, state.overlays[0] as LayersOverlay, result, ctx, viewApp);
const press = (state: AppState, name: string) => layers.key(state, state.overlays[0] as LayersOverlay, { name, input: name, key: plainFlags }, ctx, viewApp);
const top = (state: AppState) => state.overlays[0] as LayersOverlay | undefined;

const dir = mkdtempSync(join(tmpdir(), 'berth-layers-settings-'));
after(() => rmSync(dir, { recursive: true, force: true }));

test('an answer replaces what the last said: progress keeps the first layer’s lines, the whole takes their place, a failure shows the engine’s words', () => {
  let state = answer(withOverlay(base), { kind: 'layers-progress', reading: 'reading 1MB', lines: ['first layer'] }).state;
  assert.equal(top(state)?.reading, 'reading 1MB');
  state = answer(state, { kind: 'layers-progress', reading: 'reading 2MB' }).state;
  assert.deepEqual([top(state)?.reading, top(state)?.lines], ['reading 2MB', ['first layer']]);
  state = answer(state, { kind: 'layers-done', lines: ['dive: wasted 1 bytes'] }).state;
  assert.deepEqual([top(state)?.reading, top(state)?.lines], [undefined, ['dive: wasted 1 bytes']]);
  const failed = answer(withOverlay(base), { kind: 'layers-failed', message: 'No such image: x' }).state;
  assert.deepEqual(top(failed)?.lines, ['error: No such image: x']);
});

test('asked before a big read over ssh: n closes, moving nothing; y reads it, asked no more', () => {
  const asking = answer(withOverlay(base), { kind: 'layers-ask', bytes: 2e9, over: 'ssh' }).state;
  assert.deepEqual(top(asking)?.ask, { bytes: 2e9, over: 'ssh' });
  assert.deepEqual(layers.contexts(top(asking)!), ['confirm', 'inspect', 'global']);
  const no = press(asking, 'n');
  assert.equal(no?.state.overlays.length, 0);
  assert.ok(!no?.commands.some((c) => c.type === 'layers-load'));
  const yes = press(asking, 'y');
  assert.equal(top(yes!.state)?.ask, undefined);
  assert.deepEqual(yes?.commands, [{ type: 'layers-load', overlay: 3, imageId: 'sha256:abc', askAbove: Number.POSITIVE_INFINITY }]);
  // Not asking, y is no key of the view's.
  assert.equal(press(withOverlay(base), 'y'), undefined);
});

test('the figures as the lines write them: every byte, grouped; efficiency to four decimals', () => {
  assert.equal(exactBytes(13_631_488), '13,631,488');
  assert.equal(exactBytes(0), '0');
  assert.equal(efficiencyPercent(5 / 13), '38.4615 %');
  assert.equal(efficiencyPercent(1), '100.0000 %');
});

test('a layer’s tree is the diff view’s tree with sizes: its order (/a/b before /a-b and /a.b), implied directories, a path that is not clean', () => {
  const changes: LayerChange[] = [
    { path: '/a-b', kind: 'added', size: 3, entry: 'file' },
    { path: '/a/b/c', kind: 'changed', size: 2_000, entry: 'file' },
    { path: '/a.b', kind: 'added', size: 0, entry: 'link' },
    { path: '/a', kind: 'added', size: 0, entry: 'dir' },
    { path: '/z/y', kind: 'deleted', size: 5_000_000, entry: 'dir' },
    { path: '//*', kind: 'deleted', size: 7, entry: 'other' },
    { path: '/a/b/.wh', kind: 'added', size: 1, entry: 'file' },
    { path: '/é/ß', kind: 'added', size: 10, entry: 'file' },
  ];
  const sizes = new Map(changes.map((c) => [c.path, c]));
  const note = (path: string) => {
    const c = sizes.get(path);
    if (!c || (c.entry === 'dir' && c.kind !== 'deleted')) return '';
    return c.kind === 'deleted' ? `${formatBytes(c.size)} freed` : formatBytes(c.size);
  };
  assert.deepEqual(
    layerTree(changes),
    changeTree(changes, note).map((line) => `  ${line}`),
  );
  assert.ok(layerTree(changes).includes('  A a'));
});

test('config.json layersAskAboveMB: MB to bytes; anything but a number of 0 or more is refused in words', () => {
  const file = (name: string, text: string) => {
    const path = join(dir, name);
    writeFileSync(path, text);
    return path;
  };
  const set = loadSettings(file('ask.json', '{"layersAskAboveMB": 20}'));
  assert.equal(typeof set === 'object' && set.layersAskAbove, 20_000_000);
  assert.match(String(loadSettings(file('bad.json', '{"layersAskAboveMB": "lots"}'))), /"layersAskAboveMB" must be a number of MB/);
});
