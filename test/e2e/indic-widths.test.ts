/**
 * Indic text in tmux, which measures it per code point: `नमस्ते` is 4 cells there and 3 as
 * grapheme clusters (a consonant, a virama and the consonant after are one cluster since Unicode
 * 15.1). berth draws a Compose project label, a service label and a long log line in Devanagari
 * and Bengali, and tmux's own screen keeps the status bar on the first row, the tabs on the second,
 * the footer where it was, and the STATUS cell under its title (src/app/format/conjunct-forms.ts).
 */
import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { berthBin, ensureBuilt } from '../support/pty.ts';
import { sandboxDocker, sandboxEnv } from '../support/sandbox-env.ts';
import { TmuxSession } from '../support/tmux-session.ts';

const env = sandboxEnv();
const id = String(process.pid % 100_000);
const READY = /● live[\s\S]*q quit/;
const COLS = 100;
const ROWS = 24;

describe('Devanagari and Bengali in tmux, which measures them per code point', () => {
  const name = `indic${id}`;
  const project = `${name}नमस्ते-হিন্দি`;
  const service = `svc${id}-नमस्ते`;
  const logLine = `log${id} ${'नमस्ते हिन्दी বাংলা নমস্কার '.repeat(12)}`;
  const tmux = new TmuxSession();

  before(async () => {
    const labels = ['--label', `com.docker.compose.project=${project}`, '--label', `com.docker.compose.service=${service}`];
    const command = 'printf "%s\\n" "$LINE"; sleep 3600';
    await sandboxDocker(['run', '-d', '--network', 'none', '--stop-timeout', '1', '--name', name, '-e', `LINE=${logLine}`, ...labels, env.images.busybox, 'sh', '-c', command]);
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

  test('a project and a service labelled in Devanagari keep their columns; a long Devanagari log line keeps the frame', async () => {
    ensureBuilt();
    await tmux.start([process.execPath, berthBin], { cols: COLS, rows: ROWS, env: { DOCKER_HOST: env.dockerHost } });
    const first = await tmux.waitFor((s) => READY.test(s) && s.includes(name), 'berth with the container');
    const footerRow = first.split('\n').findIndex((l) => l.includes('q quit'));
    assert.ok(footerRow >= ROWS - 2, `the footer is at the bottom:\n${first}`);
    await tmux.keys('/', name, { key: 'Enter' });
    // The tab line names the filter as it is typed: wait for Enter to have closed the prompt too (its line stands where the footer is).
    assertFrame(await tmux.waitFor((s) => s.includes(`filter "${name}"`) && s.includes('q quit'), 'the filter kept'), footerRow, 'the list');

    await tmux.keys('z', 'g');
    const grouped = await tmux.waitFor((s) => s.includes(`▾ ${name}`) && s.includes('1 running'), 'the project header row');
    assertFrame(grouped, footerRow, 'grouped by project');
    // A cell measured one narrower than tmux draws it pushes the cells after it right by one.
    assert.equal((await tmux.cellOf('1 running')).x, (await tmux.cellOf('STATUS')).x, 'the STATUS cell of the project row starts under its title');

    await tmux.keys('z');
    await tmux.waitFor((s) => !s.includes(`▾ ${name}`) && s.includes(name), 'the plain list');
    await tmux.keys({ key: 'Enter' });
    const logs = await tmux.waitFor((s) => s.includes(`log${id} `), 'the log line');
    assertFrame(logs, footerRow, 'logs view');
    const lines = logs.split('\n');
    const at = lines.findIndex((l) => l.includes(`log${id} `));
    assert.match(lines[at] ?? '', /…$/, `the line is cut to the width:\n${logs}`);
    assert.doesNotMatch(lines[at + 1] ?? '', /[\u0900-\u09ff]/, `nothing wrapped onto the next row:\n${logs}`);
    const ellipsis = await tmux.cellOf('…');
    assert.equal(ellipsis.y, at, 'the cut is on the log line');
    assert.ok(ellipsis.x < COLS, `the cut ends inside the screen (at ${ellipsis.x})`);
  });
});
