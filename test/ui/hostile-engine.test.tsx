/**
 * What a person sees when the engine misbehaves: the whole app (real EngineClient, EngineSync and
 * PullManager) against a fake engine on a unix socket. Each fault ends in a clear line on screen,
 * and the keys keep working meanwhile.
 */
import assert from 'node:assert/strict';
import type http from 'node:http';
import { after, test } from 'node:test';
import type { SyncOptions } from '../../src/state/engine-sync.ts';
import { bounded } from '../support/bounded.ts';
import { drip, json, type FakeEngineOptions } from '../support/fake-engine.ts';
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
        // As fast as berth reads: the next megabyte when the last has drained, none once it hangs up.
        const drained = () =>
          new Promise<void>((resolve) => {
            const done = () => {
              res.off('drain', done).off('close', done);
              resolve();
            };
            res.on('drain', done).on('close', done);
          });
        for (let i = 0; i < 50 && !res.destroyed; i++) {
          if (!res.write(chunk) && !res.destroyed) await drained();
        }
        if (!res.destroyed) res.end('\n');
      },
    },
  });
  await ui.waitFor(/● live/);
  await ui.press('p');
  await ui.waitFor(/Pull an image/);
  await ui.press('alpine', '\r');
  // Before the registry answered: the dialog says why, with what was typed; the Pulls pane too.
  // 50 MB through the pull's line reader: seconds of CPU on a loaded 2-core machine (a bound, never the wait).
  await ui.waitFor(/Pull an image[\s\S]*✗ .*sent a JSON line/, 30_000);
  await ui.press('\u001b', '3');
  await ui.waitFor(/alpine.*failed/);
  await ui.press('1');
  await ui.waitFor(/no running containers/);
});

test('the event stream reset mid-way: the banner says so, and berth reconnects by itself', async () => {
  let first: http.ServerResponse | undefined;
  const ui = await app({
    routes: {
      '/events': (_req, res) => {
        res.writeHead(200, { 'content-type': 'application/json' });
        if (first) return res.flushHeaders(); // the second stream stays up
        first = res;
        res.write('{"Type":"container","Action":"start","Actor":{"ID":"x"},"time":1}\n{"Typ');
      },
    },
  });
  // Berth has read the first event, and with it (the same write) the start of the second.
  const heard = new Promise<void>((resolve) => {
    const off = ui.sync.onEvent(() => {
      off();
      resolve();
    });
  });
  await ui.waitFor(/● live/);
  await bounded(heard, 'the first event read');
  assert.ok(first, 'the stream is open');
  first.socket?.destroy();
  const down = await ui.waitFor(/cannot reach unix:\/\/.*: lost the connection \(other side closed\)/);
  assert.match(down, /✕ unreachable/);
  const back = await ui.waitFor(/● live/);
  assert.doesNotMatch(back, /cannot reach/);
});

