/**
 * The one gate from the outside (issue 47): every key on every sample screen, on a read-only
 * engine, then Enter and `y` after it (what confirms a dialog), and not one command that changes
 * an engine comes out of the reducer — the keys refuse first; and the gate (app/gate/gate.ts)
 * would refuse each one that did. In a fleet, every command made on a row of another engine goes
 * to that engine. (test/app/gate/read-only-requests.int.test.ts runs the same commands through
 * berth's runner against a real engine and watches the requests.)
 */
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { changesEngine } from '../../src/app/gate/command-facts.ts';
import { gate } from '../../src/app/gate/gate.ts';
import type { UiContext } from '../../src/app/context.ts';
import { tagged } from '../../src/state/fleet/member-tag.ts';
import { ALL_KEYS } from './screens.ts';
import { commandsAfter, contextOn, sweepScreens } from './sweep-commands.ts';

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
