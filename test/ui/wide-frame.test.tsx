/**
 * The whole app at 120 columns (issue 48): text is cut only where there is no room. The tabs keep
 * their names beside a short summary, and a long one (a filter) stays whole while the names farthest
 * from the focused tab give way; Events' ACTION is a word and DETAILS gets the room;
 * the engine switcher shows an address whole; a long notice wraps; the pulse line keeps the disk;
 * form dialogs grow with the terminal; a pasted `docker run` line leaves the image in view; the
 * exec dialog's switches keep their labels in place.
 */
import assert from 'node:assert/strict';
import { after, test } from 'node:test';
import { defaultKeymap } from '../../src/app/keys/keymap.ts';
import { panes } from '../../src/app/panes/index.ts';
import { initialAppState, type AppState, type EngineRow } from '../../src/app/types.ts';
import { displayWidth } from '../../src/app/format/index.ts';
import { container, keys, renderApp } from '../support/ui-harness.tsx';

const open: Array<{ close(): Promise<void> }> = [];
after(async () => {
  for (const app of open) await app.close();
});

const COLUMNS = 120;
const size = { columns: COLUMNS, rows: 30 };
const lines = (frame: string) => frame.split('\n');
const widest = (frame: string) => Math.max(...lines(frame).map((l) => displayWidth(l)));

function app(options: { initial?: AppState; columns?: number } = {}) {
  const ui = renderApp({
    size: { ...size, columns: options.columns ?? COLUMNS },
    containers: [container('aaa111', 'web-1'), container('bbb222', 'db-1', { State: 'exited', Status: 'Exited (0) 2 minutes ago' })],
    images: [{ Id: 'sha256:'.padEnd(71, '1'), RepoTags: ['busybox:latest'], Created: 1, Size: 1_000_000 }],
    ...(options.initial && { initial: options.initial }),
  });
  open.push(ui);
  return ui;
}

test('at 120 and 80 columns the tabs keep their names beside the summary, and a filter in the summary stays whole', async () => {
  const named = (tabs: string, id: string) => tabs.includes(`${defaultKeymap.firstKey(`pane-${id}`)} ${panes.find((p) => p.id === id)?.title ?? ''}`);
  for (const columns of [120, 80]) {
    const ui = app({ columns });
    let frame = await ui.waitFor(/running: 1/);
    let tabs = lines(frame)[1] ?? '';
    const near = columns === 120 ? panes.map((p) => p.id) : ['containers', 'images', 'pulls'];
    for (const id of near) assert.ok(named(tabs, id), `${id} named at ${columns}: ${tabs}`);
    const filter = columns === 120 ? 'a-filter-long-enough-to-need-room' : 'a-filter-of-some-length';
    await ui.press('a', '/', ...filter, '\r');
    frame = await ui.waitFor(/all: 0 · filter/);
    tabs = lines(frame)[1] ?? '';
    assert.ok(tabs.endsWith(`all: 0 · filter "${filter}"`), `the summary whole at ${columns}: ${tabs}`);
    assert.ok(named(tabs, 'containers'), `the focused tab named: ${tabs}`);
    if (columns === 120) assert.ok(named(tabs, 'images') && named(tabs, 'networks'), `the names near it too: ${tabs}`);
    assert.ok(displayWidth(tabs) <= columns, tabs);
  }
});

test('at 120 columns Events gives DETAILS the room: ACTION is the word, its argument leads the details', async () => {
  const ui = app();
  const command = '/bin/sh -c "echo a command docker puts in the action"';
  ui.sources.current.events.record({ Type: 'container', Action: `exec_start: ${command}`, Actor: { ID: 'a1', Attributes: { name: 'web-1', image: 'busybox:latest', execID: 'e1' } }, time: 1 });
  ui.sources.current.events.record({ Type: 'container', Action: 'kill', Actor: { ID: 'a1', Attributes: { name: 'web-1', image: 'busybox:latest', signal: '15' } }, time: 2 });
  await ui.press(defaultKeymap.firstKey('pane-events'));
  const frame = await ui.waitFor(/exec_start/);
  const header = lines(frame).find((l) => /ACTION/.test(l)) ?? '';
  const row = lines(frame).find((l) => l.includes('exec_start')) ?? '';
  assert.ok(header.indexOf('ACTOR') - header.indexOf('ACTION') <= 'exec_start'.length + 1, `ACTION holds no more than "exec_start": ${header}`);
  assert.ok(row.includes(`${command} · image=busybox:latest`), `the details whole: ${row}`);
  assert.doesNotMatch(row, /…/);
});

test('at 120 columns the engine switcher shows a long address whole', async () => {
  const address = 'unix:///run/user/1000/some/rather/deep/directory/podman/podman.sock';
  const rows: EngineRow[] = [
    { name: 'default', host: 'unix:///var/run/docker.sock', current: true, target: { host: 'unix:///var/run/docker.sock' }, reach: { ok: true, text: 'docker 20.10.24' } },
    { name: 'podman', host: address, description: 'podman (rootless)', current: false, target: { host: address }, reach: { ok: true, text: 'podman 4.9.3' } },
  ];
  const initial: AppState = { ...initialAppState(size, 'containers'), overlays: [{ kind: 'engines', id: 1, rows, selected: 0 }], serial: 1 };
  const ui = app({ initial });
  const frame = await ui.waitFor(/Engines/);
  const row = lines(frame).find((l) => l.includes('podman.sock')) ?? '';
  assert.ok(row.includes(address), `the address whole: ${row}`);
  assert.match(row, /● podman 4\.9\.3/);
  assert.ok(widest(frame) <= COLUMNS);
});

