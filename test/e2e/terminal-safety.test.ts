/**
 * Terminal safety on the real engine, in a real pseudo-terminal.
 *
 * A container whose output, labels, and commit comment and author carry escape sequences (OSC
 * titles, CSI clears and cursor moves, a DCS string, leaving the alternate screen, status
 * reports), C1 controls, backspace and carriage-return overwrites and bidi overrides: the
 * terminal's title stays as it was, berth stays on its screen with its chrome intact, and none
 * of it reaches the terminal — across the containers pane, the logs view, the inspect view and
 * the images pane.
 *
 * Emoji sequences, whose width terminals disagree on (tmux 3.3 measures per code point, as xterm
 * and VTE do; berth and newer terminals per sequence), keep the frame in place on tmux's own
 * screen: a skin tone, VS16 and a ZWJ family in a Compose project's name and a long log line.
 *
 * Then the terminal is given back intact — normal screen, cursor visible, bracketed paste off, echo and canonical
 * mode on (read with `stty -a` in the same pty after berth exits) — after q, Ctrl-C, SIGTERM,
 * SIGHUP and an unexpected exception (BERTH_TEST_CRASH, a hook kept in the build for this).
 */
import assert from 'node:assert/strict';
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { after, before, describe, test } from 'node:test';
import { setTimeout as delay } from 'node:timers/promises';
import { sanitizeLine } from '../../src/app/format/sanitize.ts';
import { berthBin, ensureBuilt, key, PtySession } from '../support/pty.ts';
import { TmuxSession } from '../support/tmux-session.ts';
import { sandboxDocker, sandboxEnv } from '../support/sandbox-env.ts';

const env = sandboxEnv();
const id = String(process.pid % 100_000);
const evil = `ev${id}`;
const repo = `berth-evil-${id}`;
const sessions: PtySession[] = [];
const TITLE = 'title-before-berth';
const PAGE_DOWN = '\u001b[6~';
/** berth is up and has drawn its first frame with the engine's data. */
const READY = /● live[\s\S]*q quit/;

/**
 * Everything a hostile string can try. Each payload word ("owned-title", "dcs-payload") must
 * never reach the terminal; the letters around them spell what the screen should show.
 */
const HOSTILE = [
  'H1',
  '\u001b]0;owned-title\u0007', // OSC 0: retitle the window
  '\u001b]2;owned-title-st\u001b\\', // OSC 2, ended by ST
  '\u001b[2J\u001b[H', // CSI: clear the screen, cursor home
  '\u001b[?1049l', // leave the alternate screen
  '\u001b[6n\u001b[21t', // ask the terminal to type its cursor position and title back
  '\u001bPqdcs-payload\u001b\\', // DCS
  '\u009b2J', // C1 CSI (UTF-8 encoded U+009B)
  '\u009d0;c1-title\u0007', // C1 OSC
  'safe\rEVIL|', // CR: EVIL must not overwrite safe
  'abc\b\b\bXYZ|', // BS: XYZ must not overwrite abc
  '\u202edesrever\u202c|', // RLO … PDF
  '\u2066iso\u2069', // LRI … PDI
  'H2',
].join('');
const SHOWN = sanitizeLine(HOSTILE);
const PAYLOADS = ['owned-title', 'dcs-payload', 'c1-title'];
/** A short one for the name cell, which is narrow: each letter survives, nothing else. */
const SHORT = '\u001b]0;owned-title\u0007a\rb\u001b[2J\u009b1;1Hc\bd\u202ee';

/** printf format for `s`: printable ASCII as is, every other byte of its UTF-8 as an octal escape. */
function printfFormat(s: string): string {
  let out = '';
  for (const byte of Buffer.from(s, 'utf8')) {
    const c = String.fromCharCode(byte);
    out += byte >= 0x20 && byte < 0x7f && c !== '\\' && c !== '%' && c !== "'" ? c : `\\${byte.toString(8).padStart(3, '0')}`;
  }
  return out;
}

/** berth inside `sh`, which sets a title first and reads the terminal's modes after berth exits. */
function berthInShell(extra: Record<string, string> = {}): PtySession {
  ensureBuilt();
  const script = `printf '\\033]0;${TITLE}\\007'; "${process.execPath}" "${berthBin}"; echo "berth-exit=$?"; stty -a; echo stty-done; sleep 30`;
  const session = new PtySession({ command: '/bin/sh', args: ['-c', script], env: { DOCKER_HOST: env.dockerHost, ...extra } });
  sessions.push(session);
  return session;
}

/** berth's pid: the child of the shell running it. */
async function childOf(ppid: number): Promise<number> {
  const deadline = Date.now() + 10_000;
  for (;;) {
    for (const entry of readdirSync('/proc')) {
      if (!/^\d+$/.test(entry)) continue;
      try {
        const stat = readFileSync(path.join('/proc', entry, 'stat'), 'utf8');
        if (Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]) === ppid) return Number(entry);
      } catch {
        // gone meanwhile
      }
    }
    if (Date.now() > deadline) throw new Error(`no child of ${ppid}`);
    await delay(50);
  }
}

