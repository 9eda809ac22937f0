/**
 * The whole app at 60, 80, 120 and 200 columns: the status bar keeps the connection state and
 * the counts readable (the engine version, the address and the clock give way first), table
 * columns share the width by what their content needs, and a dialog's key hints wrap rather
 * than being cut at the edge.
 */
import assert from 'node:assert/strict';
import { after, test } from 'node:test';
import type { ConnectionState } from '../../src/state/engine-state.ts';
import { container, keys, renderApp } from '../support/ui-harness.tsx';

const open: Array<{ close(): Promise<void> }> = [];
after(async () => {
  for (const app of open) await app.close();
});

const WIDTHS = [60, 80, 120, 200];
const LONG_SOCKET = 'unix:///tmp/berth-sandbox-0K227J/some/deeper/directory/docker.sock';
const now = Math.floor(Date.now() / 1000);

function app(columns: number) {
  const ui = renderApp({
    size: { columns, rows: 24 },
    containers: [
      container('aaa111', 'young-1', { Image: 'berth-test/busybox:latest', Created: now - 70, Status: 'Up About a minute' }),
      container('bbb222', 'young-2', { Image: 'berth-test/busybox:latest', Created: now - 75, Status: 'Up About a minute' }),
      container('ccc333', 'old-job', { Image: 'berth-test/busybox:latest', Created: now - 90, State: 'exited', Status: 'Exited (0) About a minute ago' }),
    ],
    images: [{ Id: 'sha256:'.padEnd(71, '1'), RepoTags: ['berth-test/busybox:latest'], Created: now - 3600, Size: 1_000_000 }],
  });
  open.push(ui);
  ui.engineStore.update((s) => ({ ...s, connection: { ...s.connection, endpoint: LONG_SOCKET } }));
  return ui;
}

function setConnection(ui: ReturnType<typeof app>, patch: Partial<ConnectionState>) {
  ui.engineStore.update((s) => ({ ...s, connection: { ...s.connection, ...patch } }));
}

const firstLine = (frame: string) => frame.split('\n')[0] ?? '';

for (const width of WIDTHS) {
  test(`at ${width} columns the status bar shows the state and the counts whole, within the width`, async () => {
    const ui = app(width);
    await ui.settle();
    const bar = firstLine(ui.frame());
    assert.ok(bar.length <= width, `${bar.length} cells: ${bar}`);
    assert.match(bar, /● live/);
    assert.match(bar, /2\/3 containers · 1 image\b/, bar);
    assert.doesNotMatch(bar, /…/, 'nothing is cut');
    for (const [patch, word] of [
      [{ eventsLive: false }, '● polling'],
      [{ status: 'unreachable' as const, error: 'no engine socket', retryAt: Date.now() + 2000 }, '✕ unreachable'],
      [{ status: 'refused' as const, error: 'client version 0.1 is too old' }, '✕ refused'],
    ] as const) {
      setConnection(ui, patch);
      await ui.settle();
      assert.ok(firstLine(ui.frame()).includes(word), `${word} at ${width}: ${firstLine(ui.frame())}`);
    }
  });
}

test('the least useful parts give way first: the clock, the API version, the engine version number, then the address', async () => {
  const wide = app(200);
  await wide.settle();
  const full = firstLine(wide.frame());
  assert.ok(full.includes(LONG_SOCKET) && full.includes('engine 20.10.24') && full.includes('API 1.41') && /updated \d\d:\d\d:\d\d/.test(full), full);

  const mid = app(120);
  await mid.settle();
  const at120 = firstLine(mid.frame());
  assert.doesNotMatch(at120, /\d\d:\d\d:\d\d/, 'the clock goes first');
  assert.doesNotMatch(at120, /API 1\.41/, 'then the API version');
  assert.doesNotMatch(at120, /20\.10\.24/, 'then the version number');
  assert.match(at120, / engine · /, 'but not the engine kind');
  assert.ok(at120.includes(LONG_SOCKET), `while the address stays whole: ${at120}`);

  const narrow = app(80);
  await narrow.settle();
  const at80 = firstLine(narrow.frame());
  assert.ok(at80.includes(' docker.sock ') && !at80.includes(LONG_SOCKET), `the address is shortened to its socket: ${at80}`);

  const narrowest = app(60);
  await narrowest.settle();
  const at60 = firstLine(narrowest.frame());
  assert.match(at60, /^berth · /);
});

