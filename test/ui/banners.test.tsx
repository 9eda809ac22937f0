/**
 * What the banners claim: no "stale" when there never was data, and an engine that refuses the
 * pinned API version says so in full (wrapped, not cut), with what to do, instead of sitting at
 * "connecting". The refusal runs the real client and sync loop against a fake engine that answers
 * as dockerd 20.10 does.
 */
import assert from 'node:assert/strict';
import { after, test } from 'node:test';
import { json, type FakeHandler } from '../support/fake-engine.ts';
import { appOnFakeEngine } from '../support/fake-engine-app.tsx';
import { container, renderApp } from '../support/ui-harness.tsx';

const cleanups: Array<() => Promise<void> | void> = [];
after(async () => {
  for (const cleanup of cleanups.reverse()) await cleanup();
});

/** The text of a frame with its line breaks taken out: a wrapped message reads whole again. */
const joined = (frame: string) => frame.replace(/\s*\n\s*/g, ' ');

test('unreachable before any data: the reason and the hint, and no claim of stale data', async () => {
  const ui = renderApp({ size: { columns: 80, rows: 24 } });
  cleanups.push(() => ui.close());
  ui.engineStore.update((s) => ({
    ...s,
    connection: { status: 'unreachable', endpoint: 'tcp://garbage:2375', eventsLive: false, error: 'the host name "garbage" of tcp://garbage:2375 does not resolve', hint: 'check the address in --host, DOCKER_HOST or the docker context', retryAt: Date.now() + 3000 },
    containers: { items: [], loaded: false, stale: false },
    images: { items: [], loaded: false, stale: false },
  }));
  await ui.settle();
  const frame = ui.frame();
  assert.match(frame, /cannot reach tcp:\/\/garbage:2375: the host name "garbage" does not resolve/);
  assert.match(frame, /check the address in --host, DOCKER_HOST/);
  assert.doesNotMatch(frame, /stale/);

  // Without a hint, nothing is said about data there never was either.
  ui.engineStore.update((s) => ({ ...s, connection: { ...s.connection, hint: undefined } }));
  await ui.settle();
  assert.doesNotMatch(ui.frame(), /stale/);
});

test('unreachable after berth was connected: the last data stays, marked stale', async () => {
  const ui = renderApp({ size: { columns: 80, rows: 24 }, containers: [container('aaa111', 'web')] });
  cleanups.push(() => ui.close());
  ui.engineStore.update((s) => ({
    ...s,
    connection: { ...s.connection, status: 'unreachable', error: 'connection refused', retryAt: Date.now() + 3000, connectedAt: Date.now() - 60_000 },
    containers: { ...s.containers, stale: true },
  }));
  await ui.settle();
  assert.match(ui.frame(), /showing the last known data \(stale\)/);
  assert.match(ui.frame(), /\[stale\]/);
  assert.match(ui.frame(), /web/);
});

/** A fake dockerd 20.10 that refuses every path with a version it does not speak. */
function refusing(pin: string): Record<string, FakeHandler> {
  const refuse: FakeHandler = (req, res) => {
    if ((req.url ?? '').startsWith(`/v${pin}/`)) {
      res.writeHead(400, { 'content-type': 'text/plain' });
      res.end(`client version ${pin} is too old. Minimum supported API version is 1.12, please upgrade your client to a newer version\n`);
      return;
    }
    json(res, 200, req.url?.endsWith('/version') ? { Version: '20.10.24', ApiVersion: '1.41', MinAPIVersion: '1.12' } : []);
  };
  return { '/containers/json': refuse, '/images/json': refuse, '/version': refuse, '/events': refuse };
}

for (const columns of [60, 80, 120]) {
  test(`a pinned API version the engine refuses, at ${columns} columns: "refused", its words in full, and what to do`, async () => {
    const ui = await appOnFakeEngine({ routes: refusing('0.1') }, { cleanups, apiVersion: '0.1', columns });
    const frame = ui.frame;
    await ui.waitFor((f) => /from 1\.40 to 1\.41/.test(joined(f)));
    const text = joined(frame());
    assert.match(frame().split('\n')[0] ?? '', /✕ refused/, frame());
    assert.ok(text.includes('client version 0.1 is too old. Minimum supported API version is 1.12, please upgrade your client to a newer version'), frame());
    assert.ok(text.includes('--api-version pins 0.1: drop --api-version (berth then negotiates a version) or pin one from 1.40 to 1.41'), frame());
    for (const line of frame().split('\n')) assert.ok(line.length <= columns, `a line wider than ${columns}: ${line}`);
    assert.doesNotMatch(frame(), /connecting/);
  });
}
