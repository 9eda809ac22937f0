/**
 * Switching engines live, in a real pty, between two real dockerd: the sandbox's and a second
 * one started here. E lists the engines (DOCKER_HOST, the docker contexts written by the real
 * `docker context create`), each probed in the background; a context whose engine is not there
 * keeps berth where it was, with the reason; the other switches panes and status bar without a
 * restart, while a pull started on the first engine keeps running there, labelled with its
 * engine, to its end.
 */
import assert from 'node:assert/strict';
import { copyFileSync, mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { after, afterEach, before, test } from 'node:test';
import { freeze, registryPid, thaw, thawAll } from '../sandbox/engine-control.ts';
import { startSmallDiskEngine, type SmallDiskEngine } from '../sandbox/small-disk.ts';
import { key, launchBerth, type PtySession } from '../support/pty.ts';
import { sandboxDocker, sandboxEnv } from '../support/sandbox-env.ts';
import { startThrottleProxy, type ThrottleProxy } from '../sandbox/throttle-proxy.ts';

const env = sandboxEnv();
const tag = `switch${process.pid}`;
const sessions: PtySession[] = [];
const pulled: string[] = [];
let second: SmallDiskEngine | undefined;
let proxy: ThrottleProxy | undefined;
let configDir = '';

/** Bounds on a hung test only (a loaded machine); nothing here is a timing assertion. */
const WAIT_MS = 30_000;

before(async () => {
  second = await startSmallDiskEngine(env.dir, env.socketPath, { bytes: 256 * 1024 * 1024 });
  await second.docker(['run', '-d', '--network', 'none', '--name', `${tag}-second`, env.images.busybox, 'sleep', '3600']);
  await sandboxDocker(['run', '-d', '--network', 'none', '--name', `${tag}-first`, env.images.busybox, 'sleep', '3600']);
  // A docker config of this test's own (the sandbox registry's login copied in), with contexts
  // made by the real CLI: one for the second engine, one whose engine is not there.
  configDir = mkdtempSync(path.join(os.tmpdir(), 'berth-switch-'));
  copyFileSync(path.join(env.clientConfigDir, 'config.json'), path.join(configDir, 'config.json'));
  await sandboxDocker(['context', 'create', 'second', '--description', 'the second engine', '--docker', `host=${second.dockerHost}`], { configDir });
  await sandboxDocker(['context', 'create', 'gone', '--docker', `host=unix://${path.join(configDir, 'no-engine.sock')}`], { configDir });
});

afterEach(() => thawAll());

after(async () => {
  thawAll();
  for (const s of sessions) await s.stop();
  await proxy?.close();
  await sandboxDocker(['rm', '-f', `${tag}-first`]).catch(() => undefined);
  if (pulled.length) await sandboxDocker(['rmi', '-f', ...pulled]).catch(() => undefined);
  await second?.stop();
  if (configDir) rmSync(configDir, { recursive: true, force: true });
});

/** The switcher's rows as drawn: [selected, name] per row, in order. */
function engineRows(screen: string): Array<{ selected: boolean; name: string }> {
  const lines = screen.split('\n');
  const title = lines.findIndex((line) => line.startsWith('Engines ('));
  const rows: Array<{ selected: boolean; name: string }> = [];
  for (const line of lines.slice(title + 1)) {
    const match = /^([› ]) [* ] (\S+)/.exec(line);
    if (!match) break;
    rows.push({ selected: match[1] === '›', name: match[2] ?? '' });
  }
  return rows;
}

/** Moves the switcher's selection onto the row named `name`. */
async function selectEngine(b: PtySession, name: string): Promise<void> {
  const rows = engineRows(b.screen());
  const from = rows.findIndex((r) => r.selected);
  const to = rows.findIndex((r) => r.name === name);
  assert.ok(from >= 0 && to >= 0, `rows ${JSON.stringify(rows)}`);
  const moves = Array.from({ length: Math.abs(to - from) }, () => (to > from ? 'j' : 'k'));
  await b.type(...moves);
  await b.waitFor((s) => engineRows(s).find((r) => r.selected)?.name === name);
}

test('E switches between two dockerd live: a bad target keeps the engine, the good one brings its containers, a pull in flight finishes on its own engine', async () => {
  // The pull: slowed down so that it is surely in flight when the switch happens.
  await sandboxDocker(['rmi', '-f', env.images.multiLayer]).catch(() => undefined);
  proxy = await startThrottleProxy(env.registry.address, 2 * 1024 * 1024);
  const slowRef = `${proxy.address}/berth/layers:latest`;
  pulled.push(slowRef, env.images.multiLayer);

  const b = launchBerth({ env: { DOCKER_HOST: env.dockerHost, DOCKER_CONTEXT: undefined, DOCKER_CONFIG: configDir }, cols: 160, rows: 40 });
  sessions.push(b);
  await b.waitFor(`${tag}-first`, WAIT_MS);
  const firstBar = (b.screen().split('\n')[0] ?? '').trim();
  assert.match(firstBar, new RegExp(`berth · ${env.dockerHost.replace(/[/.]/g, '\\$&')}`));

  await b.type('p');
  await b.waitFor('Pull an image');
  await b.type(...slowRef, key.tab, ...env.registry.username, key.tab, ...env.registry.password, key.enter);
  await b.waitFor(/Downloading/, WAIT_MS);
  // Held still while berth switches: it must be running, not done, when the switch is over.
  const registry = registryPid(env.dir);
  freeze(registry);

  await b.type('E');
  await b.waitFor('Engines (', WAIT_MS);
  // Every engine is asked in the background: the second answers as docker, the gone one cannot.
  const listed = await b.waitFor((s) => /second .*the second engine .*● docker \d/.test(s) && /gone .*✕/.test(s), WAIT_MS);
  assert.match(listed, /› \* default/, 'berth is on DOCKER_HOST, and the list starts there');

  await selectEngine(b, 'gone');
  await b.type(key.enter);
  const refused = await b.waitFor(/no engine socket|cannot reach|does not exist/, WAIT_MS);
  assert.match(refused, /Engines \(/, 'the switcher stays open with the reason');
  assert.match(refused.split('\n')[0] ?? '', new RegExp(env.dockerHost.replace(/[/.]/g, '\\$&')), 'still on the first engine');

  await selectEngine(b, 'second');
  await b.type(key.enter);
  const secondBar = new RegExp(`^berth · second @ ${second!.dockerHost.replace(/[/.]/g, '\\$&')}`);
  const switched = await b.waitFor((s) => secondBar.test(s) && !s.includes('Engines ('), WAIT_MS);
  assert.match(switched, /switched to second/);
  // The pull (berth went to the Pulls pane when it started) is still there, still running, and
  // says which engine it is on.
  assert.match(switched, new RegExp(`berth/layers:latest on ${env.dockerHost.replace(/[/.]/g, '\\$&')} .*pulling`));
  await b.type('1');
  const containers = await b.waitFor(`${tag}-second`, WAIT_MS);
  assert.doesNotMatch(containers, new RegExp(`${tag}-first`), 'the first engine’s containers are gone from the pane');
  await b.type('3');
  thaw(registry);
  await b.waitFor(/berth\/layers:latest on unix:\/\/\S+ .*pulled/, 120_000);
  // It landed where it was started, not on the engine berth shows now.
  await sandboxDocker(['image', 'inspect', slowRef]);
  await assert.rejects(second!.docker(['image', 'inspect', slowRef]), 'not pulled onto the second engine');

  // And back.
  await b.type('E');
  await b.waitFor((s) => /›\s\*\ssecond/.test(s), WAIT_MS);
  await selectEngine(b, 'default');
  await b.type(key.enter);
  const back = await b.waitFor((s) => s.startsWith(`berth · ${env.dockerHost}`) && !s.includes('Engines ('), WAIT_MS);
  assert.match(back, /berth\/layers:latest +pulled/, 'back on its own engine, the pull needs no label');
  await b.type('1');
  await b.waitFor((s) => s.includes(`${tag}-first`) && !s.includes(`${tag}-second`), WAIT_MS);
  await b.type('q');
  assert.equal((await b.exited).exitCode, 0);
});
