import assert from 'node:assert/strict';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, test } from 'node:test';
import { sandboxDocker, sandboxEnv } from '../support/sandbox-env.ts';
import { key, type PtySession } from '../support/pty.ts';
import { berthIn, openLogs } from '../support/logs-e2e.ts';

// The logs view's own keys (issue 34), in a real pseudo-terminal against the sandbox engine: wrap
// and sideways scroll, filter with context, JSON lines, select and copy, the mouse wheel, the
// pager. The history (paging, search, save) is test/e2e/logs-history.test.ts.
const env = sandboxEnv();
const tag = `logs${process.pid}`;
const wide = `${tag}-wide`;
const grep = `${tag}-grep`;
const json = `${tag}-json`;
const jsonLine = '{"level":"error","msg":"disk full","id":12345678901234567890,"nested":{"a":[1,2]}}';
const longLine = `head-${'x'.repeat(180)}-tail`;
const sessions: PtySession[] = [];
const merged: Array<[string, string]> = [
  [`${tag}-m1`, 'echo m-1; sleep 4; echo m-4; sleep 3600'],
  [`${tag}-m2`, 'echo m-2; sleep 3600'],
  [`${tag}-m3`, 'echo m-3; sleep 3600'],
];
const MOUSE_ON = '\u001b[?1000h\u001b[?1006h';
const MOUSE_OFF = '\u001b[?1006l\u001b[?1000l';
const WHEEL_UP = '\u001b[<64;10;5M';
const cwd = mkdtempSync(join(tmpdir(), 'berth-e2e-logs-'));

/** berth in `cwd` (where `w` saves). */
const berth = (extra: Record<string, string> = {}): PtySession => berthIn(cwd, env.dockerHost, sessions, extra);

before(async () => {
  await sandboxDocker(['run', '-d', '--network', 'none', '--name', wide, env.images.busybox, 'sh', '-c', `echo ${longLine}; sleep 3600`]);
  await sandboxDocker(['run', '-d', '--network', 'none', '--name', json, env.images.busybox, 'sh', '-c', `printf 'esc \\033[2J\\033]0;owned\\007 end\\n'; echo '${jsonLine}'; echo 'plain WARN line'; echo 'third line'; sleep 3600`]);
  await sandboxDocker(['run', '-d', '--network', 'none', '--name', grep, env.images.busybox, 'sh', '-c', "seq 1 9; echo 'E42 failure'; seq 11 19; echo 'warn e7 retry'; seq 21 40; sleep 3600"]);
  // Three containers started one after another, each writing as it starts; the first again
  // 4 s later: merged, m-1 … m-4 in that order, whatever order their streams are read in.
  for (const [name, script] of merged) await sandboxDocker(['run', '-d', '--network', 'none', '--name', name, env.images.busybox, 'sh', '-c', script]);
});

after(async () => {
  for (const s of sessions) await s.stop();
  await sandboxDocker(['rm', '-f', wide, grep, json, ...merged.map(([name]) => name)]).catch(() => undefined);
  rmSync(cwd, { recursive: true, force: true });
});

test('z wraps a long line whole; not wrapping, → scrolls it sideways', async () => {
  const b = berth();
  await openLogs(b, wide);
  await b.waitFor('head-xxx');
  assert.doesNotMatch(b.screen(), /-tail/, 'cut at the width');
  await b.type('z');
  await b.waitFor((s) => s.includes('head-x') && s.includes('x-tail'));
  await b.type('z', ...Array.from({ length: 9 }, () => 'l'));
  const screen = await b.waitFor('x-tail');
  assert.doesNotMatch(screen, /head-/, 'the start scrolled off to the left');
});

