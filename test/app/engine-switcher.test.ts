/**
 * The engine switcher through the app store, the reducer and the CommandRunner, with a fake
 * engine world (the real one, two dockerd, is test/e2e/engine-switch.test.ts): the list opens at
 * once and fills in as probes answer, a refused switch keeps everything and says why in the
 * switcher, a switch that works closes every view and says where berth is now, and keys arriving
 * in one burst (E, j, Enter) act in order on the list as it is then.
 */
import assert from 'node:assert/strict';
import { afterEach, test } from 'node:test';
import type { EngineClient } from '../../src/engine/client.ts';
import { createRuntime } from '../../src/app/runtime.ts';
import { initialAppState, topOverlay, type EnginesOverlay } from '../../src/app/types.ts';
import type { SessionTarget } from '../../src/state/engine-session.ts';
import type { EngineSync } from '../../src/state/engine-sync.ts';
import { initialEngineState, type EngineState } from '../../src/state/engine-state.ts';
import type { EngineChoice, EngineSwitching, SwitchOutcome } from '../../src/state/engine-switch.ts';
import { plainFlags } from '../../src/app/input/press.ts';
import { PullManager } from '../../src/state/pulls/pull-manager.ts';
import { LiveSources } from '../../src/state/sources.ts';
import { Store } from '../../src/state/store.ts';
import { FakePullClient } from '../support/fake-pulls.ts';

const settle = async () => {
  for (let i = 0; i < 30; i++) await Promise.resolve();
};

class FakeEngines implements EngineSwitching {
  probes = new Map<string, { resolve: (text: string) => void; reject: (error: Error) => void }>();
  switches: Array<{ target: SessionTarget; resolve: (outcome: SwitchOutcome) => void }> = [];
  list: EngineChoice[] = [
    { name: 'default', host: 'unix:///a.sock', current: true, target: { host: 'unix:///a.sock' }, description: 'DOCKER_HOST' },
    { name: 'gone', host: 'unix:///gone.sock', current: false, target: { context: 'gone' } },
    { name: 'second', host: 'unix:///b.sock', current: false, target: { context: 'second' } },
  ];
  choices() {
    return this.list;
  }
  probe(target: SessionTarget) {
    return new Promise<string>((resolve, reject) => this.probes.set(target.context ?? target.host ?? '', { resolve, reject }));
  }
  switchTo(target: SessionTarget) {
    return new Promise<SwitchOutcome>((resolve) => this.switches.push({ target, resolve }));
  }
}

let cleanup: Array<() => void> = [];
afterEach(() => {
  for (const c of cleanup) c();
  cleanup = [];
});

function app() {
  const engines = new FakeEngines();
  const engineStore = new Store<EngineState>({ ...initialEngineState('x'), containers: { items: [], loaded: true, stale: false }, images: { items: [], loaded: true, stale: false } });
  const pulls = new PullManager({ client: new FakePullClient(), throttleMs: 0 });
  // No engine behind it: the switcher's work goes to FakeEngines, and no list is refreshed.
  const sync = { refreshContainers: async () => undefined, refreshImages: async () => undefined, onEvent: () => () => undefined, onReconnect: () => () => undefined };
  const sources = new LiveSources({ client: {} as EngineClient, store: engineStore, sync: sync as unknown as EngineSync, label: 'test' }, pulls);
  const runtime = createRuntime(sources, { quit: () => undefined, copy: () => undefined, terminal: { columns: 100, rows: 30 }, initial: initialAppState({ columns: 100, rows: 30 }), logDir: () => '/nonexistent', engines });
  const { store } = runtime;
  cleanup.push(() => runtime.dispose(), () => pulls.stop());
  const press = (...names: string[]) => {
    for (const name of names) store.press({ name, input: name.length === 1 ? name : '', key: { ...plainFlags, return: name === 'return', escape: name === 'escape' } });
  };
  const switcher = () => {
    const top = topOverlay(store.getState());
    return top?.kind === 'engines' ? (top as EnginesOverlay) : undefined;
  };
  return { engines, store, press, switcher };
}

test('E lists the engines at once, the current one selected; probes fill in as they answer', async () => {
  const a = app();
  a.press('E');
  await settle();
  const opened = a.switcher();
  assert.ok(opened?.rows);
  assert.deepEqual(opened.rows.map((r) => r.name), ['default', 'gone', 'second']);
  assert.equal(opened.selected, 0);
  assert.equal(opened.rows[2]?.reach, undefined, 'not asked yet');
  a.engines.probes.get('second')?.resolve('docker 20.10.24');
  a.engines.probes.get('gone')?.reject(new Error('no engine socket at /gone.sock'));
  await settle();
  const rows = a.switcher()?.rows ?? [];
  assert.deepEqual(rows[2]?.reach, { ok: true, text: 'docker 20.10.24' });
  assert.deepEqual(rows[1]?.reach, { ok: false, text: 'no engine socket at /gone.sock' });
});

test('a refused switch keeps the switcher open with the reason; Enter again tries again', async () => {
  const a = app();
  a.press('E', 'j', 'return'); // one burst: the list is in the store before j arrives
  await settle();
  assert.deepEqual(a.engines.switches.map((s) => s.target), [{ context: 'gone' }]);
  assert.equal(a.switcher()?.switching, 'gone');
  a.press('return'); // while one is under way: nothing more
  assert.equal(a.engines.switches.length, 1);
  a.engines.switches[0]?.resolve({ ok: false, message: 'cannot reach unix:///gone.sock: no engine socket' });
  await settle();
  assert.equal(a.switcher()?.switching, undefined);
  assert.equal(a.switcher()?.error, 'cannot reach unix:///gone.sock: no engine socket');
  a.press('return');
  await settle();
  assert.equal(a.engines.switches.length, 2);
});

test('a switch that works closes every view, starts the panes over and says where berth is', async () => {
  const a = app();
  a.press('?'); // a view under the switcher
  a.press('E', 'G', 'return');
  await settle();
  assert.deepEqual(a.engines.switches[0]?.target, { context: 'second' });
  a.engines.switches[0]?.resolve({ ok: true, label: 'second @ unix:///b.sock' });
  await settle();
  const state = a.store.getState();
  assert.equal(state.overlays.length, 0);
  assert.match(state.notice?.text ?? '', /switched to second \(second @ unix:\/\/\/b\.sock\)/);
});

test('Enter on the engine berth is on says so and switches nothing; Esc closes', async () => {
  const a = app();
  a.press('E', 'return');
  await settle();
  assert.equal(a.engines.switches.length, 0);
  assert.match(a.store.getState().notice?.text ?? '', /already/);
  a.press('escape');
  assert.equal(a.switcher(), undefined);
});
