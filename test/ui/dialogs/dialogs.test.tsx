import assert from 'node:assert/strict';
import { PassThrough } from 'node:stream';
import { after, describe, test } from 'node:test';
import { EngineError } from '../../../src/engine/errors.ts';
import type { ImageSummary } from '../../../src/engine/types.ts';
import { runRows } from '../../../src/app/dialogs/run.ts';
import { NO_ENGINE, renderDialog, spy, stub } from '../../support/dialog-harness.tsx';
import { container, keys, renderApp } from '../../support/ui-harness.tsx';

const open: Array<{ close(): Promise<void> }> = [];
after(async () => {
  for (const ui of open) await ui.close();
});
async function dialog(...args: Parameters<typeof renderDialog>) {
  const ui = renderDialog(...args);
  open.push(ui);
  // The dialog's code loads on first use; keys wait for Ink to read (see ink-harness).
  await ui.waitFor(/Esc cancel/);
  return ui;
}

/** The frame line that shows a field's label (its value follows on the same line). */
function row(frame: string, label: string): string {
  return frame.split('\n').find((l) => new RegExp(`[│]\\s*[› ] ${label}\\s`).test(l)) ?? '';
}
function focusedRow(frame: string): string {
  return frame.split('\n').find((l) => /│ › /.test(l)) ?? '';
}

/**
 * Where a fake stream stops until the test lets it on: `next` waits for a `go` (or takes one
 * given before it was reached), so the stream never runs ahead of what the test has seen.
 */
/** One frame of a multiplexed attach stream: 1 stdout, 2 stderr. */
function muxFrame(stream: 1 | 2, text: string): Buffer {
  const payload = Buffer.from(text);
  const header = Buffer.alloc(8);
  header[0] = stream;
  header.writeUInt32BE(payload.length, 4);
  return Buffer.concat([header, payload]);
}

function steps(): { next(): Promise<void>; go(): void } {
  let given = 0;
  let waiting: (() => void) | undefined;
  return {
    next: () => {
      if (given > 0) {
        given -= 1;
        return Promise.resolve();
      }
      return new Promise<void>((resolve) => (waiting = resolve));
    },
    go: () => {
      if (waiting) {
        const resolve = waiting;
        waiting = undefined;
        resolve();
      } else given += 1;
    },
  };
}

const UNREACHABLE = /no engine socket at unix:\/\/\/nonexistent\/berth-dialog-test\.sock/;
const ID = 'a1b2c3d4e5f6'.padEnd(64, '0');
const images: ImageSummary[] = [
  { Id: `sha256:${'c'.repeat(64)}`, RepoTags: ['busybox:latest', 'berth/app:1'] },
  { Id: `sha256:${'d'.repeat(64)}`, RepoTags: ['busybox:1.36'] },
];

