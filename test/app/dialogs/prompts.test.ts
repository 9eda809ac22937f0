/**
 * The one-field prompts (app/dialogs/prompt.ts): kill's signal, rename's new name and tag's new
 * reference, each checked as the engine would before anything is sent; Enter sends once; the
 * engine's refusal stays in the dialog with what was typed.
 */
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { checkSignal } from '../../../src/app/dialogs/kill.ts';
import type { DialogContext } from '../../../src/app/dialogs/machine.ts';
import { checkNewName } from '../../../src/app/dialogs/rename.ts';
import { checkNewTag } from '../../../src/app/dialogs/tag.ts';
import { initialEngineState } from '../../../src/state/engine-state.ts';
import { keyIn, openIn, press, resultIn } from '../../support/dialog-driver.ts';

test('signals: empty is SIGKILL; names get their SIG prefix; numbers 1–64; anything else is refused', () => {
  assert.deepEqual(checkSignal(''), { ok: true, value: 'SIGKILL' });
  assert.deepEqual(checkSignal('term'), { ok: true, value: 'SIGTERM' });
  assert.deepEqual(checkSignal('SIGHUP'), { ok: true, value: 'SIGHUP' });
  assert.deepEqual(checkSignal('SIGRTMIN+3'), { ok: true, value: 'SIGRTMIN+3' });
  assert.deepEqual(checkSignal('15'), { ok: true, value: '15' });
  assert.equal(checkSignal('99').ok, false);
  assert.equal(checkSignal('NOT A SIGNAL').ok, false);
  assert.equal(checkSignal('KILL; rm').ok, false);
});

test('a new name is required and checked as the engine checks names', () => {
  assert.deepEqual(checkNewName(' web-2 '), { ok: true, value: 'web-2' });
  assert.equal(checkNewName('').ok, false);
  assert.equal(checkNewName('-web').ok, false);
  assert.equal(checkNewName('we b').ok, false);
});

test('rename starts from the current name; Enter sends once; a refusal keeps the field', () => {
  const ctx: DialogContext = { overlay: 4, engine: initialEngineState('x'), bodyHeight: 20 };
  const opened = openIn({ type: 'rename', containerId: 'c'.repeat(64), name: 'web' }, ctx).state;
  assert.ok(opened.type === 'rename');
  assert.equal(opened.fields.value.value, 'web');
  const enter = press('{enter}');
  const sent = keyIn(opened, enter, ctx);
  assert.deepEqual(sent.commands, [{ type: 'container-rename', overlay: 4, containerId: 'c'.repeat(64), name: 'web', newName: 'web' }]);
  assert.equal(keyIn(sent.state, enter, ctx).commands, undefined, 'busy: nothing more');
  const refused = resultIn(sent.state, { kind: 'failed', message: 'Conflict. The container name "/web" is already in use' }, ctx);
  assert.ok(refused.state.type === 'rename');
  assert.equal(refused.state.error, 'Conflict. The container name "/web" is already in use');
  assert.equal(refused.state.fields.value.value, 'web');
  assert.equal(refused.close, undefined);
});

test('a new tag: a name and a tag (latest when none), never a digest or a bad name', () => {
  assert.deepEqual(checkNewTag('reg:5000/team/app:1'), { ok: true, value: 'reg:5000/team/app:1' });
  assert.deepEqual(checkNewTag('app'), { ok: true, value: 'app:latest' });
  assert.equal(checkNewTag('').ok, false);
  assert.equal(checkNewTag('UPPER').ok, false);
  assert.match((checkNewTag(`app@sha256:${'a'.repeat(64)}`) as { message: string }).message, /not a digest/);
});
