/**
 * The one gate (app/gate/gate.ts): what it lets through and what it refuses, on each engine's
 * access, for a command made anywhere (a key, a dialog, a view, the palette).
 */
import assert from 'node:assert/strict';
import { test } from 'node:test';
import type { Command } from '../../../src/app/commands.ts';
import { changesEngine, changingTypes } from '../../../src/app/gate/command-facts.ts';
import { gate } from '../../../src/app/gate/gate.ts';
import { confirmTo, routeTo } from '../../../src/app/fleet/route.ts';
import { initialAppState, type AppState } from '../../../src/app/types.ts';
import { initialEngineState } from '../../../src/state/engine-state.ts';
import type { Access, FleetMember } from '../../../src/state/fleet/fleet.ts';
import { uiContext } from '../../support/ui-context.ts';

const engine = initialEngineState('unix:///gate.sock');
const ctxOf = (...members: Array<[string, Access]>) => uiContext({ engine, fleet: { members: members.map(([name, access], i): FleetMember => ({ name, label: name, access, engine, primary: i === 0 })) } });
const state: AppState = initialAppState();
const stop: Command = { type: 'container-start', containerId: 'c1', name: 'web' };
const look: Command = { type: 'inspect-load', overlay: 1, target: 'container', objectId: 'c1' };

test('the facts: every change named, every read not', () => {
  assert.equal(changesEngine(stop), true);
  assert.equal(changesEngine(look), false);
  assert.equal(changesEngine({ type: 'container-copy-in', overlay: 1, containerId: 'c', name: 'c', source: '/x', directory: '/', overwrite: false }), true);
  assert.equal(changesEngine({ type: 'container-copy-out', overlay: 1, containerId: 'c', name: 'c', source: '/x', directory: '/', overwrite: false }), false);
  for (const type of ['exec-run', 'debug-run', 'compose-run', 'set-act', 'prune-run', 'pull-start', 'run-create', 'recreate-run'] as const) assert.ok(changingTypes().includes(type), type);
});

test('read-only: a change is refused naming the engine; a read goes', () => {
  const ctx = ctxOf(['ro', 'read-only']);
  const refused = gate(stop, state, ctx);
  assert.equal(refused.go, false);
  assert.match(refused.go ? '' : refused.text, /^ro is read-only \(config.json "engines"\)/);
  assert.deepEqual(gate(look, state, ctx), { go: true, engine: undefined });
});

test('a read-write engine takes everything; outside a fleet too', () => {
  assert.deepEqual(gate(stop, state, ctxOf(['rw', 'read-write'])), { go: true, engine: undefined });
  assert.deepEqual(gate(stop, state, uiContext({ engine })), { go: true, engine: undefined });
});

test('protected: a change goes only once its name was typed for it (on the command, or on the overlay it reports to)', () => {
  const ctx = ctxOf(['prod', 'protected']);
  assert.equal(gate(stop, state, ctx).go, false);
  const confirmed = confirmTo(state, { state, commands: [stop] }, ['prod']);
  assert.equal(gate(confirmed.commands[0]!, confirmed.state, ctx).go, true);
  // A dialog opened by the confirmed action: what it asks for later goes too.
  const opened: AppState = { ...state, overlays: [{ id: 7, kind: 'help', top: 0 }] };
  const withDialog = confirmTo(state, { state: opened, commands: [] }, ['prod']);
  const later: Command = { type: 'container-stop', overlay: 7, containerId: 'c1', name: 'web', restart: false };
  assert.equal(gate(later, withDialog.state, ctx).go, true);
  assert.equal(gate(later, opened, ctx).go, false, 'not from an overlay nobody confirmed');
});

test('in a fleet: a routed command goes to its row’s engine, and that engine’s access decides', () => {
  const ctx = ctxOf(['a', 'read-write'], ['b', 'read-only']);
  const read: Command = { type: 'pull-cancel', pullId: 'p1' };
  const routed = routeTo(state, { state, commands: [stop, read] }, 'b');
  assert.equal(gate(routed.commands[0]!, routed.state, ctx).go, false);
  assert.deepEqual(gate(routed.commands[1]!, routed.state, ctx), { go: true, engine: 'b' });
  const onA = routeTo(state, { state, commands: [stop] }, 'a');
  assert.deepEqual(gate(onA.commands[0]!, onA.state, ctx), { go: true, engine: 'a' });
});

test('marked rows on several engines: refused when any of them is read-only', () => {
  const ctx = ctxOf(['a', 'read-write'], ['b', 'read-only']);
  const set: Command = { type: 'set-act', overlay: 3, verb: 'stop', options: {}, items: [{ kind: 'container', id: '1', name: 'x', engine: 'a' }, { kind: 'container', id: '2', name: 'y', engine: 'b' }] };
  const verdict = gate(set, state, ctx);
  assert.equal(verdict.go, false);
  assert.match(verdict.go ? '' : verdict.text, /^b is read-only/);
});