describe('run dialog', () => {
  test('prefills the image and starts on the command field', async () => {
    const ui = await dialog({ type: 'run', image: 'busybox:latest' });
    assert.match(row(ui.frame(), 'image'), /busybox:latest/);
    assert.match(focusedRow(ui.frame()), /command/);
  });

  test('validates every field before sending anything, keeping what was typed', async () => {
    const ui = await dialog({ type: 'run' });
    const creates = spy(ui.client, 'createContainer');
    await ui.press(keys.tab, 'ls *.txt', keys.tab, '-web', keys.enter);
    const frame = ui.frame();
    assert.match(frame, /! image is required/);
    assert.match(frame, /! the "\*" at position 4 is a wildcard/);
    assert.match(frame, /! name must start with a letter or digit, not "-"/);
    assert.match(row(frame, 'command'), /ls \*\.txt/);
    assert.match(row(frame, 'name'), /-web/);
    assert.match(focusedRow(frame), /image/, 'focus goes to the first invalid field');
    assert.equal(creates.calls(), 0);
    // Fixing a field clears its message at once.
    await ui.press('busybox');
    assert.doesNotMatch(ui.frame(), /image is required/);
  });

  test('an unterminated quote and a 10,000-character name get specific messages', async () => {
    const ui = await dialog({ type: 'run', image: 'busybox' });
    await ui.press(`sh -c 'echo hi`, keys.tab, 'n'.repeat(10_000), keys.enter);
    assert.match(ui.frame(), /! the single quote at position 7 is never closed/);
    assert.match(ui.frame(), /! name is 10000 characters long; keep it to 255/);
    assert.match(row(ui.frame(), 'name'), /nnnnnnnnnn/);
  });

  test('Tab and Shift-Tab move between fields; Space flips the toggles', async () => {
    const ui = await dialog({ type: 'run' });
    await ui.press('busybox', keys.tab, 'sleep 5', keys.tab, 'web-1', keys.tab, ' ', keys.tab, ' ');
    let frame = ui.frame();
    assert.match(row(frame, 'image'), /busybox/);
    assert.match(row(frame, 'command'), /sleep 5/);
    assert.match(row(frame, 'name'), /web-1/);
    assert.match(row(frame, 'TTY'), /\[x\]/);
    assert.match(row(frame, 'detached'), /\[x\]/);
    assert.match(focusedRow(frame), /detached/);
    await ui.press(keys.tab);
    assert.match(focusedRow(ui.frame()), /ports -p/, 'the everyday options follow');
    await ui.press(...Array<string>(runRows.length - 5).fill(keys.tab));
    assert.match(focusedRow(ui.frame()), /image/, 'Tab wraps around');
    await ui.press(keys.shiftTab);
    assert.match(focusedRow(ui.frame()), /ports -P/, 'Shift-Tab wraps to the last option');
    await ui.press(keys.tab, keys.tab, keys.tab);
    assert.match(focusedRow(ui.frame()), /name/);
    await ui.press('x');
    frame = ui.frame();
    assert.match(row(frame, 'name'), /web-1x/);
    assert.match(row(frame, 'command'), /sleep 5/);
  });

  test('a burst of keys in one read (a paste, a fast typist) lands in the right fields', async () => {
    const ui = await dialog({ type: 'run' }, { images });
    let sent: { config?: unknown; name?: string } = {};
    stub(ui.client, 'createContainer', async (config, options) => {
      sent = { config, name: options?.name };
      throw new EngineError({ code: 'SERVER', status: 500, message: 'boom' });
    });
    // → takes the completion, Tab moves on: a burst ends where the same keys typed slowly do.
    await ui.press(`busybox:l\u001b[C\tsh -c 'echo hi'\tweb-1\t \r`);
    await ui.waitFor(/✗ boom/);
    assert.deepEqual(sent, {
      config: { Image: 'busybox:latest', Cmd: ['sh', '-c', 'echo hi'], Tty: true, OpenStdin: false, AttachStdout: true, AttachStderr: true },
      name: 'web-1',
    });
  });

  test('the image field completes from local tags with →; Tab moves on and leaves what was typed', async () => {
    const ui = await dialog({ type: 'run' }, { images });
    await ui.press('busybox:l');
    assert.match(row(ui.frame(), 'image'), /busybox:latest/, 'the completion is shown as a hint');
    assert.match(ui.frame(), /→ completes/);
    assert.doesNotMatch(ui.frame(), /Tab\/→ completes/);
    await ui.press('\u001b[C');
    assert.match(row(ui.frame(), 'image'), /busybox:latest/);
    assert.match(focusedRow(ui.frame()), /image/, '→ takes the completion and stays');
    await ui.press('\u007f'.repeat(6), '1', keys.tab, 'echo hi');
    assert.match(focusedRow(ui.frame()), /command\s+echo hi/, 'Tab moved on; the text went to the command');
    assert.match(row(ui.frame(), 'image'), /busybox:1\s/, 'Tab did not take busybox:1.36');
    await ui.press(keys.shiftTab, '\u001b[C');
    assert.match(row(ui.frame(), 'image'), /busybox:1\.36/);
  });

  test("an engine error appears in the dialog and every field keeps its text", async () => {
    const ui = await dialog({ type: 'run', image: 'busybox:latest' });
    await ui.press(`sh -c 'echo "hi there"'`, keys.tab, 'my-run', keys.tab, ' ', keys.enter);
    await ui.waitFor(UNREACHABLE);
    const frame = ui.frame();
    assert.match(frame, /✗ no engine socket/);
    assert.match(row(frame, 'image'), /busybox:latest/);
    assert.match(row(frame, 'command'), /sh -c 'echo "hi there"'/);
    assert.match(row(frame, 'name'), /my-run/);
    assert.match(row(frame, 'TTY'), /\[x\]/);
  });

  test('a second Enter while the request is in flight sends nothing', async () => {
    const ui = await dialog({ type: 'run', image: 'busybox:latest' });
    const creates = spy(ui.client, 'createContainer', { hold: true });
    await ui.press(keys.enter, keys.enter, keys.enter);
    assert.equal(creates.calls(), 1, 'while the first is in flight');
    creates.release();
    await ui.waitFor(UNREACHABLE);
    assert.equal(creates.calls(), 1);
  });

  test('a missing image is offered for pulling; a failed pull returns to the form as typed', async () => {
    const ui = await dialog({ type: 'run', image: 'registry.example:5000/team/tool:2' });
    stub(ui.client, 'createContainer', async () => {
      throw new EngineError({ code: 'NOT_FOUND', status: 404, message: 'No such image: registry.example:5000/team/tool:2' });
    });
    await ui.press('tool --help', keys.enter);
    await ui.waitFor(/is not here/);
    assert.match(ui.frame(), /Pull it from registry\.example:5000, then run it\?/);
    assert.match(ui.frame(), /engine: No such image/);
    await ui.press(keys.enter);
    await ui.waitFor(/pull failed/);
    assert.match(ui.frame(), /✗ pull failed: no engine socket/);
    assert.match(row(ui.frame(), 'image'), /registry\.example:5000\/team\/tool:2/);
    assert.match(row(ui.frame(), 'command'), /tool --help/);
  });

  test('Esc at the pull offer goes back to the form with the engine message', async () => {
    const ui = await dialog({ type: 'run', image: 'nothere:1' });
    stub(ui.client, 'createContainer', async () => {
      throw new EngineError({ code: 'NOT_FOUND', status: 404, message: 'No such image: nothere:1' });
    });
    await ui.press(keys.enter);
    await ui.waitFor(/is not here/);
    await ui.press(keys.escape);
    await ui.waitFor(/✗ No such image: nothere:1/);
    assert.match(row(ui.frame(), 'image'), /nothere:1/);
  });

  test('a foreground run streams output (stderr marked !), warnings, then the exit status', async () => {
    const ui = await dialog({ type: 'run', image: 'busybox:latest' });
    let exit: (code: number) => void = () => undefined;
    const exited = new Promise<{ StatusCode: number }>((resolve) => (exit = (code) => resolve({ StatusCode: code })));
    stub(ui.client, 'createContainer', async () => ({ Id: ID, Warnings: ['Your kernel does not support swap limit capabilities'] }));
    stub(ui.client, 'beginWait', async () => ({ result: exited }));
    stub(ui.client, 'startContainer', async () => ({ alreadyRunning: false }));
    // The container's output, on the attach made before the start, goes on only when the test
    // has seen the last of it on screen.
    const step = steps();
    const attached = new PassThrough();
    stub(ui.client, 'attachContainer', async () => {
      void (async () => {
        attached.write(muxFrame(1, 'hello\n'));
        await step.next();
        attached.write(muxFrame(2, 'oops\n'));
        await step.next();
        exit(3);
        attached.end();
      })();
      return attached;
    });
    await ui.press(`sh -c 'echo hello; echo oops >&2; exit 3'`, keys.enter);
    await ui.waitFor((f) => /running \(a1b2c3d4e5f6\)/.test(f) && /│ hello/.test(f));
    step.go();
    await ui.waitFor((f) => /running \(a1b2c3d4e5f6\)/.test(f) && /│ ! oops/.test(f));
    step.go();
    const frame = await ui.waitFor(/exited with code 3/);
    assert.match(frame, /│ hello/);
    assert.match(frame, /│ ! oops/);
    assert.match(frame, /⚠ Your kernel does not support swap/);
    await ui.press(keys.enter);
    assert.doesNotMatch(ui.frame(), /exited with code/);
  });

  test('Esc while a foreground run is going leaves it running and says so', async () => {
    const ui = await dialog({ type: 'run', image: 'busybox:latest' });
    stub(ui.client, 'createContainer', async () => ({ Id: ID, Warnings: [] }));
    stub(ui.client, 'beginWait', async () => ({ result: new Promise<never>(() => undefined) }));
    stub(ui.client, 'startContainer', async () => ({ alreadyRunning: false }));
    let aborted = false;
    stub(ui.client, 'attachContainer', async () => {
      const attached = new PassThrough();
      attached.write(muxFrame(1, 'tick\n'));
      attached.on('close', () => (aborted = true));
      return attached;
    });
    await ui.press('sleep 300', keys.enter);
    await ui.waitFor(/tick/);
    await ui.press(keys.escape);
    await ui.waitFor(/a1b2c3d4e5f6 keeps running/);
    assert.ok(aborted, 'the attached stream was closed');
  });

  test('keys typed into a dialog never reach the panes behind it', async () => {
    const ui = await dialog({ type: 'run' }, { containers: [container('aaa111', 'web')] });
    await ui.press('q', 'a', '?');
    assert.equal(ui.quitCount(), 0);
    assert.match(row(ui.frame(), 'image'), /qa\?/);
    await ui.press(keys.escape);
    assert.doesNotMatch(ui.frame(), /Run a container/);
    assert.match(ui.frame(), /web/);
  });
});

