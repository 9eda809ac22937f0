/**
 * What a person sees when the engine misbehaves: the whole app (real EngineClient, EngineSync and
 * PullManager) against a fake engine on a unix socket. Each fault ends in a clear line on screen,
 * and the keys keep working meanwhile.
 */
import assert from 'node:assert/strict';
import { after, test } from 'node:test';
import type { SyncOptions } from '../../src/state/engine-sync.ts';
import { json, type FakeEngineOptions } from '../support/fake-engine.ts';
import { appOnFakeEngine } from '../support/fake-engine-app.tsx';

const cleanups: Array<() => Promise<void> | void> = [];
after(async () => {
  for (const cleanup of cleanups.reverse()) await cleanup();
});

function app(options: FakeEngineOptions, timeoutMs = 30_000, syncOptions: Partial<SyncOptions> = {}) {
  return appOnFakeEngine(options, { cleanups, timeoutMs, syncOptions });
}

test('an HTML error page from a proxy: its title and what it means, on the error line', async () => {
  const ui = await app({
    routes: {
      '/containers/json': (_req, res) => {
        res.writeHead(502, { 'content-type': 'text/html' });
        res.end('<html><head><title>502 Bad Gateway</title></head><body><h1>502 Bad Gateway</h1><hr>nginx</body></html>');
      },
    },
  });
  const frame = await ui.waitFor(/engine: 502: 502 Bad Gateway/);
  assert.match(frame, /web page, not the engine’s: is a proxy/);
  assert.doesNotMatch(frame, /<title>|<h1>/, 'no markup on screen');
});

test('an engine too old to talk to: the reason and the fix', async () => {
  const ui = await app({ apiVersion: '0.1' });
  const frame = await ui.waitFor(/engine API version 0\.1 is too old: berth needs at least 1\.40/);
  assert.match(frame, /upgrade the engine/);
});

test('containers with null, missing and wrongly typed fields are listed, not fatal', async () => {
  const id = 'f'.repeat(64);
  const ui = await app({
    routes: {
      '/containers/json': (_req, res) =>
        json(res, 200, [
          { Id: id, Names: null, Image: null, State: 42, Status: null, Created: 'yesterday', Ports: null, Labels: null, Command: {}, Mounts: 'x', NetworkSettings: [] },
          { Id: 'a'.repeat(64), Names: ['/fine'], Image: 'busybox', State: 'running', Status: 'Up 1 second', Created: 1, Ports: [{ PrivatePort: 'eighty', Type: null }], Labels: { a: null } },
          null,
          { Names: ['/no-id'] },
        ]),
    },
  });
  await ui.press('a'); // all, running or not
  const frame = await ui.waitFor(/fine/);
  assert.match(frame, /ffffffffffff/, 'the broken one shows by its id');
  assert.doesNotMatch(frame, /no-id/, 'an entry without an id is dropped');
  assert.match(frame, /all: 2/);
});

test('a 50 MB line in a pull: the pull fails with the reason, the rest of berth carries on', async () => {
  const ui = await app({
    routes: {
      '/images/create': async (_req, res) => {
        res.writeHead(200, { 'content-type': 'application/json' });
        const chunk = Buffer.alloc(1024 * 1024, 0x78);
        for (let i = 0; i < 50 && !res.destroyed; i++) {
          if (!res.write(chunk) && !res.destroyed) await new Promise((resolve) => setTimeout(resolve, 5));
        }
        if (!res.destroyed) res.end('\n');
      },
    },
  });
  await ui.waitFor(/● live/);
  await ui.press('p');
  await ui.waitFor(/Pull an image/);
  await ui.press('alpine', '\r');
  const frame = await ui.waitFor(/✗ .*sent a JSON line longer than/);
  assert.match(frame, /alpine.*failed/);
  await ui.press('1');
  await ui.waitFor(/no running containers/);
});

test('the event stream reset mid-way: the banner says so, and berth reconnects by itself', async () => {
  let resets = 0;
  const ui = await app({
    routes: {
      '/events': (_req, res) => {
        res.writeHead(200, { 'content-type': 'application/json' });
        if (resets++ > 0) return res.flushHeaders(); // the second stream stays up
        res.write('{"Type":"container","Action":"start","Actor":{"ID":"x"},"time":1}\n{"Typ');
        setTimeout(() => res.socket?.destroy(), 300);
      },
    },
  });
  await ui.waitFor(/● live/);
  const down = await ui.waitFor(/cannot reach unix:\/\/.*: lost the connection \(other side closed\)/);
  assert.match(down, /✕ unreachable/);
  const back = await ui.waitFor(/● live/);
  assert.doesNotMatch(back, /cannot reach/);
});