test('F filters to the lines a regex matches, C adds context, c tells case, and an invalid regex says so', async () => {
  const b = berth();
  await openLogs(b, grep);
  await b.waitFor(/^\s+40$/m);
  await b.type('R', '/', ...'(', key.enter);
  // The prompt stays with what was typed and says why.
  await b.waitFor(/\/\(█.*invalid regex/);
  await b.type('\u007f', ...'e[0-9]+ (fail|retry)', key.enter);
  await b.waitFor((s) => /"e\[0-9\]\+ \(fail\|retry\)" [12]\/2/.test(s) && /^\s*regex · /m.test(s));
  await b.type('F');
  let screen = await b.waitFor('filter ±0: 2 matching of 40 loaded');
  assert.match(screen, /E42 failure/);
  assert.match(screen, /warn e7 retry/);
  assert.doesNotMatch(screen, /^\s+9$/m, 'no context yet');
  await b.type('C');
  screen = await b.waitFor((s) => s.includes('filter ±2') && /^\s+9$/m.test(s));
  for (const n of [8, 11, 18, 22]) assert.match(screen, new RegExp(`^\\s+${n}$`, 'm'), `line ${n} is context`);
  assert.doesNotMatch(screen, /^\s+(5|15|30)$/m, 'lines further away are left out');
  assert.match(screen, /┄ 7 lines ┄/, 'a gap says how many lines it leaves out');
  // Case: the pattern's lower-case e no longer matches E42.
  await b.type('c');
  screen = await b.waitFor('filter ±2: 1 matching of 40 loaded');
  assert.doesNotMatch(screen, /E42 failure/);
});

test('v puts a cursor on a line: J pretty-prints a JSON line as written, y copies the selected range as OSC 52', async () => {
  const b = berth();
  await openLogs(b, json);
  await b.waitFor('third line');
  assert.ok(b.screen().includes(jsonLine), 'a JSON line shows compact, every character kept');
  await b.type('v', 'k', 'k');
  await b.waitFor(/select: 3 lines/);
  await b.type('J');
  let screen = await b.waitFor('a log line');
  assert.match(screen, /^\s*"level": "error",$/m);
  assert.match(screen, /^\s*"id": 12345678901234567890,$/m, 'a big number is not rounded');
  assert.match(screen, /^\s*"a": \[$/m);
  await b.type(key.escape);
  await b.waitFor(/select: 3 lines/);
  // The range runs from where v was pressed (the last line) to the cursor.
  await b.type('j', 'y');
  screen = await b.waitFor('copied 2 lines');
  const copied = 'plain WARN line\nthird line';
  assert.ok(b.raw.includes(`\u001b]52;c;${Buffer.from(copied).toString('base64')}\u0007`), 'the two lines went to the clipboard');
  assert.doesNotMatch(screen, /select: /, 'copying leaves select mode');
});

test('with mouse on in config.json, clicks pick a tab, a footer key and a row (again: its logs), the wheel scrolls the log; the reports go off for the pager and at the end', async () => {
  const config = join(cwd, 'mouse-config');
  mkdirSync(join(config, 'berth'), { recursive: true });
  writeFileSync(join(config, 'berth', 'config.json'), '{"mouse": true}');
  const paged = join(cwd, 'paged-mouse.txt');
  const b = berth({ XDG_CONFIG_HOME: config, PAGER: `cat > "${paged}"` });
  /** A left-button press at the cell where `text` is drawn on `line` (SGR, 1-based), as a terminal reports it. */
  const clickOn = (line: number, text: string) => {
    const at = (b.screen().split('\n')[line] ?? '').indexOf(text);
    assert.ok(at >= 0, `"${text}" is on line ${line}`);
    return `\u001b[<0;${at + 2};${line + 1}M`;
  };
  await b.waitFor(grep);
  // The tabs are the second line: Images (its key, 2: at this width the other tabs show only their keys), then Containers again.
  await b.type(clickOn(1, ' 2 '));
  await b.waitFor((s) => /IMAGE ID|REPOSITORY/.test(s) && !s.includes('CONTAINER ID'));
  await b.type(clickOn(1, ' 1 '));
  await b.waitFor('CONTAINER ID');
  // The footer is the last line berth draws: its help key opens help.
  const footerLine = b.screen().split('\n').findLastIndex((l) => l.includes('? help'));
  await b.type(clickOn(footerLine, '? help'));
  await b.waitFor('Keys (');
  await b.type(key.escape);
  await b.waitFor('CONTAINER ID');
  // A row: once selects it, again opens its logs.
  await b.type('/', ...grep, key.enter);
  // The tab line names the filter as it is typed: the prompt is closed once the footer is back.
  await b.waitFor((s) => s.includes(`filter "${grep}"`) && s.includes('q quit'));
  const rowLine = b.screen().split('\n').findIndex((l) => l.includes(grep) && !l.includes('filter'));
  const row = clickOn(rowLine, grep);
  await b.type(row);
  await b.type(row);
  await b.waitFor(`logs ${grep}`);
  await b.waitFor(/^\s+40$/m);
  assert.ok(b.raw.includes(MOUSE_ON), 'berth asked the terminal for wheel reports');
  assert.doesNotMatch(b.screen(), /^\s+1$/m, 'the first line is above the view');
  // Ten notches up (each WHEEL_LINES lines) reach the top of the 40 lines.
  await b.type(...Array.from({ length: 10 }, () => WHEEL_UP));
  await b.waitFor((s) => /^\s+1$/m.test(s) && !/^\s+40$/m.test(s));
  // The pager gets the terminal with the reports off; berth turns them on again after.
  const before = b.raw.length;
  await b.type('o');
  for (let i = 0; i < 300 && !existsSync(paged); i++) await new Promise((resolve) => setTimeout(resolve, 100));
  await b.waitFor(() => b.raw.indexOf(MOUSE_ON, b.raw.indexOf(MOUSE_OFF, before)) > 0);
  await b.type(key.escape, 'q');
  await b.exited;
  assert.ok(b.raw.lastIndexOf(MOUSE_OFF) > b.raw.lastIndexOf(MOUSE_ON), 'the reports are off once berth is gone');
});

test('o hands the loaded lines to $PAGER, sanitised as on screen, and berth is back when it quits', async () => {
  const paged = join(cwd, 'paged.txt');
  const b = berth({ PAGER: `tee "${paged}" | less -R`, LESS: '' });
  await openLogs(b, json);
  await b.waitFor('third line');
  await b.type('o');
  await b.waitFor((s) => s.includes('plain WARN line') && !s.includes(`logs ${json}`));
  await b.type('q');
  await b.waitFor((s) => s.includes(`logs ${json}`) && s.includes('third line'));
  // Read once the pager is gone, so tee has written it all.
  const text = readFileSync(paged, 'utf8');
  assert.equal(text, `esc  end\n${jsonLine}\nplain WARN line\nthird line\n`, 'the escape sequences never reach the pager');
});

test('merged logs of any set: three marked containers (all the filter shows, Ctrl-A), each line marked with its source, in time order', async () => {
  for (;;) {
    if ((await sandboxDocker(['logs', `${tag}-m1`])).includes('m-4')) break;
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  const b = berth();
  await b.waitFor(`${tag}-m3`);
  await b.type('/', ...`${tag}-m`, key.enter);
  await b.waitFor(`filter "${tag}-m"`);
  await b.type('\u0001');
  await b.waitFor('3 marked');
  await b.type(key.enter);
  // Each container's tail answers on its own, so a busy machine can show m1's two lines before the
  // others' arrive; wait for all four (late lines are put in their place), then read the order.
  const screen = await b.waitFor((s) => s.includes('3 marked containers') && ['m-1', 'm-2', 'm-3', 'm-4'].every((m) => s.includes(m)));
  const order = screen.split('\n').flatMap((line) => {
    const found = /(\S+) \| (m-\d)\s*$/.exec(line.trim());
    return found ? [`${found[1]}:${found[2]}`] : [];
  });
  assert.deepEqual(order, [`${tag}-m1:m-1`, `${tag}-m2:m-2`, `${tag}-m3:m-3`, `${tag}-m1:m-4`]);
});
