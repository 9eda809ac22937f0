/**
 * Describe, the health panel and relations as data, through the app reducer: secret-looking env
 * values masked until `s`; Enter on a volume line goes to its row in Volumes; `r` in the health
 * panel asks to run the container's own test (through the one gate: refused on a read-only
 * engine); the panel's lines list the engine's probes and berth's runs.
 */
import assert from 'node:assert/strict';
import { test } from 'node:test';
import type { Command } from '../../../src/app/commands.ts';
import type { UiContext } from '../../../src/app/context.ts';
import { reduceApp } from '../../../src/app/keys/reduce.ts';
import { initialAppState, paneView, topOverlay, type AppState, type HealthOverlay } from '../../../src/app/types.ts';
import { describeLines, looksSecret, MASK } from '../../../src/app/views/describe-lines.ts';
import { healthLines } from '../../../src/app/views/health-lines.ts';
import { relationLines } from '../../../src/app/views/relations.ts';
import { containerFacts } from '../../../src/state/describe/container-facts.ts';
import { rowKey } from '../../../src/state/sources.ts';
import { press, sampleContext } from '../../house/screens.ts';
import type { FleetMember } from '../../../src/state/fleet/fleet.ts';
import { initialEngineState } from '../../../src/state/engine-state.ts';
import { uiContext } from '../../support/ui-context.ts';

const web = {
  Id: '3'.repeat(12).padEnd(64, '0'),
  Name: '/web',
  State: { Status: 'running', Health: { Status: 'unhealthy', FailingStreak: 1, Log: [{ Start: '2026-01-01T00:00:01Z', End: '2026-01-01T00:00:01.25Z', ExitCode: 1, Output: 'bad\n' }] } },
  Config: { Image: 'busybox:latest', Env: ['API_TOKEN=s3cr3t', 'MODE=plain'], Healthcheck: { Test: ['CMD-SHELL', 'check || exit 1'], Interval: 2e9 } },
  Mounts: [{ Type: 'volume', Name: 'cache', Destination: '/cache', RW: true }],
};
const facts = containerFacts(web);

function keys(state: AppState, ctx: UiContext, ...names: string[]): { state: AppState; commands: Command[] } {
  const commands: Command[] = [];
  const end = names.reduce((s, name) => {
    const r = reduceApp(s, { kind: 'key', press: press(name) }, ctx);
    commands.push(...r.commands);
    return r.state;
  }, state);
  return { state: end, commands };
}

/** The Containers pane with `web` (the third row) selected, then `key` opened over it and answered with the facts. */
function opened(ctx: UiContext, key: string): AppState {
  const { state } = keys(initialAppState({ columns: 120, rows: 40 }), ctx, '1', 'down', 'down', key);
  const top = topOverlay(state);
  assert.ok(top && top.kind !== 'dialog');
  return reduceApp(state, { kind: 'action', action: { type: 'view', overlay: top.id, result: { kind: 'facts', facts } } }, ctx).state;
}

test('secret-looking keys, by name', () => {
  for (const key of ['PASSWORD', 'DB_PASSWORD', 'API_TOKEN', 'AWS_SECRET_ACCESS_KEY', 'PRIVATE_KEY', 'MYSQL_ROOT_PWD', 'GITHUB_AUTH']) assert.ok(looksSecret(key), key);
  for (const key of ['PATH', 'HOME', 'MODE', 'LANG', 'HOSTNAME']) assert.ok(!looksSecret(key), key);
});

test('describe masks a secret-looking value until s, and Enter on a volume line goes to its row in Volumes', () => {
  const ctx = sampleContext();
  const state = opened(ctx, 'v');
  const text = () => describeLines(facts, ctx, false).map((l) => l.text);
  assert.ok(text().includes(`API_TOKEN=${MASK}`) && text().includes('MODE=plain'));
  assert.ok(!text().some((l) => l.includes('s3cr3t')));
  const shown = keys(state, ctx, 's').state;
  const overlay = topOverlay(shown);
  assert.ok(overlay?.kind === 'describe' && overlay.secrets === true);
  assert.ok(describeLines(facts, ctx, true).some((l) => l.text === 'API_TOKEN=s3cr3t'));

  const volumeAt = describeLines(facts, ctx, false).findIndex((l) => l.go?.kind === 'volume');
  const moved = keys(state, ctx, ...Array<string>(volumeAt).fill('down'), 'return').state;
  assert.equal(moved.overlays.length, 0, 'the view closed');
  assert.equal(moved.pane, 'volumes');
  assert.equal(paneView(moved, 'volumes').selectedId, rowKey(ctx.engine.connection.endpoint, 'cache'));
});

