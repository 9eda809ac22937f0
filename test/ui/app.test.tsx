import assert from 'node:assert/strict';
import { after, test } from 'node:test';
import { container, keys, renderApp } from '../support/ui-harness.tsx';

const open: Array<{ close(): Promise<void> }> = [];
after(async () => {
  for (const app of open) await app.close();
});
function app(...args: Parameters<typeof renderApp>) {
  const instance = renderApp(...args);
  open.push(instance);
  return instance;
}

/** The line of the frame that shows a given text. */
function lineWith(frame: string, text: string): string {
  return frame.split('\n').find((l) => l.includes(text)) ?? '';
}

test('shows running containers and hides exited ones until a is pressed', async () => {
  const ui = app({
    containers: [container('aaa111', 'web'), container('bbb222', 'old-job', { State: 'exited', Status: 'Exited (3) 2 seconds ago' })],
  });
  await ui.settle();
  assert.match(ui.frame(), /web/);
  assert.doesNotMatch(ui.frame(), /old-job/);
  await ui.press('a');
  assert.match(ui.frame(), /old-job/);
  assert.match(ui.frame(), /Exited \(3\) [0-9]+ seconds ago/);
  await ui.press('a');
  assert.doesNotMatch(ui.frame(), /old-job/);
});

test('the selection follows the container id when a refresh reorders rows', async () => {
  const a = container('aaa111', 'alpha', { Created: 300 });
  const b = container('bbb222', 'bravo', { Created: 200 });
  const c = container('ccc333', 'charlie', { Created: 100 });
  const ui = app({ containers: [a, b, c] });
  await ui.settle();
  await ui.press('j'); // select bravo
  assert.ok(lineWith(ui.frame(), 'bravo').length > 0);
  const selectedBefore = ui.frame();
  assert.ok(selectedBefore.includes('bravo'));
  // bravo becomes the newest: it moves to the top of the list.
  ui.setData([a, { ...b, Created: 400 }, c]);
  await ui.settle();
  await ui.press('l'); // opens logs of the selected container: must be bravo
  assert.match(ui.frame(), /logs bravo/);
});

test('the filter narrows the rows and Esc restores them', async () => {
  const ui = app({ containers: [container('aaa111', 'web-1'), container('bbb222', 'db-1'), container('ccc333', 'web-2')] });
  await ui.settle();
  await ui.press('/', 'w', 'e', 'b');
  assert.match(ui.frame(), /web-1/);
  assert.match(ui.frame(), /web-2/);
  assert.doesNotMatch(ui.frame(), /db-1/);
  await ui.press(keys.enter);
  assert.doesNotMatch(ui.frame(), /db-1/);
  await ui.press(keys.escape);
  assert.match(ui.frame(), /db-1/);
});

test('help lists the keymap for the current pane', async () => {
  const ui = app({ containers: [container('aaa111', 'web')] });
  await ui.settle();
  await ui.press('?');
  const frame = ui.frame();
  assert.match(frame, /Keys/);
  assert.match(frame, /running only ↔ all containers/);
  assert.match(frame, /quit/);
  // Further down the list, a page on.
  await ui.press(keys.pageDown);
  assert.match(ui.frame(), /stop the container/);
  await ui.press(keys.escape);
  assert.doesNotMatch(ui.frame(), /Keys \(Esc closes\)/);
});

test('help at 80 columns wraps what a key does under its column, and scrolls with j, k and the page keys', async () => {
  const ui = app({ containers: [container('aaa111', 'web')], size: { columns: 80, rows: 24 } });
  await ui.settle();
  await ui.press('?');
  let frame = await ui.waitFor(/Keys \(Esc closes\)/);
  for (const line of frame.split('\n')) assert.ok(line.length <= 80, `cut or overflowing: ${JSON.stringify(line)}`);
  const lines = frame.split('\n');
  const filter = lines.findIndex((l) => /^ {2}\/ +filter this pane/.test(l));
  assert.match(lines[filter + 1] ?? '', /^ {6,}\S.*details\)/, `the rest of the filter's words on the next line:\n${frame}`);
  const position = () => /(\d+)-(\d+)\/(\d+) · ↓\/↑ PgDn\/PgUp scroll/.exec(ui.frame());
  const first = position();
  assert.ok(first, `help says where it is and which keys scroll:\n${frame}`);
  assert.equal(first[1], '1');
  await ui.press('j', 'j');
  assert.equal(position()?.[1], '3');
  await ui.press('k');
  assert.equal(position()?.[1], '2');
  await ui.press(keys.pageDown);
  assert.ok(Number(position()?.[1]) > 2, 'PgDn pages');
  await ui.press('G');
  frame = ui.frame();
  assert.equal(position()?.[2], position()?.[3], 'the last line is reachable');
  assert.match(frame, /Ctrl-Z +suspend to the shell/);
});

