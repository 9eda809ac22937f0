/**
 * What the gate sweeps share (read-only-sweep.test.ts at the command level, and
 * test/app/gate/read-only-requests.int.test.ts at the request level): a context over the sample
 * data for a fleet of engines with their access, with custom actions of every kind; the sample
 * screens with the palette's custom actions typed; and the commands a key makes on a screen,
 * with Enter and then `y` after it (what confirms a dialog).
 */
import assert from 'node:assert/strict';
import type { Command } from '../../src/app/commands.ts';
import type { UiContext } from '../../src/app/context.ts';
import { parseCustomActions } from '../../src/app/custom/config.ts';
import { paletteExtras } from '../../src/app/custom/run.ts';
import { reduceApp } from '../../src/app/keys/reduce.ts';
import type { AppState } from '../../src/app/types.ts';
import type { Access, FleetMember } from '../../src/state/fleet/fleet.ts';
import { press, sampleContext, screens, type Screen } from './screens.ts';

const actions = parseCustomActions([
  { name: 'who', command: 'id', run: 'container', key: 'ctrl+w' },
  { name: 'wipe', command: 'rm -rf /data', run: 'container', confirm: true },
  { name: 'hostwipe', command: 'true', run: 'host', confirm: true },
]);
assert.ok(Array.isArray(actions));
const custom = { actions, debugImage: 'busybox' };

/** The sample context on a fleet of these engines, the first one shown. */
export function contextOn(members: ReadonlyArray<{ name: string; access: Access }>): UiContext {
  const base = sampleContext();
  const fleet: FleetMember[] = members.map((m, i) => ({ name: m.name, label: m.name, access: m.access, engine: base.engine, primary: i === 0 }));
  return sampleContext({ fleet: { members: fleet }, custom, paletteExtras: paletteExtras(custom) });
}

function typed(state: AppState, ctx: UiContext, ...keys: string[]): AppState {
  return keys.reduce((s, key) => reduceApp(s, { kind: 'key', press: press(key) }, ctx).state, state);
}

/** The sample screens, and the palette with each custom action typed (its Enter runs it). */
export function sweepScreens(ctx: UiContext): Screen[] {
  const all = screens(ctx, false);
  const containers = all.find((s) => s.name === 'containers');
  assert.ok(containers);
  for (const { name } of actions as Exclude<typeof actions, string>) all.push({ name: `palette, ${name} typed`, state: typed(containers.state, ctx, ':', ...name) });
  return all;
}

/** Every command a key makes on the screen, and what Enter and then `y` make after it, each with the state it was made in. */
export function commandsAfter(state: AppState, key: string, ctx: UiContext): Array<{ command: Command; state: AppState }> {
  const out: Array<{ command: Command; state: AppState }> = [];
  let current = state;
  for (const name of [key, 'return', 'y']) {
    const result = reduceApp(current, { kind: 'key', press: press(name) }, ctx);
    for (const command of result.commands) out.push({ command, state: result.state });
    current = result.state;
  }
  return out;
}
