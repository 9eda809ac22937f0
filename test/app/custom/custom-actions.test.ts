/**
 * Custom actions (app/custom) and the exec dialog, without an engine: templates split first and
 * substituted per word; config mistakes refused with one line naming the file and the entry; the
 * action's key bound in its pane and checked for clashes; the exec dialog's form turned into the
 * command it sends; commands remembered per image.
 */
import assert from 'node:assert/strict';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, test } from 'node:test';
import type { Command } from '../../../src/app/commands.ts';
import { parseCustomActions } from '../../../src/app/custom/config.ts';
import { customActions } from '../../../src/app/custom/run.ts';
import { expandTemplate, parseTemplate } from '../../../src/app/custom/template.ts';
import { plainFlags, type KeyPress } from '../../../src/app/input/press.ts';
import { defaultKeymap, type Keymap } from '../../../src/app/keys/keymap.ts';
import { reduceApp } from '../../../src/app/keys/reduce.ts';
import { initialAppState, topOverlay, type AppState } from '../../../src/app/types.ts';
import type { ContainerSummary } from '../../../src/engine/types.ts';
import { loadSettings } from '../../../src/main/settings.ts';
import { initialEngineState } from '../../../src/state/engine-state.ts';
import { uiContext } from '../../support/ui-context.ts';

const dir = mkdtempSync(join(tmpdir(), 'berth-custom-'));
after(() => rmSync(dir, { recursive: true, force: true }));

function config(name: string, value: unknown): string {
  const path = join(dir, name);
  writeFileSync(path, JSON.stringify(value));
  return path;
}

const values = { id: 'abc123', name: 'web', image: 'nginx:1', engine: 'unix:///var/run/docker.sock', labels: { 'app.dir': '/srv/my app', tier: 'front' } };

function expand(command: string): string[] {
  const parsed = parseTemplate(command);
  assert.ok(parsed.ok, parsed.ok ? '' : parsed.message);
  return expandTemplate(parsed.template, values);
}

test('a template is split into words first, then each field replaced inside its word: a value with spaces stays one argument', () => {
  assert.deepEqual(expand('docker logs --tail 50 {{id}}'), ['docker', 'logs', '--tail', '50', 'abc123']);
  assert.deepEqual(expand('ls {{label "app.dir"}}'), ['ls', '/srv/my app']);
  assert.deepEqual(expand('echo {{name}}@{{image}} on={{engine}}'), ['echo', 'web@nginx:1', 'on=unix:///var/run/docker.sock']);
  // Quoted by the user: one word, fields inside it replaced, no shell anywhere unless written.
  assert.deepEqual(expand(`sh -c 'echo {{name}}; ls {{label "tier"}}'`), ['sh', '-c', 'echo web; ls front']);
  // A value that looks like shell stays text.
  const echo = parseTemplate('echo {{name}}');
  assert.ok(echo.ok);
  assert.deepEqual(expandTemplate(echo.template, { ...values, name: '$(rm -rf /); x' }), ['echo', '$(rm -rf /); x']);
  // A label the container does not have is empty, still one argument.
  assert.deepEqual(expand('echo {{label "missing"}} end'), ['echo', '', 'end']);
});

test('a template naming a field berth does not know, or a shell operator, is refused with why', () => {
  const unknown = parseTemplate('docker inspect {{ident}}');
  assert.equal(unknown.ok, false);
  assert.match(unknown.ok ? '' : unknown.message, /unknown template field "\{\{ident\}\}"/);
  assert.match((parseTemplate('echo {{label}}') as { message: string }).message, /needs the label’s key/);
  assert.match((parseTemplate('echo {{id "x"}}') as { message: string }).message, /takes no argument/);
  assert.match((parseTemplate('docker ps | grep {{id}}') as { message: string }).message, /shell operator/);
  assert.match((parseTemplate('echo {{id}') as { message: string }).message, /not a field/);
  assert.match((parseTemplate('') as { message: string }).message, /empty/);
});