test('narrow terminals drop columns instead of wrapping rows', async () => {
  const long = container('aaa111', 'a-container-with-a-rather-long-name', { Image: 'registry.example.com:5000/team/some-image:1.2.3', Ports: [{ PrivatePort: 80, PublicPort: 8080, IP: '0.0.0.0', Type: 'tcp' }] });
  const ui = app({ containers: [long], size: { columns: 60, rows: 15 } });
  await ui.settle();
  const frame = ui.frame();
  for (const line of frame.split('\n')) assert.ok(line.length <= 60, `line wider than 60: ${JSON.stringify(line)}`);
  assert.match(frame, /CONTAINER ID/);
  assert.doesNotMatch(frame, /PORTS/);
  assert.match(frame, /a-container/);
});

test('hostile engine strings are neutralised', async () => {
  const evil = container('aaa111', 'evil\u001b]0;owned\u0007\u001b[2Jname', { Image: 'img\u009b31m\u202eetc', Status: 'Up\rHIDDEN' });
  const ui = app({ containers: [evil] });
  await ui.settle();
  const frame = ui.frame();
  assert.ok(!frame.includes('\u001b]0;'), 'no OSC title sequence');
  assert.ok(!frame.includes('\u001b[2J'), 'no clear-screen sequence');
  assert.ok(!frame.includes('\u009b'), 'no C1 CSI');
  assert.ok(!frame.includes('\u202e'), 'no bidi override');
  assert.match(frame, /evilname/);
});

test('p opens the pull dialog, Esc closes it, q quits', async () => {
  const ui = app({ containers: [container('aaa111', 'web')] });
  await ui.settle();
  await ui.press('p');
  await ui.waitFor(/Pull an image/);
  await ui.press(keys.escape);
  assert.doesNotMatch(ui.frame(), /Pull an image/);
  assert.match(ui.frame(), /web/);
  assert.equal(ui.quitCount(), 0);
  await ui.press('q');
  assert.equal(ui.quitCount(), 1);
});

test('Tab and number keys switch panes', async () => {
  const ui = app({ containers: [container('aaa111', 'web')], images: [{ Id: `sha256:${'f'.repeat(64)}`, RepoTags: ['busybox:latest'], Size: 1_234_000, Created: 100, ParentId: '' }] });
  await ui.settle();
  await ui.press('2');
  assert.match(ui.frame(), /busybox:latest/);
  assert.match(ui.frame(), /1\.23MB/);
  await ui.press(keys.tab);
  assert.match(ui.frame(), /no transfers yet/);
  await ui.press('1');
  assert.match(ui.frame(), /web/);
});

test('o sorts by the next column, marks it in the header, and keeps the selection on the same container', async () => {
  const ui = app({
    containers: [
      container('aaa111', 'charlie', { Created: 300, Image: 'img-z' }),
      container('bbb222', 'alpha', { Created: 200, Image: 'img-m', State: 'exited', Status: 'Exited (0) 1 second ago' }),
      container('ccc333', 'bravo', { Created: 100, Image: 'img-a' }),
    ],
  });
  await ui.settle();
  await ui.press('a', 'j'); // all containers; select alpha (second, newest first)
  const order = () => ['alpha', 'bravo', 'charlie'].sort((x, y) => ui.frame().indexOf(` ${x} `) - ui.frame().indexOf(` ${y} `));
  assert.deepEqual(order(), ['charlie', 'alpha', 'bravo']);
  assert.match(ui.frame(), /CREATED ▼/);

  await ui.press('o');
  assert.deepEqual(order(), ['alpha', 'bravo', 'charlie']);
  assert.match(ui.frame(), /NAME ▲/);
  assert.doesNotMatch(ui.frame(), /CREATED ▼/);
  assert.match(ui.frame(), /all: 3 · by name/);
  await ui.press('o');
  assert.deepEqual(order(), ['bravo', 'alpha', 'charlie'], 'by image: img-a, img-m, img-z');
  await ui.press('o');
  assert.deepEqual(order(), ['charlie', 'bravo', 'alpha'], 'by state: running ones (newest first), then exited');
  await ui.press('l'); // the selection stayed on alpha through every re-sort
  assert.match(ui.frame(), /logs alpha/);
  // Then STATUS and PORTS (every shown column orders, issue 51), and round to newest first.
  await ui.press(keys.escape, 'o', 'o', 'o');
  assert.match(ui.frame(), /CREATED ▼/);
  assert.deepEqual(order(), ['charlie', 'alpha', 'bravo'], 'and round to newest first');
  await ui.press('O');
  assert.match(ui.frame(), /CREATED ▲/);
  assert.deepEqual(order(), ['bravo', 'alpha', 'charlie'], 'O: oldest first');
});

test('e on a container that is not running says so, and nothing leaves the screen', async () => {
  const ui = app({ containers: [container('bbb222', 'old-job', { State: 'exited', Status: 'Exited (0) 1 second ago' })] });
  await ui.settle();
  await ui.press('a', 'e');
  assert.match(ui.frame(), /old-job is not running: start it first \(S\)/);
  assert.match(ui.frame(), /CONTAINER ID/);
});
