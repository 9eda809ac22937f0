/**
 * The dialog machines, pure: a key or a result in, the dialog's next state and its commands out.
 * No component is rendered and no engine is called: this is what makes a dialog's keys work
 * before its code has loaded, and what the burst property test relies on. Keys reach a dialog
 * as they do in the app: resolved through the keymap in the contexts the dialog declares.
 */
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import type { DialogReply } from '../../../src/app/commands.ts';
import type { DialogContext, Outcome } from '../../../src/app/dialogs/machine.ts';
import { applyOutcome } from '../../../src/app/dialogs/open.ts';
import { plainFlags } from '../../../src/app/input/press.ts';
import { containerRowsOf } from '../../../src/app/panes/containers.ts';
import { initialAppState, paneView, type AppState, type DialogOverlay } from '../../../src/app/types.ts';
import type { ContainerSummary } from '../../../src/engine/types.ts';
import { initialEngineState } from '../../../src/state/engine-state.ts';
import { rowKey } from '../../../src/state/sources.ts';
import { drive as driveWith, keyIn, moduleOf, openIn, press, presses, resultIn, type KnownDialog, type KnownRequest } from '../../support/dialog-driver.ts';
import { uiContext } from '../../support/ui-context.ts';

const ctx: DialogContext = {
  overlay: 7,
  engine: {
    ...initialEngineState('x'),
    images: { loaded: true, stale: false, items: [{ Id: 'sha256:1', RepoTags: ['busybox:latest', 'busybox:1.36', 'evil\u001b[2J:1'] }] },
  },
  bodyHeight: 20,
};

/** Opens a dialog and types into it; returns the last outcome and every command on the way. */
function drive(request: KnownRequest, keys = '') {
  return driveWith(request, keys, ctx);
}

function result(state: KnownDialog, r: DialogReply): Outcome<KnownDialog> {
  return resultIn(state, r, ctx);
}

function key(state: KnownDialog, keys: string): Outcome<KnownDialog> {
  return keyIn(state, press(keys), ctx);
}

/** The app with this dialog open in overlay 7 (ctx's), for what its outcome does to the panes. */
function withDialog(dialog: KnownDialog): { state: AppState; overlay: DialogOverlay } {
  const overlay: DialogOverlay = { kind: 'dialog', id: ctx.overlay, dialog };
  return { state: { ...initialAppState({ columns: 100, rows: 30 }), overlays: [overlay], serial: ctx.overlay }, overlay };
}

describe('stop', () => {
  test('Enter sends once, with the grace period; a second Enter while it is out sends nothing', () => {
    const { state, commands } = drive({ type: 'stop', containerId: 'c1', name: 'web' }, '3{enter}{enter}');
    assert.deepEqual(commands, [{ type: 'container-stop', overlay: 7, containerId: 'c1', name: 'web', service: undefined, timeout: 3, restart: false }]);
    assert.equal(state.type === 'stop' && state.busy, true);
  });

  test('an invalid grace period is refused before sending, and kept', () => {
    const { state, commands } = drive({ type: 'stop', containerId: 'c1', name: 'web' }, '10s{enter}');
    assert.deepEqual(commands, []);
    assert.ok(state.type === 'stop' && state.showErrors && state.fields.grace.value === '10s');
  });

  test('done closes with the engine’s line; failed keeps the dialog with the message and lets Enter try again', () => {
    const { state } = drive({ type: 'stop', containerId: 'c1', name: 'web', restart: true }, '{enter}');
    const done = result(state, { kind: 'done', message: 'restarted web (c1)' });
    assert.equal(done.close, true);
    assert.deepEqual(done.notify, { text: 'restarted web (c1)' });
    const failed = result(state, { kind: 'failed', message: 'boom' });
    assert.ok(failed.state.type === 'stop' && failed.state.error === 'boom' && !failed.state.busy);
    assert.equal(key(failed.state, '{enter}').commands?.length, 1);
  });
});