describe('stop dialog', () => {
  test('names the container with its short id; no swarm warning for a plain container', async () => {
    const ui = await dialog({ type: 'stop', containerId: ID, name: 'web' });
    assert.match(ui.frame(), /Stop web \(a1b2c3d4e5f6\)\?/);
    assert.doesNotMatch(ui.frame(), /swarm/);
  });

  test('warns that the swarm will start a replacement, naming the service', async () => {
    // The list's name cell says "api.1.xyz (api)"; s opens the dialog naming the container itself.
    const task = container(ID, 'api.1.xyz', { Labels: { 'com.docker.swarm.service.name': 'api' } });
    const ui = renderApp({ containers: [task], size: { columns: 100, rows: 30 } });
    open.push(ui);
    await ui.settle();
    await ui.press('s');
    await ui.waitFor(/Stop api\.1\.xyz \(a1b2c3d4e5f6\)\?/);
    const frame = ui.frame().replace(/[│\s]+/g, ' ');
    assert.match(frame, /task of swarm service api\. The swarm will start a replacement container once it stops\./);
  });

  test('an invalid grace period is refused before sending, and kept', async () => {
    const ui = await dialog({ type: 'stop', containerId: ID, name: 'web' });
    const stops = spy(ui.client, 'stopContainer');
    await ui.press('10s', keys.enter);
    assert.match(ui.frame(), /! grace period is a whole number of seconds, e\.g\. 10/);
    assert.match(row(ui.frame(), 'grace \\(s\\)'), /10s/);
    assert.equal(stops.calls(), 0);
    await ui.press('\u007f', '\u007f', '\u007f', '-5', keys.enter);
    assert.match(ui.frame(), /! grace period cannot be negative/);
  });

  test('an engine error appears in the dialog with the grace period as typed; double Enter sends once', async () => {
    const ui = await dialog({ type: 'stop', containerId: ID, name: 'web' });
    const stops = spy(ui.client, 'stopContainer', { hold: true });
    await ui.press('3', keys.enter, keys.enter);
    assert.equal(stops.calls(), 1, 'while the first is in flight');
    stops.release();
    await ui.waitFor(UNREACHABLE);
    assert.equal(stops.calls(), 1);
    assert.match(row(ui.frame(), 'grace \\(s\\)'), /3/);
    assert.match(ui.frame(), /Stop web/);
  });

  test('success and "already stopped" go to the status bar and close the dialog', async () => {
    const ui = await dialog({ type: 'stop', containerId: ID, name: 'api.1.xyz', service: 'api' });
    let timeout: number | undefined = -1;
    stub(ui.client, 'stopContainer', async (_id, options) => {
      timeout = options?.timeout;
      return { alreadyStopped: false };
    });
    await ui.press(keys.enter);
    await ui.waitFor(/stopped api\.1\.xyz \(a1b2c3d4e5f6\); swarm service api will start a replacement/);
    assert.equal(timeout, undefined, 'empty grace period leaves the default to the engine');
    assert.doesNotMatch(ui.frame(), /Stop api/);

    const again = await dialog({ type: 'stop', containerId: ID, name: 'web' });
    stub(again.client, 'stopContainer', async () => ({ alreadyStopped: true }));
    await again.press(keys.enter);
    await again.waitFor(/web \(a1b2c3d4e5f6\) was already stopped/);
  });

  test('in restart mode it asks to restart, warns that a swarm task may be replaced, and sends a restart with the grace period', async () => {
    const ui = await dialog({ type: 'stop', containerId: ID, name: 'api.1.xyz', service: 'api', restart: true });
    assert.match(ui.frame(), /Restart api\.1\.xyz \(a1b2c3d4e5f6\)\?/);
    assert.match(ui.frame().replace(/[│\s]+/g, ' '), /task of swarm service api\. Restarting it outside the swarm/);
    const stops = spy(ui.client, 'stopContainer');
    let timeout: number | undefined;
    stub(ui.client, 'restartContainer', async (_id, options) => {
      timeout = options?.timeout;
    });
    await ui.press('2', keys.enter);
    await ui.waitFor(/restarted api\.1\.xyz \(a1b2c3d4e5f6\)/);
    assert.equal(timeout, 2);
    assert.equal(stops.calls(), 0);
  });
});

