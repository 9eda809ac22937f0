/**
 * src/ui/yoga.ts, the way berth's bundle loads yoga-layout: the same constants and the same
 * loaded library as yoga-layout's own entry, which the tests' Ink uses.
 */
import assert from 'node:assert/strict';
import { test } from 'node:test';
import YogaEntry from 'yoga-layout';
import Yoga, { legacyConstants, withoutFetch, yogaReady } from '../../src/ui/yoga.ts';
import * as load from 'yoga-layout/load';

test("the old-style constants are exactly yoga-layout's own", () => {
  const own = Object.fromEntries(Object.entries(YogaEntry).filter(([, value]) => typeof value === 'number'));
  const { loadYoga: _loadYoga, ...enums } = load;
  assert.deepEqual(legacyConstants(enums), own);
});

test('once ready, Yoga lays out as the entry’s does', async () => {
  await yogaReady;
  const root = Yoga.Node.create();
  root.setWidth(80);
  root.setFlexDirection(Yoga.FLEX_DIRECTION_ROW);
  const child = Yoga.Node.create();
  child.setFlexGrow(1);
  root.insertChild(child, 0);
  root.calculateLayout(undefined, undefined, Yoga.DIRECTION_LTR);
  assert.equal(child.getComputedWidth(), 80);
  root.freeRecursive();
});

test('its WebAssembly is decoded where it is, never fetched (a first fetch loads Node’s own undici)', async () => {
  const real = globalThis.fetch;
  const fetched: unknown[] = [];
  globalThis.fetch = ((input: Parameters<typeof fetch>[0], init?: Parameters<typeof fetch>[1]) => {
    fetched.push(input);
    return real(input, init);
  }) as typeof fetch;
  try {
    const hidden = await withoutFetch(load.loadYoga);
    assert.equal(fetched.length, 0, 'no fetch with the global hidden');
    assert.equal(globalThis.fetch === real, false, 'and the spy is back in place after the call');
    assert.equal(typeof hidden.Node.create, 'function');
    // The check can fail: given fetch, the loader uses it.
    await load.loadYoga();
    assert.equal(fetched.length, 1);
  } finally {
    globalThis.fetch = real;
  }
});