test('describe says whether the registry holds a newer image under its tag (⇡), from the freshness source', () => {
  const image = { Id: 'sha256:local', RepoTags: ['busybox:latest'], RepoDigests: ['busybox@sha256:old'] };
  const base = initialEngineState('x');
  const engine = { ...base, images: { ...base.images, items: [image], loaded: true } };
  const on = containerFacts({ ...web, Image: 'sha256:local' });
  const freshness = (digest: string) => uiContext({ engine, freshness: { remote: new Map([['busybox:latest', { digest }]]) } });
  const imageLines = (ctx: UiContext) => describeLines(on, ctx, false).slice(0, 3).map((l) => l.text);
  assert.deepEqual(imageLines(freshness('sha256:new')), ['image', 'busybox:latest', '⇡ the registry holds a newer image under its tag']);
  assert.deepEqual(imageLines(freshness('sha256:old')), ['image', 'busybox:latest', 'the same image its registry holds']);
});

test('the health panel lists the engine’s probes and berth’s runs; r asks to run the check’s own test', () => {
  const ctx = sampleContext();
  const state = opened(ctx, 'h');
  const panel = topOverlay(state) as HealthOverlay;
  const lines = healthLines(panel, ctx).map((l) => l.text);
  assert.ok(lines.some((l) => / took 250 ms exit 1 bad$/.test(l)), lines.join('\n'));
  assert.ok(lines.includes('every 2s · timeout 30s · 3 retries · start period 0s'));
  const { state: running, commands } = keys(state, ctx, 'r');
  assert.deepEqual(
    commands.filter((c) => c.type === 'health-run'),
    [{ type: 'health-run', overlay: panel.id, containerId: web.Id, argv: ['/bin/sh', '-c', 'check || exit 1'], timeoutNs: undefined }],
  );
  assert.equal((topOverlay(running) as HealthOverlay).running, true);
  const done = reduceApp(running, { kind: 'action', action: { type: 'view', overlay: panel.id, result: { kind: 'checked', run: { startMs: 0, endMs: 40, exitCode: 0, output: 'fine\n' } } } }, ctx).state;
  const after = healthLines(topOverlay(done) as HealthOverlay, ctx).map((l) => l.text);
  assert.ok(after.some((l) => / took 40 ms exit 0 fine$/.test(l)), after.join('\n'));
});

test('on a read-only engine, r in the health panel sends nothing and says why', () => {
  const base = sampleContext();
  const fleet: FleetMember[] = [{ name: 'ro', label: 'ro', access: 'read-only', engine: base.engine, primary: true }];
  const ctx = sampleContext({ fleet: { members: fleet } });
  const { state, commands } = keys(opened(ctx, 'h'), ctx, 'r');
  assert.deepEqual(commands.filter((c) => c.type === 'health-run'), []);
  assert.match(state.notice?.text ?? '', /read-only/);
});

test('relations: the tree as lines, indented by depth, each node that is a thing going to it', () => {
  const lines = relationLines({ text: 'project shop', children: [{ text: 'service db', children: [{ text: 'container db-1', go: { kind: 'container', id: 'x' }, children: [] }] }] });
  assert.deepEqual(
    lines.map((l) => [l.text, l.depth, l.go?.kind]),
    [
      ['project shop', 0, undefined],
      ['service db', 1, undefined],
      ['container db-1', 2, 'container'],
    ],
  );
});

test('Enter on a port line in describe opens the container’s ports view over it (open, forward), Esc comes back', () => {
  const ctx = sampleContext();
  const withPort = containerFacts({ ...web, NetworkSettings: { Ports: { '80/tcp': [{ HostIp: '', HostPort: '8080' }] } } });
  const { state } = keys(initialAppState({ columns: 120, rows: 40 }), ctx, '1', 'down', 'down', 'v');
  const top = topOverlay(state);
  assert.ok(top && top.kind === 'describe');
  const read = reduceApp(state, { kind: 'action', action: { type: 'view', overlay: top.id, result: { kind: 'facts', facts: withPort } } }, ctx).state;
  const portAt = describeLines(withPort, ctx, false).findIndex((l) => l.go?.kind === 'port');
  assert.ok(portAt >= 0, 'a port line');
  const opened = keys(read, ctx, ...Array<string>(portAt).fill('down'), 'return');
  const ports = topOverlay(opened.state);
  assert.ok(ports?.kind === 'ports' && ports.containerId === web.Id, 'the ports view of that container');
  assert.ok(opened.commands.some((c) => c.type === 'ports-load'), 'its ports asked');
  assert.equal(topOverlay(keys(opened.state, ctx, 'escape').state)?.kind, 'describe', 'Esc comes back to describe');
});

test('/ in describe moves the cursor to the first line holding the text (typed s is text, not secrets); n goes round', () => {
  const ctx = sampleContext();
  const state = opened(ctx, 'v');
  const lines = describeLines(facts, ctx, false).map((l) => l.text);
  const at = lines.findIndex((l) => l.includes('MODE=plain'));
  assert.ok(at > 0);
  const found = keys(state, ctx, '/', ...'mode=', 'return').state;
  const top = topOverlay(found);
  assert.ok(top?.kind === 'describe');
  assert.equal(top.selected, at, 'the cursor is on the match');
  assert.notEqual(top.secrets, true, 'the s typed into the search showed no secret');
  assert.equal((topOverlay(keys(found, ctx, 'n').state) as typeof top).selected, at, 'one match: n comes round to it');
});