test('custom actions in config.json: every mistake is one line naming the entry', () => {
  const ok = parseCustomActions([{ name: 'tail', command: 'docker logs {{id}}', key: 'ctrl+t', confirm: true }, { name: 'in', command: 'ls /', run: 'container', label: 'tier=front' }, { name: 'img', command: 'docker history {{id}}', pane: 'images' }]);
  assert.ok(Array.isArray(ok), String(ok));
  assert.deepEqual(ok.map((a) => [a.name, a.kind, a.where, a.key, a.confirm, a.label]), [
    ['tail', 'container', 'host', 'ctrl+t', true, undefined],
    ['in', 'container', 'container', undefined, false, { key: 'tier', value: 'front' }],
    ['img', 'image', 'host', undefined, false, undefined],
  ]);
  assert.match(String(parseCustomActions({})), /"actions" must be a list/);
  assert.match(String(parseCustomActions([{ command: 'x' }])), /^"actions"\[0\]: "name" must be/);
  assert.match(String(parseCustomActions([{ name: 'a', command: 'x {{nope}}' }])), /^"actions"\[0\] \("a"\): "command": unknown template field "\{\{nope\}\}"/);
  assert.match(String(parseCustomActions([{ name: 'a', command: 'x', run: 'there' }])), /"run" must be "host" or "container"/);
  assert.match(String(parseCustomActions([{ name: 'a', command: 'x', pane: 'volumes' }])), /"pane" must be "containers" or "images"/);
  assert.match(String(parseCustomActions([{ name: 'a', command: 'x', pane: 'images', run: 'container' }])), /needs "pane": "containers"/);
  assert.match(String(parseCustomActions([{ name: 'a', command: 'x', key: 'ctrl+ä' }])), /is not a key berth knows/);
  assert.match(String(parseCustomActions([{ name: 'a', command: 'x', colour: 'red' }])), /unknown setting "colour"/);
  assert.match(String(parseCustomActions([{ name: 'a', command: 'x' }, { name: 'a', command: 'y' }])), /^"actions"\[1\] \("a"\): another action has this name/);
});

test('berth refuses, before it starts, a config whose action names an unknown field or takes a key in use; a good one binds its key in its pane', () => {
  const unknown = config('unknown.json', { actions: [{ name: 'peek', command: 'docker inspect {{containerId}}' }] });
  assert.match(String(loadSettings(unknown)), new RegExp(`^${unknown}: "actions"\\[0\\] \\("peek"\\): "command": unknown template field "\\{\\{containerId\\}\\}"`));
  assert.doesNotMatch(String(loadSettings(unknown)), /\n/);
  const clash = config('clash.json', { actions: [{ name: 'peek', command: 'docker inspect {{id}}', key: 's' }] });
  assert.match(String(loadSettings(clash)), /clash\.json: "actions" \("peek"\): its key "s" is taken by stop on the containers screen/);
  const planned = config('planned.json', { actions: [{ name: 'peek', command: 'docker inspect {{id}}', key: ':' }] });
  assert.match(String(loadSettings(planned)), /its key ":" is taken by palette/);
  const good = loadSettings(config('good.json', { actions: [{ name: 'peek', command: 'docker inspect {{id}}', key: 'ctrl+t' }], debugImage: 'nicolaka/netshoot' }));
  assert.ok(typeof good !== 'string', String(good));
  assert.equal(good.keymap.resolve('containers', 'ctrl+t'), 'custom:peek');
  assert.equal(good.keymap.resolve('images', 'ctrl+t'), undefined);
  assert.equal(good.custom.debugImage, 'nicolaka/netshoot');
  assert.match(String(loadSettings(config('debug.json', { debugImage: '' }))), /"debugImage" must be an image name/);
});

const running: ContainerSummary = { Id: 'a'.repeat(64), Names: ['/web'], Image: 'shop/web:2', State: 'running', Status: 'Up', Created: 1, Ports: [], Labels: { tier: 'front' } };
const engine = { ...initialEngineState('unix:///run/docker.sock'), containers: { loaded: true, stale: false, items: [running] }, images: { loaded: true, stale: false, items: [] } };

function press(name: string): KeyPress {
  return { name, input: name.length === 1 ? name : '', key: { ...plainFlags, ctrl: name.startsWith('ctrl+') } };
}

/** Keys through the app reducer on the Containers pane; the commands they asked for, in order. */
function typeKeys(keys: readonly string[], options: { state?: AppState; keymap?: Keymap; custom?: Parameters<typeof uiContext>[0]['custom'] } = {}): { state: AppState; commands: Command[] } {
  const ctx = uiContext({ engine, keymap: options.keymap ?? defaultKeymap, ...(options.custom && { custom: options.custom }) });
  let state = options.state ?? { ...initialAppState({ columns: 120, rows: 40 }), pane: 'containers' };
  const commands: Command[] = [];
  for (const key of keys) {
    const result = reduceApp(state, { kind: 'key', press: press(key) }, ctx);
    state = result.state;
    commands.push(...result.commands);
  }
  return { state, commands };
}