describe('commit', () => {
  test('every field is checked; focus goes to the first invalid one; nothing is sent', () => {
    const { state, commands } = drive({ type: 'commit', containerId: 'c1', label: 'web (c1)' }, 'MyApp{tab}-bad{enter}');
    // Opening asks what the commit would capture; nothing else is sent.
    assert.deepEqual(commands, [{ type: 'container-changes', overlay: 7, containerId: 'c1' }]);
    assert.ok(state.type === 'commit' && state.showErrors && state.focus === 0);
  });

  test('a valid form sends the commit with the default tag; done shows the image and the list selects it', () => {
    const { state, commands } = drive({ type: 'commit', containerId: 'c1', label: 'web (c1)' }, 'myapp{enter}{enter}');
    assert.deepEqual(commands.slice(1), [{ type: 'container-commit', overlay: 7, containerId: 'c1', label: 'web (c1)', repository: 'myapp', tag: 'latest', comment: undefined, author: undefined }]);
    const done = result(state, { kind: 'done', imageId: 'sha256:9', reference: 'myapp:latest', message: 'committed' });
    assert.ok(done.state.type === 'commit' && done.state.done?.reference === 'myapp:latest');
    assert.equal(done.close, undefined, 'the dialog stays to show the id');
    // The answer comes once the list holds the image (an Enter typed at once finds it selected).
    assert.deepEqual(done.reveal, { kind: 'image', id: 'sha256:9 myapp:latest' });
    // Applied: the Images pane is shown with the new image's row selected.
    const app = withDialog(state);
    const shown = applyOutcome(app.state, uiContext({ engine: ctx.engine }), app.overlay, done).state;
    assert.equal(shown.pane, 'images');
    assert.equal(paneView(shown, 'images').selectedId, rowKey(ctx.engine.connection.endpoint, 'sha256:9 myapp:latest'));
    assert.equal(key(done.state, '{enter}').close, true);
  });
});

describe('commit: changes, pause, a chained tag and push', () => {
  test('a bad --change keeps the form at its field; good ones are sent with the switches and the chained steps', () => {
    const bad = drive({ type: 'commit', containerId: 'c1', label: 'web (c1)' }, 'app{tab}{tab}{tab}{tab}RUN x{enter}');
    assert.equal(bad.commands.length, 1);
    assert.ok(bad.state.type === 'commit' && bad.state.showErrors && bad.state.focus === 4);
    // repository, tag, comment, author, change, pause (Space: off), also tag, push (Space: on).
    const { commands } = drive({ type: 'commit', containerId: 'c1', label: 'web (c1)' }, 'app{tab}v1{tab}{tab}{tab}env A=1; EXPOSE 8080{tab}{space}{tab}localhost:5000/app{tab}{space}{enter}');
    assert.deepEqual(commands.slice(1), [
      { type: 'container-commit', overlay: 7, containerId: 'c1', label: 'web (c1)', repository: 'app', tag: 'v1', comment: undefined, author: undefined, changes: ['ENV A=1', 'EXPOSE 8080'], pause: false, alsoTag: 'localhost:5000/app:latest', push: 'localhost:5000/app:latest' },
    ]);
  });

  test('the diff shows above the form: counts and the first paths; a refusal says why', () => {
    const { state } = drive({ type: 'commit', containerId: 'c1', label: 'web (c1)' });
    const shown = result(state, { kind: 'changes', changes: [{ path: '/tmp', kind: 'changed' }, { path: '/tmp/new.txt', kind: 'added' }] });
    const blocks = moduleOf('commit').view(shown.state, { ...uiContext({ engine: ctx.engine }), overlay: 7, width: 80, height: 30, output: () => [], outputLength: 0 }).blocks;
    const texts = blocks.flatMap((b) => (b.kind === 'text' ? [b.text] : []));
    assert.ok(texts.some((t) => t.includes('1 added · 1 changed · 0 deleted')), texts.join('\n'));
    assert.ok(texts.includes('A   new.txt'), texts.join('\n'));
    const refused = result(state, { kind: 'changes', message: 'No such container' });
    assert.ok(refused.state.type === 'commit' && refused.state.diff?.message === 'No such container');
  });
});

