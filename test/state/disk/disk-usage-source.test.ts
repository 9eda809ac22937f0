/** The disk usage source (state/disk): asked only while demanded, never two at once, changes coalesced, computing said. */
import assert from 'node:assert/strict';
import { test } from 'node:test';
import type { DiskUsageAnswer } from '../../../src/engine/disk-usage.ts';
import { DiskUsageSource, type DiskClient } from '../../../src/state/disk/disk-usage-source.ts';

/** A client whose answers the test gives, one pending request at a time, counting requests. */
function fakeClient() {
  const listeners = new Set<(a: DiskUsageAnswer) => void>();
  const pending: Array<(a: DiskUsageAnswer) => void> = [];
  let inFlight = 0;
  let most = 0;
  let asked = 0;
  const client: DiskClient = {
    systemDf: () => {
      asked++;
      inFlight++;
      most = Math.max(most, inFlight);
      return new Promise((resolve) =>
        pending.push((answer) => {
          inFlight--;
          for (const l of listeners) l(answer);
          resolve(answer);
        }),
      );
    },
    onDiskUsage: (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
  return { client, pending, asked: () => asked, most: () => most, listeners };
}

const until = async (ok: () => boolean): Promise<void> => {
  for (let i = 0; i < 500 && !ok(); i++) await new Promise((r) => setTimeout(r, 2));
  assert.ok(ok());
};

test('nothing is asked until something demands it; one request at a time; a burst of changes asks once more', async () => {
  const fake = fakeClient();
  const source = new DiskUsageSource(() => fake.client, 60_000, 0);
  source.watch({});
  source.onEngineEvent({ Type: 'volume', Action: 'create' });
  assert.equal(fake.asked(), 0);
  source.watch({ diskUsage: true });
  assert.equal(fake.asked(), 1);
  await until(() => source.store.getState().computing);
  for (let i = 0; i < 5; i++) source.onEngineEvent({ Type: 'volume', Action: 'create' });
  source.onEngineEvent({ Type: 'container', Action: 'start' }); // not a change to the disk
  fake.pending.shift()?.({ Volumes: [{ Name: 'a', UsageData: { Size: 1, RefCount: 0 } }] });
  await until(() => fake.asked() === 2);
  assert.equal(fake.most(), 1, 'never two at once');
  assert.deepEqual(source.store.getState().usage?.Volumes?.[0]?.Name, 'a');
  fake.pending.shift()?.({});
  await until(() => !source.store.getState().computing);
  // Not demanded any more: changes ask nothing, and the listener is gone.
  source.watch({});
  source.onEngineEvent({ Type: 'volume', Action: 'destroy' });
  await new Promise((r) => setTimeout(r, 20));
  assert.equal(fake.asked(), 2);
  assert.equal(fake.listeners.size, 0);
  source.stop();
});

test('another reader’s answer (the pulse line, a prune preview) lands here while demanded', async () => {
  const fake = fakeClient();
  const source = new DiskUsageSource(() => fake.client, 60_000, 0);
  source.watch({ diskUsage: true });
  fake.pending.shift()?.({});
  await until(() => !source.store.getState().computing);
  for (const l of fake.listeners) l({ Volumes: [{ Name: 'other' }] });
  assert.equal(source.store.getState().usage?.Volumes?.[0]?.Name, 'other');
  source.stop();
});

test('Podman’s `remove` (Docker says destroy or delete) asks again too', async () => {
  const fake = fakeClient();
  const source = new DiskUsageSource(() => fake.client, 60_000, 0);
  source.watch({ diskUsage: true });
  fake.pending.shift()?.({});
  await until(() => !source.store.getState().computing);
  for (const Type of ['volume', 'container', 'image']) {
    const asked = fake.asked();
    source.onEngineEvent({ Type, Action: 'remove', Actor: { ID: '', Attributes: { name: 'x' } } });
    await until(() => fake.asked() === asked + 1);
    fake.pending.shift()?.({});
    await until(() => !source.store.getState().computing);
  }
  source.stop();
});