test('x: the command typed is split into argv and sent with the user and directory, captured unless the terminal is switched on; it is remembered for the image', () => {
  const { state, commands } = typeKeys(['x', ...'ls -l "/my dir"', 'tab', ...'nobody', 'tab', ...'/tmp', 'return']);
  assert.deepEqual(
    commands.filter((c) => c.type === 'exec-run'),
    [{ type: 'exec-run', overlay: 1, containerId: running.Id, name: 'web', cmd: ['ls', '-l', '/my dir'], user: 'nobody', workdir: '/tmp', interactive: false }],
  );
  assert.deepEqual(state.recent?.['shop/web:2'], ['ls -l "/my dir"']);
  // Next time, Ctrl-N fills it in.
  const closed = typeKeys(['escape'], { state }).state;
  const again = typeKeys(['x', 'ctrl+n'], { state: closed }).state;
  const top = topOverlay(again);
  assert.equal(top?.kind === 'dialog' && (top.dialog as unknown as { fields: { command: { value: string } } }).fields.command.value, 'ls -l "/my dir"');
});

test('x: the engine refusing the command brings the form back as typed, with its words; an ended command shows its exit code', () => {
  const sent = typeKeys(['x', ...'cat /etc/hostname', 'return']);
  const overlay = topOverlay(sent.state);
  assert.ok(overlay?.kind === 'dialog');
  const refused = reduceApp(sent.state, { kind: 'action', action: { type: 'dialog', overlay: overlay.id, result: { kind: 'failed', message: 'OCI runtime exec failed: no such file' } } }, uiContext({ engine })).state;
  const back = topOverlay(refused);
  assert.ok(back?.kind === 'dialog');
  const dialog = back.dialog as unknown as { phase: { kind: string }; error?: string; fields: { command: { value: string } } };
  assert.deepEqual([dialog.phase.kind, dialog.error, dialog.fields.command.value], ['form', 'OCI runtime exec failed: no such file', 'cat /etc/hostname']);
  const ended = reduceApp(sent.state, { kind: 'action', action: { type: 'dialog', overlay: overlay.id, result: { kind: 'exited', exitCode: 1 } } }, uiContext({ engine })).state;
  const done = topOverlay(ended);
  assert.ok(done?.kind === 'dialog');
  assert.deepEqual((done.dialog as unknown as { phase: unknown }).phase, { kind: 'exited', title: 'cat /etc/hostname in web (aaaaaaaaaaaa)', exitCode: 1 });
});

test('x: a terminal with no command is a shell; debug runs in a debug container beside it; a relative directory and a shell operator are refused before anything is sent', () => {
  const down = (n: number) => Array.from({ length: n }, () => 'tab');
  const shell = typeKeys(['x', ...down(3), ' ', 'return']).commands.filter((c) => c.type === 'exec-run');
  assert.deepEqual(shell, [{ type: 'exec-run', overlay: 1, containerId: running.Id, name: 'web', cmd: undefined, user: undefined, workdir: undefined, interactive: true }]);
  const debug = typeKeys(['x', ...down(3), ' ', 'tab', ' ', 'return']).commands.filter((c) => c.type === 'debug-run');
  assert.deepEqual(debug, [{ type: 'debug-run', overlay: 1, containerId: running.Id, name: 'web', image: 'busybox', cmd: undefined, user: undefined, workdir: undefined, interactive: true }]);
  const relative = typeKeys(['x', ...'ls', 'tab', 'tab', ...'tmp', 'return']);
  assert.equal(relative.commands.some((c) => c.type === 'exec-run'), false);
  const piped = typeKeys(['x', ...'ps | grep x', 'return']);
  assert.equal(piped.commands.some((c) => c.type === 'exec-run'), false);
  const empty = typeKeys(['x', 'return']);
  assert.equal(empty.commands.some((c) => c.type === 'exec-run'), false, 'captured needs a command');
});