describe('copy in', () => {
  test('asks before replacing; Enter again sends with overwrite; done closes and reads the browser again', () => {
    const request = { type: 'copy-in' as const, containerId: 'c1', name: 'web', directory: '/srv', browser: 3 };
    const first = drive(request, './a.txt{enter}');
    assert.deepEqual(first.commands, [{ type: 'container-copy-in', overlay: 7, containerId: 'c1', name: 'web', source: './a.txt', directory: '/srv', overwrite: false }]);
    const asked = result(first.state, { kind: 'exists', target: '/srv/a.txt' });
    assert.ok(asked.state.type === 'copy-in' && asked.state.exists === '/srv/a.txt');
    assert.equal(key(asked.state, '{enter}').commands?.[0]?.type === 'container-copy-in' && (key(asked.state, '{enter}').commands?.[0] as { overwrite: boolean }).overwrite, true);
    const done = result(asked.state, { kind: 'done', message: 'copied', target: '/srv/a.txt' });
    assert.equal(done.close, true);
    assert.deepEqual(done.commands, [{ type: 'files-open', overlay: 3, containerId: 'c1', path: '/srv', changes: true }]);
  });
});

describe('remove', () => {
  test('Space flips the focused toggle; Enter sends what is ticked, once', () => {
    const target = { kind: 'container' as const, id: 'c1', name: 'web', running: true };
    const { commands } = drive({ type: 'remove', target, label: 'container web' }, '{space}{tab}{space}{enter}{enter}');
    assert.deepEqual(commands, [{ type: 'container-remove', overlay: 7, containerId: 'c1', name: 'web', force: true, volumes: true }]);
  });
});

describe('pull', () => {
  test('the password leaves the store in the step that hands it to the pull manager', () => {
    const { state, commands } = drive({ type: 'pull' }, 'registry:5000/app{tab}me{tab}s3cret{enter}');
    const start = commands.find((c) => c.type === 'pull-start');
    assert.deepEqual(start, { type: 'pull-start', overlay: 7, reference: 'registry:5000/app', auth: { username: 'me', password: 's3cret' } });
    assert.ok(!JSON.stringify(state).includes('s3cret'), 'the dialog state no longer holds it');
    assert.ok(state.type === 'pull' && state.starting);
    const started = result(state, { kind: 'started', pullId: 'pull-1' });
    assert.equal(started.close, true);
    assert.deepEqual(started.reveal, { kind: 'pull', id: 'pull-1' });
  });

  test('a half-given login is asked about, not sent', () => {
    const { state, commands } = drive({ type: 'pull' }, 'alpine{tab}me{enter}');
    assert.equal(commands.filter((c) => c.type === 'pull-start').length, 0);
    assert.ok(state.type === 'pull' && state.showErrors && state.focus === 2);
  });

  test('credentials are looked up once typing pauses, and a late answer for an older reference is dropped', () => {
    const { state, commands } = drive({ type: 'pull' }, 'alp');
    // The registry search has its own timer (pull-search.test.ts).
    const timers = commands.filter((c) => c.type === 'timer-start' && c.key !== 'registry:7');
    assert.ok(timers.length >= 1, 'each change of reference asks for a lookup after a pause');
    assert.ok(timers.every((t) => t.type === 'timer-start' && t.key === 'lookup:7' && t.overlay === 7), 'one timer key: each replaces the last');
    assert.ok(state.type === 'pull' && state.lookup.state === 'looking');
    // The pause ends for "alp": the lookup goes out.
    const due = result(state, { kind: 'lookup-due', reference: 'alp' });
    assert.deepEqual(due.commands, [{ type: 'credentials-lookup', overlay: 7, reference: 'alp' }]);
    assert.deepEqual(result(state, { kind: 'lookup-due', reference: 'al' }).commands, undefined, 'an older pause asks nothing');
    assert.equal(result(state, { kind: 'looked-up', reference: 'al', description: 'stale' }).state, state);
    const found = result(state, { kind: 'looked-up', reference: 'alp', description: 'from ~/.docker/config.json' });
    assert.ok(found.state.type === 'pull' && found.state.lookup.state === 'found');
  });

  test('a prefilled reference is looked up from the start', () => {
    const { commands } = drive({ type: 'pull', reference: 'alpine' });
    assert.equal(commands[0]?.type, 'timer-start');
  });
});

