import assert from 'node:assert/strict';
import { test } from 'node:test';
import { DEMO_PULL_BYTES_PER_SECOND, demoRegistryLines } from './demo-registry.ts';
import { MULTI_LAYER_MIB } from './images.ts';
import { Pacer } from './throttle-proxy.ts';

const MiB = 1024 * 1024;

test('on a shared link, chunks of parallel downloads queue behind each other; on its own, each takes its own time', () => {
  const shared = new Pacer(2 * MiB, true);
  assert.equal(shared.holdMs(MiB, 0), 500, 'the first chunk: its own half second');
  assert.equal(shared.holdMs(MiB, 0), 1000, "another connection's chunk at the same moment waits for the first");
  assert.equal(shared.holdMs(MiB, 5000), 500, 'an idle link owes nothing');
  const own = new Pacer(2 * MiB);
  assert.equal(own.holdMs(MiB, 0), 500);
  assert.equal(own.holdMs(MiB, 0), 500);
});

test("the demo's pull of the multi-layer image lasts long enough to watch, at ~2 MB/s, and the demo says so", () => {
  const bytes = MULTI_LAYER_MIB.reduce((sum, n) => sum + n, 0) * MiB;
  const link = new Pacer(DEMO_PULL_BYTES_PER_SECOND, true);
  // Four layers in 64 KiB chunks, as parallel downloads hand them over: the last is passed on after…
  let held = 0;
  for (let sent = 0; sent < bytes; sent += 64 * 1024) held = link.holdMs(64 * 1024, 0);
  assert.ok(held >= 10_000, `the whole pull takes ${held} ms at the demo's rate`);
  const lines = demoRegistryLines({
    address: '127.0.0.1:41999',
    clientConfigDir: '/tmp/berth-sandbox-x/demo-client-config',
    images: { busybox: 'berth-test/busybox:latest', registryBusybox: '127.0.0.1:41999/berth/busybox:latest', multiLayer: '127.0.0.1:41999/berth/layers:latest' },
    bytesPerSecond: DEMO_PULL_BYTES_PER_SECOND,
  });
  assert.match(lines[0] ?? '', /^registry 127\.0\.0\.1:41999 .*slowed to ~2 MB\/s so a pull can be watched/);
  assert.match(lines[1] ?? '', /^try: p then 127\.0\.0\.1:41999\/berth\/layers:latest .*\(24 MiB, ~12 s;/);
});