test('a custom action key expands the template for the selected container; confirm asks first; the palette lists it', () => {
  const actions = parseCustomActions([
    { name: 'peek', command: 'echo {{name}} {{label "tier"}} {{engine}}', key: 'ctrl+t' },
    { name: 'wipe', command: 'docker rm -f {{id}}', key: 'ctrl+o', confirm: true },
    { name: 'back only', command: 'true', key: 'ctrl+g', label: 'tier=back' },
  ]);
  assert.ok(Array.isArray(actions));
  const settings = loadSettings(config('keys.json', { actions: [{ name: 'peek', command: 'echo {{name}} {{label "tier"}} {{engine}}', key: 'ctrl+t' }, { name: 'wipe', command: 'docker rm -f {{id}}', key: 'ctrl+o', confirm: true }, { name: 'back only', command: 'true', key: 'ctrl+g', label: 'tier=back' }] }));
  assert.ok(typeof settings !== 'string');
  const custom = { actions, debugImage: 'busybox' };
  const peek = typeKeys(['ctrl+t'], { keymap: settings.keymap, custom });
  assert.deepEqual(peek.commands.filter((c) => c.type === 'host-run'), [{ type: 'host-run', overlay: 1, argv: ['echo', 'web', 'front', 'unix:///run/docker.sock'] }]);
  const wipe = typeKeys(['ctrl+o'], { keymap: settings.keymap, custom });
  assert.equal(wipe.commands.some((c) => c.type === 'host-run'), false, 'asks first');
  const yes = typeKeys(['y'], { state: wipe.state, keymap: settings.keymap, custom });
  assert.deepEqual(yes.commands.filter((c) => c.type === 'host-run'), [{ type: 'host-run', overlay: 1, argv: ['docker', 'rm', '-f', running.Id] }]);
  const no = typeKeys(['n'], { state: wipe.state, keymap: settings.keymap, custom });
  assert.equal(topOverlay(no.state), undefined);
  assert.equal(no.commands.some((c) => c.type === 'host-run'), false);
  const back = typeKeys(['ctrl+g'], { keymap: settings.keymap, custom });
  assert.match(back.state.notice?.text ?? '', /for containers labelled tier=back; web is not/);
  const listed = customActions(custom);
  assert.deepEqual(listed.map((a) => [a.name, a.key, a.scope]), [
    ['peek', 'ctrl+t', { pane: 'containers', kind: 'container' }],
    ['wipe', 'ctrl+o', { pane: 'containers', kind: 'container' }],
    ['back only', 'ctrl+g', { pane: 'containers', kind: 'container', label: 'tier=back' }],
  ]);
  const viaPalette = listed[0]?.run({ ...initialAppState({ columns: 120, rows: 40 }), pane: 'containers' }, uiContext({ engine, keymap: settings.keymap, custom }));
  assert.deepEqual(viaPalette?.commands.filter((c) => c.type === 'host-run').length, 1);
});

test('an action with "terminal": true gets the terminal: on the host a host-run with it handed over, in the container an exec with a terminal', () => {
  assert.match(String(parseCustomActions([{ name: 'a', command: 'x', terminal: 'yes' }])), /^"actions"\[0\] \("a"\): "terminal" must be true or false/);
  const actions = parseCustomActions([
    { name: 'edit', command: 'vi /tmp/{{name}}.txt', key: 'ctrl+t', terminal: true },
    { name: 'top', command: 'top', run: 'container', key: 'ctrl+o', terminal: true },
  ]);
  assert.ok(Array.isArray(actions), String(actions));
  assert.deepEqual(actions.map((a) => a.terminal), [true, true]);
  const custom = { actions, debugImage: 'busybox' };
  const settings = loadSettings(config('terminal.json', { actions: [{ name: 'edit', command: 'vi /tmp/{{name}}.txt', key: 'ctrl+t', terminal: true }, { name: 'top', command: 'top', run: 'container', key: 'ctrl+o', terminal: true }] }));
  assert.ok(typeof settings !== 'string', String(settings));
  const edit = typeKeys(['ctrl+t'], { keymap: settings.keymap, custom });
  assert.deepEqual(edit.commands.filter((c) => c.type === 'host-run'), [{ type: 'host-run', overlay: 1, argv: ['vi', '/tmp/web.txt'], interactive: true }]);
  const top = typeKeys(['ctrl+o'], { keymap: settings.keymap, custom });
  assert.deepEqual(
    top.commands.filter((c) => c.type === 'exec-run'),
    [{ type: 'exec-run', overlay: 1, containerId: running.Id, name: 'web', cmd: ['top'], interactive: true }],
  );
});