describe('run', () => {
  test('the focused field takes its keys; → completes an image from local tags, Tab moves on without completing', () => {
    const { state } = drive({ type: 'run' }, 'busybox:l{right}');
    assert.ok(state.type === 'run' && state.fields.image.value === 'busybox:latest' && state.focus === 0);
    const tabbed = drive({ type: 'run' }, 'busybox:l{tab}echo hi').state;
    assert.ok(tabbed.type === 'run');
    assert.deepEqual([tabbed.fields.image.value, tabbed.fields.command.value, tabbed.focus], ['busybox:l', 'echo hi', 1]);
    const next = drive({ type: 'run' }, 'busybox:l{right}{tab}echo hi{tab}web-1{tab}{space}{tab}{space}').state;
    assert.ok(next.type === 'run');
    assert.deepEqual([next.fields.image.value, next.fields.command.value, next.fields.name.value, next.tty, next.detached], ['busybox:latest', 'echo hi', 'web-1', true, true]);
  });

  test('a tag with control characters is never offered for completion', () => {
    const { state } = drive({ type: 'run' }, 'evil{tab}');
    assert.ok(state.type === 'run' && state.fields.image.value === 'evil' && state.focus === 1);
  });

  test('invalid fields: messages, focus on the first, nothing sent', () => {
    const { state, commands } = drive({ type: 'run' }, '{tab}ls *.txt{tab}-web{enter}');
    assert.deepEqual(commands, []);
    assert.ok(state.type === 'run' && state.showErrors && state.focus === 0);
  });

  test('a pasted docker run line fills the form, names what berth does not build, and runs as the CLI would', () => {
    const opened = openIn({ type: 'run' }, ctx).state;
    const line = "docker run -d --rm -p 8080:80 -e A=1 --cap-add NET_ADMIN --name web nginx:1.27 nginx -g 'daemon off;'";
    const pasted = keyIn(opened, { name: 'paste', input: line, key: plainFlags }, ctx).state;
    assert.ok(pasted.type === 'run');
    assert.deepEqual([pasted.fields.image.value, pasted.fields.command.value, pasted.fields.name.value, pasted.fields.publish.value, pasted.fields.env.value], ['nginx:1.27', "nginx -g 'daemon off;'", 'web', '8080:80', 'A=1']);
    assert.deepEqual([pasted.detached, pasted.rm, pasted.unsupported], [true, true, ['--cap-add']]);
    const copy = key(pasted, '{ctrl+y}');
    assert.deepEqual(copy.commands, [{ type: 'clipboard-copy', text: "docker run --detach --rm --name web --publish 8080:80 --env A=1 nginx:1.27 nginx -g 'daemon off;'" }]);
    assert.equal(copy.state, pasted, 'Ctrl-Y types nothing');
    const run = key(pasted, '{enter}');
    const command = run.commands?.[0];
    assert.ok(command?.type === 'run-create');
    assert.deepEqual(command.spec.extras?.hostConfig, { PortBindings: { '80/tcp': [{ HostIp: '', HostPort: '8080' }] }, AutoRemove: true });
    assert.deepEqual(command.spec.extras?.env, ['A=1']);
  });

  test('a line typed into the image field is read on Enter; a line that cannot be read keeps the form and says why', () => {
    const typed = drive({ type: 'run' }, 'docker run -it busybox sh{enter}').state;
    assert.ok(typed.type === 'run');
    assert.deepEqual([typed.fields.image.value, typed.fields.command.value, typed.tty, typed.interactive], ['busybox', 'sh', true, true]);
    const bad = keyIn(typed, { name: 'paste', input: 'docker run --bogus busybox', key: plainFlags }, ctx).state;
    assert.ok(bad.type === 'run');
    assert.equal(bad.fields.image.value, 'busybox');
    assert.match(bad.error ?? '', /unknown flag: --bogus/);
  });

  test('the whole foreground workflow: create, start, output, exit; Enter closes', () => {
    const driven = drive({ type: 'run', image: 'busybox' }, "sh -c 'echo hi'{enter}{enter}");
    let state = driven.state;
    assert.deepEqual(driven.commands, [{ type: 'run-create', overlay: 7, spec: { image: 'busybox', cmd: ['sh', '-c', 'echo hi'], name: undefined, tty: false, detached: false } }]);
    const steps: DialogReply[] = [{ kind: 'created', id: 'abc123abc123ff', warnings: ['w'] }, { kind: 'started' }, { kind: 'output', lines: 3 }];
    for (const step of steps) state = result(state, step).state;
    assert.ok(state.type === 'run' && state.phase.kind === 'running' && state.output === 3);
    const leave = key(state, '{esc}');
    assert.deepEqual([leave.close, leave.notify?.text], [true, 'abc123abc123 keeps running (only the view was left)']);
    state = result(state, { kind: 'exited', exitCode: 3 }).state;
    assert.ok(state.type === 'run' && state.phase.kind === 'exited' && state.phase.exitCode === 3 && !state.busy);
    assert.equal(key(state, '{enter}').close, true);
  });

  test('a missing image: offered, pulled, then the run goes on; a failed pull brings the form back with every field', () => {
    let { state } = drive({ type: 'run', image: 'reg:5000/tool:2' }, 'tool --help{enter}');
    state = result(state, { kind: 'failed', message: 'No such image: reg:5000/tool:2', missingImage: true }).state;
    assert.ok(state.type === 'run' && state.phase.kind === 'missing-image');
    const pull = key(state, '{enter}');
    assert.deepEqual(pull.commands, [{ type: 'run-pull', overlay: 7, reference: 'reg:5000/tool:2' }]);
    const pulled = result(result(pull.state, { kind: 'pulling', pullId: 'pull-1' }).state, { kind: 'pulled' });
    assert.equal(pulled.commands?.[0]?.type, 'run-create', 'the run goes on after the pull');
    const failed = result(pull.state, { kind: 'pull-failed', message: 'pull failed: denied' }).state;
    assert.ok(failed.type === 'run' && failed.phase.kind === 'form' && failed.error === 'pull failed: denied' && failed.fields.command.value === 'tool --help');
  });

  test('Esc at the offer: back to the form with the engine’s message', () => {
    let { state } = drive({ type: 'run', image: 'nothere:1' }, '{enter}');
    state = result(state, { kind: 'failed', message: 'No such image: nothere:1', missingImage: true }).state;
    state = key(state, '{esc}').state;
    assert.ok(state.type === 'run' && state.phase.kind === 'form' && state.error === 'No such image: nothere:1');
  });

  test('a failure after the start keeps the output and says the run was lost; one before it says what was left behind', () => {
    let { state } = drive({ type: 'run', image: 'busybox' }, '{enter}');
    const created = result(state, { kind: 'created', id: 'feedfeedfeedfeed', warnings: [] }).state;
    state = result(result(created, { kind: 'started' }).state, { kind: 'failed', message: 'engine gone', missingImage: false }).state;
    assert.ok(state.type === 'run' && state.phase.kind === 'lost' && state.phase.message === 'engine gone');
    const notStarted = result(created, { kind: 'failed', message: 'port taken', missingImage: false }).state;
    assert.ok(notStarted.type === 'run' && notStarted.phase.kind === 'form' && notStarted.error === 'created feedfeedfeed but it did not start: port taken');
  });

  test('detached: closes, selects the container, shows all when it already exited, and says so', () => {
    const id = 'c9'.padEnd(64, '0');
    // From the command field (the image is given): name, TTY, detached; Space turns it on.
    const { state, commands } = drive({ type: 'run', image: 'busybox' }, '{tab}{tab}{tab}{space}{enter}');
    assert.equal(state.type === 'run' && state.detached, true);
    assert.equal(commands[0]?.type === 'run-create' && commands[0].spec.detached, true);
    const done = result(state, { kind: 'detached', id, name: 'web', live: false, warnings: ['low memory'] });
    assert.equal(done.close, true);
    assert.deepEqual(done.reveal, { kind: 'container', id });
    assert.equal(done.notify?.text, `started web (${id.slice(0, 12)}) · warning: low memory`);
    // Applied over the panes, with the list as the engine now gives it (the run refreshed it first).
    const listed = (state: string): ContainerSummary => ({ Id: id, Names: ['/web'], Image: 'busybox', State: state, Status: '', Created: 1, Ports: [], Labels: {} });
    const app = withDialog(state);
    const engine = (c: ContainerSummary) => uiContext({ engine: { ...ctx.engine, containers: { loaded: true, stale: false, items: [c] } } });
    const exited = engine(listed('exited'));
    const shown = applyOutcome(app.state, exited, app.overlay, done);
    assert.deepEqual(shown.state.overlays, [], 'the dialog closed');
    assert.ok(shown.commands.some((c) => c.type === 'overlay-release' && c.overlay === 7), 'what ran for it is let go');
    assert.equal(shown.state.pane, 'containers');
    assert.equal(paneView(shown.state, 'containers').options?.all, true, 'it already exited: the pane shows all');
    assert.equal(paneView(shown.state, 'containers').selectedId, rowKey(ctx.engine.connection.endpoint, id));
    assert.deepEqual(containerRowsOf(shown.state, exited).map((r) => r.id), [id], 'and its row is on screen');
    // Still running: shown among the running ones, the pane's choice left alone.
    const live = engine(listed('running'));
    const running = applyOutcome(app.state, live, app.overlay, result(state, { kind: 'detached', id, name: 'web', live: true, warnings: [] })).state;
    assert.notEqual(paneView(running, 'containers').options?.all, true);
    assert.equal(paneView(running, 'containers').selectedId, rowKey(ctx.engine.connection.endpoint, id));
  });

  test('output scrolls back within what is held, and End returns to the bottom', () => {
    let { state } = drive({ type: 'run', image: 'busybox' }, '{enter}');
    for (const r of [{ kind: 'created', id: 'c1', warnings: [] }, { kind: 'started' }, { kind: 'output', lines: 100 }] as DialogReply[]) state = result(state, r).state;
    for (const p of presses('kkk')) state = keyIn(state, p, ctx).state;
    assert.ok(state.type === 'run' && state.scrollBack === 3);
    state = key(state, '{pageup}').state;
    assert.ok(state.type === 'run' && state.scrollBack === 3 + 12);
    state = keyIn(state, { name: 'G', input: 'G', key: { ...plainFlags, shift: true } }, ctx).state;
    assert.ok(state.type === 'run' && state.scrollBack === 0);
  });
});