describe('commit dialog', () => {
  test('repository is required and checked; tag too; nothing is sent', async () => {
    const ui = await dialog({ type: 'commit', containerId: ID, label: 'web (a1b2c3d4e5f6)' });
    const commits = spy(ui.client, 'commitContainer');
    await ui.press(keys.enter);
    assert.match(ui.frame(), /! repository is required/);
    await ui.press('MyApp', keys.tab, '-bad', keys.enter);
    assert.match(ui.frame(), /! repository name must be lowercase/);
    assert.match(ui.frame(), /! tag "-bad" must start with a letter, digit or '_'/);
    assert.match(row(ui.frame(), 'repository'), /MyApp/);
    assert.match(row(ui.frame(), 'tag'), /-bad/);
    assert.equal(commits.calls(), 0);
  });

  test('Tab/Shift-Tab move between the fields', async () => {
    const ui = await dialog({ type: 'commit', containerId: ID, label: 'web (a1b2c3d4e5f6)' });
    // From the first row Shift-Tab wraps to the last (the push switch), and once more to "also tag".
    await ui.press('myapp', keys.tab, 'v1', keys.tab, 'a comment', keys.tab, 'Jane', keys.shiftTab, '!', keys.shiftTab, keys.shiftTab, keys.shiftTab, keys.shiftTab, '?');
    const frame = ui.frame();
    assert.match(row(frame, 'repository'), /myapp/);
    assert.match(row(frame, 'tag'), /v1/);
    assert.match(row(frame, 'comment'), /a comment!/);
    assert.match(row(frame, 'author'), /Jane/);
    assert.match(row(frame, 'also tag'), /\?/, 'Shift-Tab wraps from the first row to the last');
  });

  test('an engine error keeps every field; double Enter sends once', async () => {
    const ui = await dialog({ type: 'commit', containerId: ID, label: 'web (a1b2c3d4e5f6)' });
    const commits = spy(ui.client, 'commitContainer', { hold: true });
    await ui.press('localhost:5000/team/app', keys.tab, 'v2', keys.tab, 'snapshot', keys.tab, 'me', keys.enter, keys.enter);
    assert.equal(commits.calls(), 1, 'while the first is in flight');
    commits.release();
    await ui.waitFor(UNREACHABLE);
    assert.equal(commits.calls(), 1);
    const frame = ui.frame();
    assert.match(row(frame, 'repository'), /localhost:5000\/team\/app/);
    assert.match(row(frame, 'tag'), /v2/);
    assert.match(row(frame, 'comment'), /snapshot/);
    assert.match(row(frame, 'author'), /me/);
  });

  test('a 409 from the engine is shown in its own words', async () => {
    const ui = await dialog({ type: 'commit', containerId: ID, label: 'web (a1b2c3d4e5f6)' });
    stub(ui.client, 'commitContainer', async () => {
      throw new EngineError({ code: 'CONFLICT', status: 409, message: 'You cannot commit container web which is being removed' });
    });
    await ui.press('myapp', keys.enter);
    await ui.waitFor(/✗ You cannot commit container web which is being removed/);
    assert.match(row(ui.frame(), 'repository'), /myapp/);
  });

  test('success shows the new image id and sends the container id, repository and default tag', async () => {
    const ui = await dialog({ type: 'commit', containerId: ID, label: 'web (a1b2c3d4e5f6)' });
    let sent: unknown;
    const imageId = `sha256:${'e'.repeat(64)}`;
    stub(ui.client, 'commitContainer', async (options) => {
      sent = options;
      return { Id: imageId };
    });
    await ui.press('myapp', keys.enter);
    await ui.waitFor(/new image myapp:latest/);
    assert.match(ui.frame(), new RegExp(`image id\\s*│\\n│ ${imageId}`));
    assert.deepEqual({ ...(sent as Record<string, unknown>), signal: undefined }, { container: ID, repo: 'myapp', tag: 'latest', comment: undefined, author: undefined, changes: undefined, pause: undefined, signal: undefined });
  });
});

test('the harness really points at no engine: its client fails as unreachable, naming the socket', async () => {
  const ui = renderDialog({ type: 'stop', containerId: ID, name: 'web' });
  open.push(ui);
  await assert.rejects(ui.client.ping(), (error: Error) => error.message.includes(NO_ENGINE.slice('unix://'.length)) && /no engine socket/.test(error.message));
});
