/**
 * The one gate from the outside (issue 47): every key on every sample screen, on a read-only
 * engine, then Enter and `y` after it (what confirms a dialog), and not one command that changes
 * an engine comes out of the reducer — the keys refuse first; and the gate (app/gate/gate.ts)
 * would refuse each one that did. In a fleet, every command made on a row of another engine goes
 * to that engine.
 */
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import type { Command } from '../../src/app/commands.ts';
import type { UiContext } from '../../src/app/context.ts';
import { parseCustomActions } from '../../src/app/custom/config.ts';
import { paletteExtras } from '../../src/app/custom/run.ts';
import { changesEngine } from '../../src/app/gate/command-facts.ts';
import { gate } from '../../src/app/gate/gate.ts';
import { reduceApp } from '../../src/app/keys/reduce.ts';
import type { AppState } from '../../src/app/types.ts';
import type { Access, FleetMember } from '../../src/state/fleet/fleet.ts';
import { tagged } from '../../src/state/fleet/member-tag.ts';
import { ALL_KEYS, press, sampleContext, screens, type Screen } from './screens.ts';

const actions = parseCustomActions([
  { name: 'who', command: 'id', run: 'container', key: 'ctrl+w' },
  { name: 'wipe', command: 'rm -rf /data', run: 'container', confirm: true },
  { name: 'hostwipe', command: 'true', run: 'host', confirm: true },
]);
assert.ok(Array.isArray(actions));
const custom = { actions, debugImage: 'busybox' };

function contextOn(members: ReadonlyArray<{ name: string; access: Access }>): UiContext {
  const base = sampleContext();
  const fleet: FleetMember[] = members.map((m, i) => ({ name: m.name, label: m.name, access: m.access, engine: base.engine, primary: i === 0 }));
  return sampleContext({ fleet: { members: fleet }, custom, paletteExtras: paletteExtras(custom) });
}

function typed(state: AppState, ctx: UiContext, ...keys: string[]): AppState {
  return keys.reduce((s, key) => reduceApp(s, { kind: 'key', press: press(key) }, ctx).state, state);
}

/** The sample screens, and the palette with each custom action typed (its Enter runs it). */
function sweepScreens(ctx: UiContext): Screen[] {
  const all = screens(ctx, false);
  const containers = all.find((s) => s.name === 'containers');
  assert.ok(containers);
  for (const { name } of actions as Exclude<typeof actions, string>) all.push({ name: `palette, ${name} typed`, state: typed(containers.state, ctx, ':', ...name) });
  return all;
}

/** Every command a key makes on the screen, and what Enter and then `y` make after it. */
function commandsAfter(state: AppState, key: string, ctx: UiContext): Array<{ command: Command; state: AppState }> {
  const out: Array<{ command: Command; state: AppState }> = [];
  let current = state;
  for (const name of [key, 'return', 'y']) {
    const result = reduceApp(current, { kind: 'key', press: press(name) }, ctx);
    for (const command of result.commands) out.push({ command, state: result.state });
    current = result.state;
  }
  return out;
}

describe('on a read-only engine, every key on every screen sends no change', () => {
  const ctx = contextOn([{ name: 'sweep', access: 'read-only' }]);
  const all = sweepScreens(ctx);
  test('the sweep reaches the views and the palette', () => {
    const kinds = new Set(all.flatMap((s) => s.state.overlays.map((o) => o.kind)));
    for (const kind of ['logs', 'inspect', 'files', 'help', 'stats', 'engines', 'palette']) assert.ok(kinds.has(kind as never), kind);
  });
  for (const screen of all) {
    test(screen.name, () => {
      const changes: string[] = [];
      for (const key of ALL_KEYS) {
        for (const { command, state } of commandsAfter(screen.state, key, ctx)) {
          if (!changesEngine(command)) continue;
          changes.push(`${key}: ${command.type}`);
          assert.equal(gate(command, state, ctx).go, false, `the gate refuses ${command.type}`);
        }
      }
      assert.deepEqual(changes, [], `on ${screen.name}`);
    });
  }
});

describe('in a fleet, what a row asks for goes to the row’s engine', () => {
  // Every container and image is the second engine's (as a fleet's lists tag them): whatever names one goes there.
  const ctx = contextOn([
    { name: 'first', access: 'read-write' },
    { name: 'second', access: 'read-write' },
  ]);
  const engine = ctx.engine;
  const onSecond: UiContext = {
    ...ctx,
    engine: {
      ...engine,
      containers: { ...engine.containers, items: engine.containers.items.map((c) => tagged(c, 'second')) },
      images: { ...engine.images, items: engine.images.items.map((i) => tagged(i, 'second')) },
    },
    incidents: { ...ctx.incidents, incidents: ctx.incidents.incidents.map((i) => tagged(i, 'second')) },
  };
  for (const screen of sweepScreens(onSecond)) {
    test(screen.name, () => {
      const wrong: string[] = [];
      for (const key of ALL_KEYS) {
        for (const { command, state } of commandsAfter(screen.state, key, onSecond)) {
          if (!('containerId' in command || 'imageId' in command || command.type === 'set-act')) continue;
          const verdict = gate(command, state, onSecond);
          const engines = command.type === 'set-act' ? command.items.map((i) => i.engine) : [verdict.go ? verdict.engine : 'refused'];
          if (engines.some((e) => e !== 'second')) wrong.push(`${key}: ${command.type} → ${engines.join(', ')}`);
        }
      }
      assert.deepEqual(wrong, [], `on ${screen.name}`);
    });
  }
});
