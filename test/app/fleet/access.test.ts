/**
 * Where an action on a thing goes and whether it may (app/fleet/access.ts, route.ts), with the
 * reducer's own handler stubbed: a read-only engine refuses a change and lets a look through, a
 * protected one asks for its name (and not again once typed), and in a fleet the commands and
 * the overlays an action opens carry the row's engine.
 */
import assert from 'node:assert/strict';
import { test } from 'node:test';
import type { Reduced } from '../../../src/app/commands.ts';
import { onEngine } from '../../../src/app/fleet/access.ts';
import { engineOfCommand } from '../../../src/app/fleet/route.ts';
import type { ContainerTarget } from '../../../src/app/targets.ts';
import { initialAppState, type AppState } from '../../../src/app/types.ts';
import { initialEngineState } from '../../../src/state/engine-state.ts';
import type { Access, FleetMember } from '../../../src/state/fleet/fleet.ts';
import { uiContext } from '../../support/ui-context.ts';
import { parseCustomActions } from '../../../src/app/custom/config.ts';

const engine = initialEngineState('unix:///a.sock');
const member = (name: string, access: Access, primary = false): FleetMember => ({ name, label: name, access, engine, primary });
const ctxOf = (members: FleetMember[]) => uiContext({ engine, fleet: { members } });
const target = (on: string): ContainerTarget => ({ kind: 'container', id: 'c1', name: 'web', shown: 'web', state: 'running', engine: on });
/** What the real handler would do: open a dialog overlay and ask for a stop. */
const handler = (state: AppState): Reduced => ({ state: { ...state, overlays: [...state.overlays, { id: 9, kind: 'help', top: 0 }] }, commands: [{ type: 'container-start', containerId: 'c1', name: 'web' }] });
const state = initialAppState();

test('read-only: a change is refused in words, a look is let through', () => {
  const ctx = ctxOf([member('a', 'read-write', true), member('b', 'read-only')]);
  const refused = onEngine(state, ctx, 'stop', target('b'), handler);
  assert.match(refused?.state.notice?.text ?? '', /b is read-only/);
  assert.deepEqual(refused?.commands.filter((c) => c.type === 'container-start'), []);
  assert.ok(onEngine(state, ctx, 'inspect', target('b'), handler)?.commands.some((c) => c.type === 'container-start'));
});

test('protected: the engine’s name is asked for first, and the action goes on once it was typed', () => {
  const ctx = ctxOf([member('a', 'protected', true), member('b', 'read-write')]);
  const asked = onEngine(state, ctx, 'stop', target('a'), handler);
  const top = asked?.state.overlays.at(-1);
  assert.equal(top?.kind === 'dialog' ? top.dialog.type : undefined, 'engine-name');
  const confirmed = onEngine(state, ctx, 'stop', target('a'), handler, ['a']);
  assert.ok(confirmed?.commands.some((c) => c.type === 'container-start'));
});

test('in a fleet, what an action on another engine’s row does goes to that engine: its commands and the overlays it opened', () => {
  const ctx = ctxOf([member('a', 'read-write', true), member('b', 'read-write')]);
  const routed = onEngine(state, ctx, 'logs', target('b'), handler);
  assert.ok(routed);
  const command = routed.commands[0];
  assert.ok(command);
  assert.equal(engineOfCommand(command, routed.state), 'b');
  assert.equal(routed.state.overlays.at(-1)?.engine, 'b');
  assert.equal(engineOfCommand({ type: 'overlay-release', overlay: 9 }, routed.state), 'b', 'what the overlay asks later goes there too');
  const home = onEngine(state, ctx, 'logs', target('a'), handler);
  const sent = home?.commands[0];
  assert.ok(home && sent);
  assert.equal(engineOfCommand(sent, home.state), undefined, 'the engine shown needs no route');
});

test('marks on several engines: a bulk action takes them all (each to its own engine), merged logs refuse', () => {
  const ctx = ctxOf([member('a', 'read-write', true), member('b', 'read-write')]);
  const marked = { kind: 'marked' as const, of: 'container' as const, items: [{ key: 'a1', target: target('a') }, { key: 'b1', target: target('b') }] };
  assert.ok(onEngine(state, ctx, 'stop', marked, handler)?.commands.some((c) => c.type === 'container-start'));
  assert.match(onEngine(state, ctx, 'logs', marked, handler)?.state.notice?.text ?? '', /on a, b: logs takes one engine's at a time/);
});

test('a Compose project of one name on two engines is refused as a whole (its containers can be marked), on one engine it goes there', () => {
  const ctx = ctxOf([member('a', 'read-write', true), member('b', 'read-write')]);
  const project = (engines: string[]) => ({ kind: 'project' as const, project: 'shop', members: engines.map((engine, i) => ({ id: `c${i}`, name: `web-${i}`, state: 'running', service: 'web', engine })) });
  assert.match(onEngine(state, ctx, 'stop', project(['a', 'b']), handler)?.state.notice?.text ?? '', /shop is a project on a, b: mark its containers/);
  const routed = onEngine(state, ctx, 'stop', project(['b', 'b']), handler);
  const sent = routed?.commands[0];
  assert.ok(routed && sent);
  assert.equal(engineOfCommand(sent, routed.state), 'b');
});

test('read-only: the new changes (exec, recreate, update, push, compose, copy in), the user’s confirm actions and any in a container are refused; a plain host action runs', () => {
  const actions = parseCustomActions([
    { name: 'wipe', command: 'rm -rf /data', run: 'container', confirm: true },
    { name: 'who', command: 'id', run: 'container' },
    { name: 'open', command: 'true', run: 'host' },
  ]);
  assert.ok(Array.isArray(actions));
  const ctx = { ...ctxOf([member('a', 'read-write', true), member('b', 'read-only')]), custom: { actions, debugImage: 'busybox' } };
  // An exec in the container is a change even without `confirm` (issue 47: it ran on a read-only engine).
  for (const action of ['exec', 'recreate', 'update-image', 'push', 'compose', 'copy-in', 'custom:wipe', 'custom:who'] as const) {
    assert.match(onEngine(state, ctx, action, target('b'), handler)?.state.notice?.text ?? '', /b is read-only/, action);
  }
  assert.ok(onEngine(state, ctx, 'custom:open', target('b'), handler)?.commands.some((c) => c.type === 'container-start'));
});
