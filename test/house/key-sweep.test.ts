/**
 * Every key name over every screen, through the app reducer: a key that changes the state or
 * sends a command on a screen is listed by that screen's help, and every key help lists there
 * does something. The screens are built the way a person reaches them (keys from a pane, with
 * data that gives each key something to act on: a selection in the middle of a list, a running
 * pull, a Compose project, text in a field with the cursor inside it).
 *
 * Printable characters in a text field or a prompt are text, not keys: they are left out there.
 */
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { contextsFor } from '../../src/app/keys/contexts.ts';
import { defaultKeymap, typing } from '../../src/app/keys/keymap.ts';
import { reduceApp } from '../../src/app/keys/reduce.ts';
import { panes } from '../../src/app/panes/index.ts';
import type { AppState } from '../../src/app/types.ts';
import { dialogs } from '../../src/app/dialogs/index.ts';
import { viewIds } from './names.ts';
import { ALL_KEYS, press, sampleContext, screens } from './screens.ts';

const ctx = sampleContext();

// ---- the sweep ----------------------------------------------------------------------------

function doesSomething(state: AppState, key: string): boolean {
  const result = reduceApp(state, { kind: 'key', press: press(key) }, ctx);
  return result.state !== state || result.commands.length > 0;
}

/** The keys help lists for a screen: the bindings in force there (what help draws), their keys. */
function listed(state: AppState): Map<string, string> {
  const out = new Map<string, string>();
  for (const binding of defaultKeymap.bindingsFor(contextsFor(state))) for (const key of binding.keys) if (!out.has(key)) out.set(key, binding.action);
  return out;
}

/** Whether the screen's keys are text: a text field or a prompt has them. */
const isTyping = (state: AppState) => typing(contextsFor(state));

describe('every key on every screen', () => {
  const all = screens(ctx);
  test('every registered pane, view and dialog has a screen here (a new one fails until it is given one)', () => {
    const tops = all.map((s) => s.state.overlays.at(-1));
    const shownPanes = new Set(all.filter((s) => s.state.overlays.length === 0).map((s) => s.state.pane));
    const shownViews = new Set(tops.flatMap((o) => (o && o.kind !== 'dialog' ? [o.kind as string] : [])));
    const shownDialogs = new Set(tops.flatMap((o) => (o?.kind === 'dialog' ? [o.dialog.type] : [])));
    assert.deepEqual(panes.map((p) => p.id).filter((id) => !shownPanes.has(id)), [], 'panes without a screen');
    assert.deepEqual(viewIds().filter((id) => !shownViews.has(id)), [], 'views without a screen');
    assert.deepEqual(dialogs.map((d) => d.id).filter((id) => !shownDialogs.has(id)), [], 'dialogs without a screen');
  });
  test('the screens are the ones named (each reached as a person reaches it)', () => {
    for (const { name, state } of all) {
      const contexts = contextsFor(state);
      assert.ok(contexts.length > 0, name);
    }
    assert.ok(all.length >= 30);
  });
  for (const { name, state } of all) {
    test(name, () => {
      const shown = listed(state);
      const text = isTyping(state);
      const unlisted: string[] = [];
      const idle: string[] = [];
      for (const key of ALL_KEYS) {
        if (text && key.length === 1) continue;
        const does = doesSomething(state, key);
        // Alt+key with no Alt binding on the screen is Esc, then the key (keys/esc-prefix.ts): listed as those are.
        const plain = key.startsWith('meta+') && !shown.has(key) ? (shown.get('escape') ?? shown.get(key.slice('meta+'.length))) : undefined;
        const action = shown.get(key) ?? plain;
        if (does && action === undefined) unlisted.push(key);
        // Focusing the pane already shown is nothing to do, by nature.
        if (!does && action !== undefined && action !== `pane-${state.pane || panes[0]!.id}`) idle.push(`${key} (${action})`);
      }
      assert.deepEqual({ unlisted, idle }, { unlisted: [], idle: [] }, `on ${name} (contexts ${contextsFor(state).join(', ')})`);
    });
  }
});