test('at 120 columns the table gives IMAGE and CREATED what they need before NAME grows', async () => {
  const ui = app(120);
  await ui.settle();
  const frame = ui.frame();
  const row = frame.split('\n').find((l) => l.includes('young-1')) ?? '';
  assert.match(row, /berth-test\/busybox:latest/, row);
  assert.match(row, /About a minute ago/, row);
  assert.doesNotMatch(row, /…/, row);
  const header = frame.split('\n').find((l) => l.includes('CONTAINER ID')) ?? '';
  const nameWidth = header.indexOf('IMAGE') - header.indexOf('NAME');
  assert.ok(nameWidth < 24, `NAME takes ${nameWidth} cells for 7-letter names: ${header}`);
});

test('at 120 columns a long image reference is whole when the row has room, and cut before any other column when not', async () => {
  const image = 'registry.example.com:5000/payments-api:2026.11.23'; // 49 cells, past IMAGE's max of 40
  for (const [columns, whole] of [[120, true], [100, false]] as const) {
    const ui = renderApp({ size: { columns, rows: 24 }, containers: [container('ddd444', 'pay-1', { Image: image, Created: now - 70, Status: 'Up About a minute' })] });
    open.push(ui);
    await ui.settle();
    const row = ui.frame().split('\n').find((l) => l.includes('pay-1')) ?? '';
    assert.equal(row.includes(image), whole, row);
    assert.match(row, /Up About a minute +About a minute ago/, `STATUS and CREATED whole: ${row}`);
    assert.match(row, /pay-1 +registry/, row);
    assert.ok(/pay-1 registry/.test(row) || whole, `NAME keeps no blank cells while IMAGE is cut: ${row}`);
  }
});

for (const width of WIDTHS) {
  test(`at ${width} columns the table fits, keeps NAME and STATUS, and the images pane says "1 tag"`, async () => {
    const ui = app(width);
    await ui.settle();
    const lines = ui.frame().split('\n');
    for (const line of lines) assert.ok(line.length <= width, `a line of ${line.length} cells at ${width}: ${line}`);
    const row = lines.find((l) => l.includes('young-1')) ?? '';
    assert.match(row, /Up About a minute/, row);
    if (width >= 120) assert.match(row, /berth-test\/busybox:latest/);
    await ui.press('2');
    assert.match(ui.frame(), /\b1 tag\b/);
    assert.doesNotMatch(ui.frame(), /\b1 tags\b/);
  });
}

test("a dialog's key hints wrap at 60 columns instead of being cut", async () => {
  const ui = app(60);
  await ui.settle();
  await ui.press('a', 'G'); // the exited one: no force needed, the plain hint
  await ui.press('d');
  // The dialog's code loads on first use: its frame, not the placeholder's.
  const frame = await ui.waitFor('Esc cancel');
  const text = frame.replace(/[│╭╮╰╯─]/g, ' ').replace(/\s+/g, ' ');
  for (const part of ['Enter remove', 'Space toggles', 'Tab/Shift-Tab option', 'Esc cancel']) assert.ok(text.includes(part), `${part} in:\n${frame}`);
  assert.doesNotMatch(frame, /Es…|option …|toggles …/, frame);
  await ui.press(keys.escape);
});

test("inside the demo the status bar names the demo's registry, down to 80 columns", async () => {
  for (const width of [80, 120, 200]) {
    const ui = app(width);
    ui.engineStore.update((s) => ({ ...s, demo: { registry: '127.0.0.1:41713', images: ['127.0.0.1:41713/berth/layers:latest'] } }));
    await ui.settle();
    const bar = firstLine(ui.frame());
    assert.match(bar, /registry 127\.0\.0\.1:41713/, `${width}: ${bar}`);
    assert.match(bar, /● live/);
  }
});