test('a list dripping a byte a second: keys still work, and the wait ends with a timeout on screen', async () => {
  const ui = await app(
    {
      routes: {
        '/containers/json': (_req, res) => {
          res.writeHead(200, { 'content-type': 'application/json' });
          const timer = setInterval(() => res.write(' '), 1000);
          res.on('close', () => clearInterval(timer));
        },
        '/images/json': (_req, res) => json(res, 200, [{ Id: `sha256:${'b'.repeat(64)}`, RepoTags: ['drip/ok:1'], Created: 1, Size: 1 }]),
      },
    },
    2000,
  );
  await ui.waitFor(/loading containers/);
  await ui.press('2');
  await ui.waitFor(/drip\/ok/, 3000);
  await ui.waitFor(/did not finish answering within 2 s/, 10_000);
});

/** Requests the fake engine got for a route, versions and queries aside. */
function count(requests: readonly string[], route: string): number {
  return requests.filter((r) => r.replace(/^\w+ (\/v\d+\.\d+)?/, '').split('?')[0] === route).length;
}

test('a list that answers 500: the engine’s words on the error line, the rest carries on, no retry storm', async () => {
  const ui = await app({ faults: { listError: 'Error response from daemon: the database is locked' } });
  const frame = await ui.waitFor(/engine: Error response from daemon: the database is locked/);
  assert.match(frame, /● live/, 'the engine is there: it answered, if only to refuse');
  assert.doesNotMatch(frame, /cannot reach/);
  const before = count(ui.fake.requests, '/containers/json');
  await ui.watch(3000, (f) => assert.doesNotMatch(f, /cannot reach|unexpected error/));
  // The safety poll's cadence (10 s here), not a loop: at most one more try in 3 s.
  assert.ok(count(ui.fake.requests, '/containers/json') - before <= 1, `list requests in 3 s: ${count(ui.fake.requests, '/containers/json') - before}`);
  // The engine recovers: the next refresh clears the line.
  ui.fake.setFaults({});
  ui.fake.route('/containers/json', (_req, res) => json(res, 200, [{ Id: 'c'.repeat(64), Names: ['/back-again'], Image: 'busybox', State: 'running', Status: 'Up 1 second', Created: 1 }]));
  await ui.press('a', 'a');
  await ui.waitFor(/back-again/, 15_000);
  // Each list's own success clears its own problem: both are gone once both have answered.
  await ui.waitFor(/^(?![\s\S]*database is locked)/, 5000);
});

test('an event stream that ends every second: no banner, still live, reopened with pauses rather than in a loop', async () => {
  const ui = await app({ faults: { eventsEndAfterMs: 1000 } });
  await ui.waitFor(/● live/);
  await ui.watch(5000, (f) => assert.doesNotMatch(f, /cannot reach|unreachable/, 'the engine never went away'));
  const streams = count(ui.fake.requests, '/events');
  // 5 s of streams that last 1 s, each followed by a pause of 100, 200, 200… ms: about four.
  assert.ok(streams >= 3 && streams <= 7, `event streams opened in 5 s: ${streams}`);
  assert.ok(count(ui.fake.requests, '/_ping') <= streams + 1, 'one ping per ending at most');
  assert.ok(ui.fake.openConnections() <= 4, `connections open: ${ui.fake.openConnections()}`);
});

test('answers that take seconds: "not responding" while they are held, live when they come, and requests do not pile up', async () => {
  const ui = await app({ faults: { delayMs: 3000 } }, 30_000, { probeAfterMs: 1000, probeTimeoutMs: 1000 });
  await ui.waitFor(/not responding for \d+ s/, 10_000);
  await ui.waitFor(/● live/, 10_000);
  let most = 0;
  await ui.watch(8000, () => {
    most = Math.max(most, ui.fake.held());
  });
  // One probe, the lists and the version, the event stream: never a growing heap of them.
  assert.ok(most <= 6, `answers held back at once: ${most}`);
  assert.ok(ui.fake.openConnections() <= 8, `connections open: ${ui.fake.openConnections()}`);
});