test('a list dripping a byte a second: keys still work, and the wait ends with a timeout on screen', async () => {
  const ui = await app(
    {
      routes: {
        '/containers/json': drip(1000),
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

/**
 * Timers measure from the event loop's clock, read at the start of a turn: one set during a turn
 * can end up to that turn's length before its delay is over by Date.now() (and the two clocks
 * round apart by a millisecond or so). A cadence measured by arrival times allows this much per
 * interval.
 */
const CLOCKS_MS = 50;

/**
 * The whole list (all=1, nothing else): what every poll asks for, and only a poll or an event.
 * Not the incidents' scan for OOM kills before berth started (all=1 with a status filter, two
 * seconds after the start): counted as a poll, it made three "tries" fall within two periods.
 */
const FULL_LIST = /^GET \/containers\/json\?all=1$/;

test('a list that answers 500: the engine’s words on the error line, the rest carries on, no retry storm', async () => {
  // A safety poll (the cadence while events are live) short enough to watch a few of.
  const safetyMs = 800;
  const ui = await app({ faults: { listError: 'Error response from daemon: the database is locked' } }, 30_000, { safetyIntervalMs: safetyMs });
  const frame = await ui.waitFor(/engine: Error response from daemon: the database is locked/);
  assert.match(frame, /● live/, 'the engine is there: it answered, if only to refuse');
  assert.doesNotMatch(frame, /cannot reach/);
  // The next three tries of the list: a retry storm would send them at once, the safety poll one a
  // period, each period counted from the end of the try before.
  const next = ui.fake.count(FULL_LIST) + 1;
  const tries = Promise.all([ui.fake.arrived(FULL_LIST, next), ui.fake.arrived(FULL_LIST, next + 2)]);
  await ui.watch(tries, (f) => assert.doesNotMatch(f, /cannot reach|unexpected error/));
  const [first, third] = await tries;
  assert.ok(third - first >= 2 * (safetyMs - CLOCKS_MS), `three tries of the list within ${third - first} ms; the safety poll is every ${safetyMs} ms`);
  // The engine recovers: the next refresh clears the line.
  ui.fake.setFaults({});
  ui.fake.route('/containers/json', (_req, res) => json(res, 200, [{ Id: 'c'.repeat(64), Names: ['/back-again'], Image: 'busybox', State: 'running', Status: 'Up 1 second', Created: 1 }]));
  await ui.press('a', 'a');
  await ui.waitFor(/back-again/, 30_000);
  // Each list's own success clears its own problem: both are gone once both have answered.
  await ui.waitFor(/^(?![\s\S]*database is locked)/, 5000);
});

const EVENTS = /^GET \/events\b/;
const PING = /^\w+ \/_ping\b/;

test('an event stream that ends every second: no banner, still live, reopened with pauses rather than in a loop', async () => {
  const lifeMs = 1000;
  // The pauses before each reopening while streams keep ending early (the app's backoff, 100 and 200 ms, the last repeating).
  const pauses = [100, 200, 200];
  const ui = await app({ faults: { eventsEndAfterMs: lifeMs } });
  await ui.waitFor(/● live/);
  const opened = Promise.all([ui.fake.arrived(EVENTS, 1), ui.fake.arrived(EVENTS, pauses.length + 1)]);
  await ui.watch(opened, (f) => assert.doesNotMatch(f, /cannot reach|unreachable/, 'the engine never went away'));
  const [first, last] = await opened;
  // Each stream lived its second and was followed by its pause: reopened in a loop, they would come sooner.
  const least = pauses.length * lifeMs + pauses.reduce((a, b) => a + b, 0);
  assert.ok(last - first >= least - pauses.length * CLOCKS_MS, `${pauses.length} reopenings within ${last - first} ms; at least ${least} ms expected`);
  const streams = ui.fake.count(EVENTS);
  assert.equal(streams, pauses.length + 1, 'no stream opened besides');
  assert.ok(ui.fake.count(PING) <= streams + 1, 'one ping per ending at most');
  assert.ok(ui.fake.openConnections() <= 4, `connections open: ${ui.fake.openConnections()}`);
  await ui.waitFor(/● live/);
});

test('answers that take seconds: "not responding" while they are held, live when they come, and requests do not pile up', async () => {
  const ui = await app({ faults: { delayMs: 3000 } }, 30_000, { probeAfterMs: 1000, probeTimeoutMs: 1000 });
  await ui.waitFor(/not responding for \d+ s/, 10_000);
  await ui.waitFor(/● live/, 10_000);
  // Two more rounds of slow answers: probes while nothing answers (a ping when quiet, another past
  // its deadline), then the lists asked for again once answers come (the third time in all).
  await ui.fake.arrived(FULL_LIST, 3, 15_000);
  // One probe, the lists and the version, the event stream, and the one look for containers
  // OOM-killed before berth started (once, 2 s after the start): never a growing heap of them.
  const most = ui.fake.mostHeld();
  assert.ok(most <= 7, `answers held back at once: ${most}`);
  assert.ok(ui.fake.openConnections() <= 8, `connections open: ${ui.fake.openConnections()}`);
});
