/**
 * The SIZE column's source: nothing asked until the column is shown, one question when it is,
 * again after a container event but not sooner than REFRESH_MS after the last, nothing while
 * hidden (mock timers; the engine is a stand-in).
 */
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { ContainerSizes, REFRESH_MS } from '../../src/state/columns/container-sizes.ts';

const settled = async () => {
  for (let i = 0; i < 5; i++) await new Promise((resolve) => setImmediate(resolve));
};

test('asked only while shown, once, then after a change no sooner than the refresh pace', async (t) => {
  t.mock.timers.enable({ apis: ['setTimeout', 'Date'] });
  let asked = 0;
  const sizes = new ContainerSizes(() => ({
    containerSizes: () => {
      asked += 1;
      return Promise.resolve([{ Id: 'a', SizeRw: 10, SizeRootFs: 100 }]);
    },
  }));
  sizes.watch({});
  sizes.onEngineEvent({ Type: 'container', Action: 'start', Actor: { ID: 'a' } });
  await settled();
  assert.equal(asked, 0, 'hidden: never asked');

  sizes.watch({ sizes: true });
  await settled();
  assert.equal(asked, 1);
  assert.deepEqual(sizes.store.getState().byId.get('a'), { rw: 10, rootFs: 100 });
  sizes.watch({ sizes: true });
  await settled();
  assert.equal(asked, 1, 'the same demand again asks nothing');

  sizes.onEngineEvent({ Type: 'container', Action: 'create', Actor: { ID: 'b' } });
  await settled();
  assert.equal(asked, 1, 'a change waits for the refresh pace');
  t.mock.timers.tick(REFRESH_MS);
  await settled();
  assert.equal(asked, 2);

  sizes.onEngineEvent({ Type: 'container', Action: 'destroy', Actor: { ID: 'b' } });
  sizes.watch({});
  t.mock.timers.tick(REFRESH_MS);
  await settled();
  assert.equal(asked, 2, 'hidden meanwhile: not asked');
  sizes.watch({ sizes: true });
  await settled();
  assert.equal(asked, 3, 'shown again and stale: asked');
  sizes.stop();
});
