/**
 * The compose dialog's machine, pure: which verb Enter runs and with what scope, an Enter typed
 * before the CLI is found (it waits for it), what blocks a run (no CLI, files not here), and the
 * output phase's keys.
 */
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import type { ComposeDialog, ComposeRequest } from '../../../src/app/dialogs/compose.ts';
import type { DialogContext } from '../../../src/app/dialogs/machine.ts';
import { initialEngineState } from '../../../src/state/engine-state.ts';
import { defaultKeymap } from '../../../src/app/keys/keymap.ts';
import { drive, keyIn, moduleOf, press, resultIn, type KnownDialog } from '../../support/dialog-driver.ts';

function moduleView(state: KnownDialog) {
  return moduleOf('compose').view(state, { overlay: 7, width: 100, height: 30, engine: ctx.engine, pulls: { pulls: [] }, keymap: defaultKeymap, output: () => [], outputLength: 0 });
}

const ctx: DialogContext = { overlay: 7, engine: initialEngineState('x'), bodyHeight: 20 };
const project = { name: 'shop', workingDir: '/srv/shop', configFiles: ['/srv/shop/compose.yml'] };
const request: ComposeRequest = { type: 'compose', project, service: 'web' };

function asCompose(state: KnownDialog): ComposeDialog {
  assert.equal(state.type, 'compose');
  return state as ComposeDialog;
}

const ready = (state: KnownDialog, missing: readonly string[] = []) => resultIn(state, { kind: 'compose-probed', cli: { label: 'docker-compose', version: '1.29.2' }, missing }, ctx);

describe('compose dialog', () => {
  test('it asks for the CLI on opening; profiles typed above the verbs, ↓ to pull, Enter runs pull of the service with them', () => {
    const opened = drive(request, '', ctx);
    assert.deepEqual(opened.commands, [{ type: 'compose-probe', overlay: 7, project }]);
    const probed = ready(opened.state).state;
    // Up to the profiles field above the verbs, type them, then down to pull.
    let state: KnownDialog = keyIn(probed, press('{up}'), ctx).state;
    assert.equal(asCompose(state).focus, 0, 'the profiles field');
    for (const ch of 'dev, debug') state = keyIn(state, press(ch === ' ' ? '{space}' : ch), ctx).state;
    for (const k of ['{down}', '{down}', '{down}']) state = keyIn(state, press(k), ctx).state;
    assert.equal(asCompose(state).verb, 'pull');
    const run = keyIn(state, press('{enter}'), ctx);
    assert.deepEqual(run.commands, [{ type: 'compose-run', overlay: 7, verb: 'pull', scope: { project, service: 'web', profiles: ['dev', 'debug'] } }]);
    assert.equal(asCompose(run.state).phase.kind, 'running');
  });

  test('Enter runs at once, whether or not the CLI has been found yet: keys typed together do as typed slowly', () => {
    const early = drive({ type: 'compose', project }, '{enter}{up}', ctx);
    const late = drive({ type: 'compose', project }, '', ctx);
    const after = keyIn(keyIn(ready(late.state).state, press('{enter}'), ctx).state, press('{up}'), ctx);
    const run = { type: 'compose-run', overlay: 7, verb: 'up', scope: { project, profiles: [] } };
    assert.deepEqual(early.commands.slice(1), [run]);
    assert.deepEqual(after.commands, undefined);
    assert.deepEqual({ ...asCompose(early.state), probe: undefined, missing: undefined }, { ...asCompose(after.state), probe: undefined, missing: undefined });
  });

  test('no compose CLI, or files not on this machine: the run ends with why, and Enter goes back to the actions', () => {
    const opened = drive(request, '', ctx);
    const none = resultIn(opened.state, { kind: 'compose-probed', reason: 'no compose CLI here', missing: [] }, ctx).state;
    assert.match(JSON.stringify(moduleView(none)), /no compose CLI here/, 'said before Enter');
    const running = keyIn(none, press('{enter}'), ctx).state;
    const failed = asCompose(resultIn(running, { kind: 'compose-failed', message: 'no compose CLI here' }, ctx).state);
    assert.deepEqual(failed.phase, { kind: 'ended', verb: 'up', code: null, signal: null, error: 'no compose CLI here' });
    assert.equal(asCompose(keyIn(failed, press('{enter}'), ctx).state).phase.kind, 'choose');
    const away = ready(opened.state, ['/srv/shop']).state;
    assert.match(JSON.stringify(moduleView(away)), /not on this machine: \/srv\/shop/);
  });

  test('the output: exit status kept; Enter goes back to the actions, Esc closes; while running Esc leaves it running', () => {
    const running = keyIn(ready(drive(request, '', ctx).state).state, press('{enter}'), ctx).state;
    const leaving = keyIn(running, press('{esc}'), ctx);
    assert.equal(leaving.close, true);
    assert.match(leaving.notify?.text ?? '', /up of service web \(shop\) goes on/);
    const output = resultIn(running, { kind: 'compose-output', lines: 40 }, ctx).state;
    const ended = asCompose(resultIn(output, { kind: 'compose-exited', code: 1, signal: null }, ctx).state);
    assert.deepEqual(ended.phase, { kind: 'ended', verb: 'up', code: 1, signal: null });
    const scrolled = asCompose(keyIn(ended, press('{up}'), ctx).state);
    assert.equal(scrolled.scrollBack, 1);
    assert.equal(asCompose(keyIn(ended, press('{enter}'), ctx).state).phase.kind, 'choose');
    assert.equal(keyIn(ended, press('{esc}'), ctx).close, true);
  });
});