/** Where a scroll view is ("21-40/201"), from its title line. */
function position(screen: string): string | undefined {
  return /\d+-\d+\/\d+/.exec(screen)?.[0];
}

/**
 * Pages down through a scroll view until the pattern is on screen, one page at a time: each PgDn
 * waits for the view to have moved, so a slow frame on a busy machine cannot make it overshoot.
 */
async function scrollUntil(b: PtySession, pattern: RegExp): Promise<string> {
  let screen = await b.waitFor((s) => pattern.test(s) || position(s) !== undefined);
  for (let page = 0; page < 40 && !pattern.test(screen); page++) {
    const at = position(screen);
    const [, end, total] = /(\d+)\/(\d+)/.exec(at ?? '') ?? [];
    if (at === undefined || end === total) break;
    await b.type(PAGE_DOWN);
    screen = await b.waitFor((s) => position(s) !== at);
  }
  return b.waitFor(pattern, 1000);
}

/** berth's chrome is all there: status bar on top, tabs, footer at the bottom. */
function assertIntact(b: PtySession, where: string): void {
  const screen = b.screen();
  const lines = screen.split('\n');
  assert.match(lines[0] ?? '', /^berth · unix:\/\//, `${where}: the status bar is on the first row`);
  assert.ok(lines.some((l) => /q quit/.test(l)), `${where}: the footer is there`);
  assert.equal(b.bufferType, 'alternate', `${where}: still on berth's screen`);
}

function assertNothingLeaked(b: PtySession, since: number, where: string): void {
  const raw = b.raw.slice(since);
  for (const word of PAYLOADS) assert.ok(!raw.includes(word), `${where}: "${word}" reached the terminal`);
  assert.doesNotMatch(raw, /[\u0080-\u009f]/, `${where}: a C1 control reached the terminal`);
  assert.doesNotMatch(raw, /\u001b\[(\?1049l|6n|21t|2J)/, `${where}: a hostile CSI reached the terminal`);
  assert.doesNotMatch(raw, /\u001b[P\]]/, `${where}: an OSC or DCS reached the terminal`);
  assert.doesNotMatch(raw, /[\u202a-\u202e\u2066-\u2069]/, `${where}: a bidi control reached the terminal`);
}

describe('hostile strings from the engine', () => {
  before(async () => {
    const command = `printf '${printfFormat(HOSTILE)}\\n'; printf 'RAW\\233[2J\\2350;raw-title\\007END\\n'; sleep 3600`;
    await sandboxDocker(['run', '-d', '--network', 'none', '--stop-timeout', '1', '--name', evil, '--label', `com.docker.swarm.service.name=${SHORT}`, '--label', `evil=${HOSTILE}`, env.images.busybox, 'sh', '-c', command]);
    await sandboxDocker(['commit', '-m', HOSTILE, '-a', HOSTILE, evil, `${repo}:1`]);
  });
  after(async () => {
    await sandboxDocker(['rm', '-f', evil]).catch(() => undefined);
    await sandboxDocker(['rmi', '-f', `${repo}:1`]).catch(() => undefined);
  });

  test('containers pane, logs, inspect and images: title, screen and terminal untouched', async () => {
    ensureBuilt();
    // The title is set before berth starts, by the shell around it.
    const b = new PtySession({ command: '/bin/sh', args: ['-c', `printf '\\033]0;${TITLE}\\007'; exec "${process.execPath}" "${berthBin}"`], env: { DOCKER_HOST: env.dockerHost } });
    sessions.push(b);

    const pane = await b.waitFor(`${evil} (`);
    assert.match(pane, new RegExp(`${evil} \\(abcde`), 'the label reads as its letters, nothing overwritten');
    assert.equal(b.title, TITLE);
    assertIntact(b, 'containers pane');
    // From the end of the shell's own title sequence on, everything is berth's.
    assertNothingLeaked(b, b.raw.indexOf(`${TITLE}\u0007`) + TITLE.length + 1, 'containers pane');

    let mark = b.raw.length;
    await b.type('/', ...evil, key.enter);
    await b.waitFor(`filter "${evil}"`);
    await b.type(key.enter);
    const logs = await b.waitFor('RAW');
    assert.ok(logs.includes(SHOWN), `the log line shows as ${JSON.stringify(SHOWN)}:\n${logs}`);
    assert.match(logs, /RAW\uFFFD\[2J\uFFFD0;raw-titleEND/, 'raw C1 bytes (invalid UTF-8) show as U+FFFD');
    assert.equal(b.title, TITLE);
    assertIntact(b, 'logs view');
    assertNothingLeaked(b, mark, 'logs view');

    await b.type(key.escape);
    await b.waitFor('CONTAINER ID');
    mark = b.raw.length;
    await b.type('i');
    const inspect = await scrollUntil(b, /"com\.docker\.swarm\.service\.name"/);
    // JSON escapes C0 controls as text (\u001b…), which is harmless; the rest is removed.
    assert.match(inspect, /\\u001b\]0;owned-title/);
    assert.equal(b.title, TITLE);
    assertIntact(b, 'inspect view');
    assert.doesNotMatch(b.raw.slice(mark), /[\u0080-\u009f\u202a-\u202e\u2066-\u2069]|\u001b[P\]]/, 'inspect view: nothing live reached the terminal');

    // Esc and the next key apart: read together they are Alt+2, the terminal's own encoding.
    await b.type(key.escape);
    await b.waitFor('CONTAINER ID');
    await b.type('2');
    mark = b.raw.length;
    await b.type('/', ...repo, key.enter);
    // The filter narrows as it is typed: the row shows before Enter has closed the prompt (whose
    // line stands where the footer is); a loaded machine showed that frame.
    await b.waitFor((s) => s.includes(`${repo}:1`) && s.includes(`filter "${repo}"`) && /q quit/.test(s));
    assertIntact(b, 'images pane');
    assertNothingLeaked(b, mark, 'images pane');
    await b.type('i');
    await b.waitFor(/"Id"/);
    const image = await scrollUntil(b, /"Author"/);
    assert.match(image, /"Author": "H1\\u001b\]0;owned-title/);
    assert.doesNotMatch(image, /desrever/u, 'the line with the bidi override is shown without it');
    assert.equal(b.title, TITLE);
    assertIntact(b, 'image inspect');
    assert.doesNotMatch(b.raw.slice(mark), /[\u0080-\u009f\u202a-\u202e\u2066-\u2069]|\u001b[P\]]/, 'image inspect: nothing live reached the terminal');
  });
});

