/**
 * Edit and recreate and image update, as dialog machines (pure; the e2e file runs them against
 * the engines): the form comes filled from the container's options; its own name replaces it,
 * another runs beside; the step list and a roll-back's reason; an update offers to recreate the
 * containers of the old image only when the tag moved.
 */
import assert from 'node:assert/strict';
import { test } from 'node:test';
import type { DialogContext } from '../../../src/app/dialogs/machine.ts';
import { initialEngineState } from '../../../src/state/engine-state.ts';
import { emptyOptions } from '../../../src/state/run-line/options.ts';
import { drive, keyIn, press, presses, resultIn, type KnownDialog } from '../../support/dialog-driver.ts';

const ctx: DialogContext = { overlay: 3, engine: initialEngineState('x'), bodyHeight: 40 };
const options = { ...emptyOptions('busybox'), name: 'web', detach: true, publish: ['8080:80'], env: ['A=1'] };

function loaded(): KnownDialog {
  const { state, commands } = drive({ type: 'recreate', id: 'c1', name: 'web' }, '', ctx);
  assert.deepEqual(commands, [{ type: 'recreate-load', overlay: 3, containerId: 'c1' }]);
  return resultIn(state, { kind: 'loaded', options, notRebuilt: ['--cap-add'], running: true }, ctx).state;
}

function type(state: KnownDialog, keys: string) {
  let s = state;
  const commands = [];
  for (const p of presses(keys)) {
    const outcome = keyIn(s, p, ctx);
    s = outcome.state;
    commands.push(...(outcome.commands ?? []));
  }
  return { state: s, commands };
}

test('the container’s own name replaces it: the edited options go to the steps, replace on', () => {
  const { state, commands } = type(loaded(), '{tab}{tab}{tab}{tab}{tab}{bs}{bs}{bs}{bs}{bs}{bs}{bs}9090:80{enter}');
  assert.equal(commands.length, 1);
  const [command] = commands;
  assert.ok(command?.type === 'recreate-run');
  assert.equal(command.replace, true);
  assert.deepEqual(command.old, { id: 'c1', name: 'web', running: true });
  assert.equal(command.spec.detached, true);
  assert.deepEqual(command.spec.extras?.hostConfig.PortBindings, { '80/tcp': [{ HostIp: '', HostPort: '9090' }] });
  assert.ok(state.type === 'recreate' && state.phase.kind === 'working');
});

test('another name runs it beside', () => {
  const { commands } = type(loaded(), '{tab}{tab}2{enter}');
  const [command] = commands;
  assert.ok(command?.type === 'recreate-run');
  assert.equal(command.replace, false);
  assert.equal(command.spec.name, 'web2');
});

test('each step shows as it comes; a roll-back stays on screen with its reason', () => {
  let state = type(loaded(), '{enter}').state;
  state = resultIn(state, { kind: 'step', step: { step: 'stop-old', status: 'done' } }, ctx).state;
  state = resultIn(state, { kind: 'step', step: { step: 'start', status: 'failed', detail: 'exec failed' } }, ctx).state;
  assert.ok(state.type === 'recreate');
  assert.deepEqual(state.steps.map((s) => `${s.step}:${s.status}`), ['stop-old:done', 'start:failed']);
  const finished = resultIn(state, { kind: 'finished', outcome: { kind: 'rolled-back', reason: 'starting the new container: exec failed' } }, ctx);
  assert.ok(!finished.close);
  assert.ok(finished.state.type === 'recreate' && finished.state.phase.kind === 'finished' && finished.state.phase.text.includes('exec failed'));
  const done = resultIn(state, { kind: 'finished', outcome: { kind: 'done', id: 'new', warnings: [] } }, ctx);
  assert.equal(done.close, true);
  assert.deepEqual(done.reveal, { kind: 'container', id: 'new' });
});

test('a Compose service’s container: no form, compose’s way said; with its project known, Enter has compose recreate it', () => {
  const { state } = drive({ type: 'recreate', id: 'c1', name: 'web' }, '', ctx);
  const compose = resultIn(state, { kind: 'compose', project: 'shop', service: 'web' }, ctx).state;
  assert.ok(compose.type === 'recreate' && compose.phase.kind === 'compose');
  // Its project's labels unknown: nothing to run, Enter closes.
  assert.deepEqual(keyIn(compose, press('{enter}'), ctx).commands ?? [], []);
  const scope = { project: { name: 'shop', workingDir: '/srv/shop', configFiles: ['/srv/shop/compose.yaml'] }, service: 'web', profiles: [] };
  const known = resultIn(state, { kind: 'compose', project: 'shop', service: 'web', scope }, ctx).state;
  const run = keyIn(known, press('{enter}'), ctx);
  assert.deepEqual(run.commands, [{ type: 'compose-run', overlay: 3, verb: 'recreate', scope }]);
  assert.equal(keyIn(run.state, press('{enter}'), ctx).commands?.length ?? 0, 0, 'once running, Enter does not run it again');
  const ended = resultIn(resultIn(run.state, { kind: 'compose-started', line: 'docker-compose up -d --force-recreate web' }, ctx).state, { kind: 'compose-exited', code: 0, signal: null }, ctx).state;
  assert.ok(ended.type === 'recreate' && ended.phase.kind === 'compose');
  assert.equal(ended.phase.compose?.ok, true);
  assert.match(ended.phase.compose?.ended ?? '', /recreated/);
});

test('update: the containers of the old image are offered only when the tag moved', () => {
  const { state, commands } = drive({ type: 'update', tag: 'reg/app:1', imageId: 'sha256:old' }, '', ctx);
  assert.deepEqual(commands, [{ type: 'image-update', overlay: 3, reference: 'reg/app:1', imageId: 'sha256:old' }]);
  assert.equal(resultIn(state, { kind: 'updated', imageId: 'sha256:old', users: [] }, ctx).close, true);
  const offer = resultIn(state, { kind: 'updated', imageId: 'sha256:new', users: [{ id: 'c1', name: 'app' }] }, ctx).state;
  const go = keyIn(offer, press('{enter}'), ctx);
  assert.deepEqual(go.commands, [{ type: 'image-update-recreate', overlay: 3, users: [{ id: 'c1', name: 'app' }] }]);
  const one = resultIn(go.state, { kind: 'user', result: { name: 'app', ok: true, text: 'recreated on the new image' } }, ctx).state;
  const end = resultIn(one, { kind: 'users-done' }, ctx);
  assert.equal(end.close, true);
  assert.match(end.notify?.text ?? '', /recreated app/);
});