test('at 120 columns a long notice wraps onto a second line rather than being cut mid-sentence', async () => {
  const text = 'conflict: unable to remove repository reference "busybox:latest" (must force) - container 0123456789ab is using its referenced image 3f57d9401f8d';
  const initial: AppState = { ...initialAppState(size, 'containers'), notice: { text, tone: 'error', seq: 1 } };
  const ui = app({ initial });
  const frame = await ui.waitFor(/conflict/);
  const at = lines(frame).findIndex((l) => l.startsWith('conflict'));
  const shown = `${lines(frame)[at] ?? ''} ${lines(frame)[at + 1] ?? ''}`;
  assert.ok(shown.includes('referenced image 3f57d9401f8d'), `the whole notice: ${shown}`);
  assert.doesNotMatch(shown, /…/);
  assert.equal(lines(frame).length, 29, 'the frame keeps its height: the pane gave the line');
  assert.ok(widest(frame) <= COLUMNS);
});

test('at 120 columns the pulse line keeps the disk (the rates give way first)', async () => {
  const ui = app();
  await ui.press('H');
  const pulse = ui.sources.current.pulse.store;
  const line = { size: 2_500_000_000, reclaimable: 1_200_000_000 };
  const figures = { cpuPercent: 12.5, memUsed: 300 * 2 ** 20, netRxRate: 123_456, netTxRate: 654_321, blockReadRate: 1_234_567, blockWriteRate: 7_654_321 };
  pulse.update((s) => ({ ...s, ncpu: 8, memTotal: 16 * 2 ** 30, disk: { images: line, containers: line, volumes: line, buildCache: line, total: line }, cgroupFigures: new Map([[container('aaa111', 'web-1').Id, figures]]) }));
  const frame = await ui.waitFor(/CPU 12\.5%/);
  const row = lines(frame).find((l) => l.includes('CPU 12.5%')) ?? '';
  assert.match(row, /disk 2\.5GB, 1\.2GB reclaimable/, row);
  assert.ok(displayWidth(row) <= COLUMNS, row);
});

test('form dialogs grow with a wide terminal and still fit a narrow one', async () => {
  const boxWidth = (frame: string) => Math.max(...lines(frame).filter((l) => l.includes('╭')).map((l) => displayWidth(l.slice(l.indexOf('╭'), l.indexOf('╮') + 1))));
  for (const [columns, expected] of [[60, 60], [80, 76], [120, 96], [200, 120]] as const) {
    const ui = app({ columns });
    await ui.press('r');
    const frame = await ui.waitFor(/╭/);
    assert.equal(boxWidth(frame), expected, `at ${columns} columns`);
    assert.ok(widest(frame) <= columns);
  }
});

for (const [how, send] of [
  ['pasted', (ui: ReturnType<typeof app>, line: string) => ui.write(`\u001b[200~${line}\u001b[201~`)],
  // tmux send-keys, a terminal without bracketed paste: the line arrives as typing, read at Enter.
  ['typed', async (ui: ReturnType<typeof app>, line: string) => {
    await ui.write(line);
    await ui.press(keys.enter);
  }],
] as const) {
  test(`a ${how} docker run line leaves the image in view in its field, without Tab`, async () => {
    const ui = app();
    await ui.press('r');
    await ui.waitFor(/╭/);
    await send(ui, 'docker run -d --name pasted-web -e SOME_SETTING=a-value-long-enough-to-scroll -p 8080:80 busybox:latest sleep 1000');
    const frame = await ui.waitFor(/pasted-web/);
    const image = lines(frame).find((l) => /[›│] +image /.test(l)) ?? '';
    assert.match(image, /busybox:latest/, `the image shown: ${image}`);
  });
}

test('the exec dialog keeps its switches\u2019 labels in place, the descriptions cut after them', async () => {
  const ui = app();
  await ui.press('x');
  let frame = await ui.waitFor(/terminal/);
  const column = (f: string, label: string) => {
    const row = lines(f).find((l) => new RegExp(`[ ›] ${label}\\s+\\[`).test(l)) ?? '';
    return { row, label: row.indexOf(label), box: row.indexOf('['), command: lines(f).find((l) => /[ ›] command /.test(l))?.indexOf('command') ?? -1 };
  };
  for (const label of ['terminal', 'debug']) {
    const at = column(frame, label);
    assert.equal(at.label, at.command, `${label} lines up with command: ${at.row}`);
    assert.equal(at.box - at.label, 'command'.length + ' '.repeat(10 - 'command'.length).length + 1, `its box right after the label column: ${at.row}`);
  }
  // The debug switch on: its description is long; the labels stay where they were.
  const before = column(frame, 'debug');
  await ui.press(keys.tab, keys.tab, keys.tab, keys.tab, ' ');
  frame = await ui.waitFor(/throwaway/);
  for (const label of ['terminal', 'debug']) {
    const at = column(frame, label);
    assert.equal(at.label, before.label, `${label} did not move: ${at.row}`);
    assert.equal(at.box, before.box, `${label}'s box did not move: ${at.row}`);
  }
  assert.ok(widest(frame) <= COLUMNS);
});