describe('prune', () => {
  const at = (apiVersion: string): DialogContext => ({ ...ctx, engine: { ...ctx.engine, connection: { ...ctx.engine.connection, apiVersion } } });
  const viewOf = (state: KnownDialog): string =>
    JSON.stringify(moduleOf('prune').view(state, { ...uiContext({ engine: ctx.engine }), overlay: 7, width: 100, height: 30, output: () => [], outputLength: 0 }));

  test('volumes: from API 1.42 Space walks anonymous → every unused volume; before it there is one prune, and the note says named ones go', () => {
    const newer = driveWith({ type: 'prune', target: 'volumes' }, '{space}', at('1.44'));
    assert.deepEqual(
      newer.commands.map((c) => c.type === 'prune-preview' && c.target),
      ['volumes', 'all-volumes'],
    );
    assert.match(viewOf(openIn({ type: 'prune', target: 'volumes' }, at('1.44')).state), /API 1\.44 prunes anonymous volumes only/);
    const older = driveWith({ type: 'prune', target: 'volumes' }, '{space}', at('1.41'));
    assert.deepEqual(
      older.commands.map((c) => c.type === 'prune-preview' && c.target),
      ['volumes'],
    );
    assert.match(viewOf(older.state), /API 1\.41 prunes named volumes too/);
  });

  test('done: what the engine reports, counted against the preview, and what it left', () => {
    const opened = driveWith({ type: 'prune', target: 'containers' }, '', at('1.41')).state;
    const items = [
      { key: 'c1', name: 'old', size: 10 },
      { key: 'c2', name: 'blank', size: 0 },
    ];
    const previewed = resultIn(opened, { kind: 'previewed', serial: 1, preview: { items, bytes: 10, unknownSizes: 0 } }, ctx).state;
    const pruning = keyIn(previewed, press('{enter}'), ctx).state;
    const done = resultIn(pruning, { kind: 'pruned', answer: { removed: ['c1', 'c9'], spaceReclaimed: 10 } }, ctx).state;
    const text = viewOf(done);
    assert.match(text, /removed 1 of the 2 previewed; not removed: blank; the engine's answer lists 2 entries, 1 of them not previewed; the engine freed 10B/);
  });
});