describe('emoji sequences in tmux, which measures them per code point', () => {
  const name = `emo${id}`;
  const service = `svc${id}`;
  // 👍🏽 is 4 cells in tmux 3.3 and 2 as a sequence, ❤️ 1 and 2, 👨‍👩‍👧 2 (tmux folds after a ZWJ), 6 per code point.
  const EMOJI = '👍🏽❤️👨‍👩‍👧';
  const project = `${name}${EMOJI}`;
  const logLine = `log${id} ${EMOJI} ${'👍🏽'.repeat(120)}`;
  const COLS = 110;
  const ROWS = 24;
  const tmux = new TmuxSession();

  before(async () => {
    const labels = ['--label', `com.docker.compose.project=${project}`, '--label', `com.docker.compose.service=${service}`];
    await sandboxDocker(['run', '-d', '--network', 'none', '--stop-timeout', '1', '--name', name, ...labels, env.images.busybox, 'sh', '-c', `printf '${printfFormat(logLine)}\\n'; sleep 3600`]);
  });
  after(async () => {
    await tmux.stop();
    await sandboxDocker(['rm', '-f', name]).catch(() => undefined);
  });

  /** The frame holds: the status bar on the first row, the tabs under it, the footer where it first was. */
  function assertFrame(screen: string, footerRow: number, where: string): void {
    const lines = screen.split('\n');
    assert.equal(lines.length, ROWS, `${where}: tmux's screen has ${ROWS} rows`);
    assert.match(lines[0] ?? '', /^berth · unix:\/\//, `${where}: the status bar is on the first row:\n${screen}`);
    assert.match(lines[1] ?? '', /Containers/, `${where}: the tabs are on the second row:\n${screen}`);
    assert.match(lines[footerRow] ?? '', /q quit/, `${where}: the footer is on row ${footerRow}:\n${screen}`);
  }

  test('a Compose project named with them keeps its columns; a log line of them keeps the frame', async () => {
    ensureBuilt();
    await tmux.start([process.execPath, berthBin], { cols: COLS, rows: ROWS, env: { DOCKER_HOST: env.dockerHost } });
    const first = await tmux.waitFor((s) => READY.test(s) && s.includes(name), 'berth with the container');
    const footerRow = first.split('\n').findIndex((l) => l.includes('q quit'));
    assert.ok(footerRow >= ROWS - 2, `the footer is at the bottom:\n${first}`);
    await tmux.keys('/', name, { key: 'Enter' });
    await tmux.waitFor((s) => s.includes(`filter "${name}"`), 'the filter');
    await tmux.keys('z', 'g');
    const grouped = await tmux.waitFor((s) => /▾ emo/.test(s) && s.includes('1 running'), 'the project header row');
    assertFrame(grouped, footerRow, 'grouped by project');
    assert.match(grouped, new RegExp(`▾ ${name}👍❤👨👩👧`), 'the name drawn with its emoji taken apart');
    // The header row's cells start where their titles do, on tmux's grid.
    const header = await tmux.cellOf('IMAGE');
    const row = await tmux.cellOf(service);
    assert.ok(row.y > header.y, 'the project row is under the titles');
    assert.equal(row.x, header.x, 'the IMAGE cell of the project row starts under its title');
    assert.equal((await tmux.cellOf('1 running')).x, (await tmux.cellOf('STATUS')).x, 'the STATUS cell starts under its title');

    await tmux.keys('z');
    await tmux.waitFor((s) => !/▾ emo/.test(s) && s.includes(name), 'the plain list');
    await tmux.keys({ key: 'Enter' });
    const logs = await tmux.waitFor((s) => s.includes(`log${id} `), 'the log line');
    assertFrame(logs, footerRow, 'logs view');
    const lines = logs.split('\n');
    const at = lines.findIndex((l) => l.includes(`log${id} `));
    assert.match(lines[at] ?? '', new RegExp(`log${id} 👍❤👨👩👧 (?:👍)+…$`), 'the line cut to the width, its emoji taken apart');
    assert.doesNotMatch(lines[at + 1] ?? '', /👍/, 'nothing wrapped onto the next row');
    const ellipsis = await tmux.cellOf('…');
    assert.equal(ellipsis.y, at, 'the cut is on the log line');
    assert.ok(ellipsis.x < COLS, `the cut ends inside the screen (at ${ellipsis.x})`);
  });
});

describe('the terminal is restored however berth ends', () => {
  after(async () => {
    for (const s of sessions) await s.stop();
  });

  /** Waits for the shell to report, then checks the screen, the cursor and the tty modes. */
  async function assertRestored(b: PtySession, exitCode: number): Promise<string> {
    await b.waitFor(() => b.raw.includes('stty-done'), 15_000);
    await b.settle();
    assert.equal(b.bufferType, 'normal', 'back on the normal screen');
    assert.ok(b.raw.lastIndexOf('\u001b[?25h') > b.raw.lastIndexOf('\u001b[?25l'), 'cursor visible again');
    const pasteOn = b.raw.lastIndexOf('\u001b[?2004h');
    assert.ok(pasteOn === -1 || b.raw.lastIndexOf('\u001b[?2004l') > pasteOn, 'bracketed paste off again');
    const after = b.raw.slice(b.raw.indexOf('berth-exit='));
    assert.match(after, new RegExp(`^berth-exit=${exitCode}\\b`));
    const flags = new Set(after.split(/\s+/));
    assert.ok(flags.has('echo') && !flags.has('-echo'), 'echo is on');
    assert.ok(flags.has('icanon') && !flags.has('-icanon'), 'canonical mode is on');
    assert.ok(flags.has('isig') && !flags.has('-isig'), 'signals from keys are on');
    assert.equal(b.title, TITLE, 'the title berth found is still there');
    return after;
  }

  test('q', async () => {
    const b = berthInShell();
    await b.waitFor(READY);
    await b.type('q');
    await assertRestored(b, 0);
  });

  test('Ctrl-C', async () => {
    const b = berthInShell();
    await b.waitFor(READY);
    await b.type(key.ctrlC);
    // Ctrl-C is a quit key in berth (the tty is raw, so it is a key, not SIGINT): exit 0, like q.
    await assertRestored(b, 0);
  });

  test('Ctrl-C while a dialog is open', async () => {
    const b = berthInShell();
    await b.waitFor(READY);
    await b.type('r');
    await b.waitFor('Run a container');
    await b.type(key.ctrlC);
    await assertRestored(b, 0);
  });

  for (const [signal, code] of [
    ['SIGTERM', 143],
    ['SIGHUP', 129],
  ] as const) {
    test(signal, async () => {
      const b = berthInShell();
      await b.waitFor(READY);
      process.kill(await childOf(b.pty.pid), signal);
      await assertRestored(b, code);
    });
  }

  for (const mode of ['1', 'render']) {
    test(`an unexpected exception (BERTH_TEST_CRASH=${mode}): one line on the normal screen, no stack trace`, async () => {
      const b = berthInShell({ BERTH_TEST_CRASH: mode });
      const after = await assertRestored(b, 1);
      const screen = b.screen();
      assert.match(screen, /^berth: unexpected error: .*BERTH_TEST_CRASH/m);
      const errorLines = screen.split('\n').filter((l) => /error|Error|    at |\.tsx?:\d+|\.js:\d+/.test(l));
      assert.equal(errorLines.length, 1, `one line, no stack:\n${screen}`);
      assert.doesNotMatch(after + screen, /^\s+at /m, 'no stack trace');
    });
  }
});

after(async () => {
  for (const s of sessions) await s.stop();
});
