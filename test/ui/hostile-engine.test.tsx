/**
 * What a person sees when the engine misbehaves: the whole app (real EngineClient, EngineSync and
 * PullManager) against a fake engine on a unix socket. Each fault ends in a clear line on screen,
 * and the keys keep working meanwhile.
 */
import assert from 'node:assert/strict';
import { after, test } from 'node:test';
import { json, type FakeEngineOptions } from '../support/fake-engine.ts';
import { appOnFakeEngine } from '../support/fake-engine-app.tsx';

const cleanups: Array<() => Promise<void> | void> = [];
after(async () => {
  for (const cleanup of cleanups.reverse()) await cleanup();
});

function app(options: FakeEngineOptions, timeoutMs = 30_000) {
  return appOnFakeEngine(options, { cleanups, timeoutMs });
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
