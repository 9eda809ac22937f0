import assert from 'node:assert/strict';
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, test } from 'node:test';
import { sandboxDocker, sandboxEnv } from '../support/sandbox-env.ts';
import { berthBin, ensureBuilt, key, launchBerth, PtySession } from '../support/pty.ts';

// berth's bundle in a real pseudo-terminal against the sandbox engine: what a person sees.
const env = sandboxEnv();
const tag = `e2e${process.pid}`;
const sessions: PtySession[] = [];
const created: string[] = [];

function berth(extra: { cols?: number; rows?: number } = {}): PtySession {
  const session = launchBerth({ env: { DOCKER_HOST: env.dockerHost }, ...extra });
  sessions.push(session);
  return session;
}

async function run(name: string, ...args: string[]): Promise<string> {
  const id = (await sandboxDocker(['run', '-d', '--network', 'none', '--name', name, ...args])).trim();
  created.push(name);
  return id;
}

before(async () => {
  await run(`${tag}-web`, env.images.busybox, 'sh', '-c', 'echo out-line; echo err-line >&2; sleep 3600');
  await run(`${tag}-idle`, '--label', 'berth.e2e.find=needle-in-json', env.images.busybox, 'sleep', '3600');
});

after(async () => {
  for (const s of sessions) await s.stop();
  if (created.length) await sandboxDocker(['rm', '-f', ...created]).catch(() => undefined);
});

test('containers started by the test appear, with the status bar', async () => {
  // Wide enough for the whole status bar: at 120 columns the sandbox's long socket path leaves no
  // room for the clock and the API version, which give way first (test/ui/narrow-terminals.test.tsx).
  const b = berth({ cols: 200 });
  const screen = await b.waitFor(`${tag}-web`);
  assert.match(screen, new RegExp(`${tag}-idle`));
  assert.match(screen, /API 1\.\d+/);
  assert.match(screen, /CONTAINER ID/);
  assert.equal(b.bufferType, 'alternate');
  // The status bar names the engine and its own version: "docker 20.10.24", "podman 4.3.1".
  await b.waitFor(env.engine === 'podman' ? /podman 4\.\d+\.\d+/ : /docker 20\.10\.\d+/);
});

test('a container started after berth is up appears without a key press', async () => {
  const b = berth();
  await b.waitFor(`${tag}-web`);
  await run(`${tag}-late`, env.images.busybox, 'sleep', '3600');
  // No key is sent: the event stream alone must bring it on screen.
  await b.waitFor(`${tag}-late`, 5000);
});

test('the logs view shows stdout and stderr apart, and s shows only one of them', async () => {
  const b = berth();
  await b.waitFor(`${tag}-web`);
  await b.type('/', ...`${tag}-web`, key.enter);
  await b.waitFor((s) => s.includes(`filter "${tag}-web"`));
  await b.type(key.enter);
  const screen = await b.waitFor('err-line');
  assert.match(screen, /logs .*-web/);
  assert.match(screen, /^\s+out-line/m, 'stdout plain');
  assert.match(screen, /^! err-line/m, 'stderr marked');
  // s: stdout only, then stderr only, then both again.
  await b.type('s');
  const outOnly = await b.waitFor((s) => s.includes('stdout only') && !s.includes('err-line'));
  assert.match(outOnly, /^\s+out-line/m);
  await b.type('s');
  const errOnly = await b.waitFor((s) => s.includes('stderr only') && !s.includes('out-line'));
  assert.match(errOnly, /^! err-line/m);
  await b.type('s');
  await b.waitFor((s) => s.includes('out-line') && s.includes('err-line') && !s.includes(' only ('));
  await b.type(key.escape);
  await b.waitFor('CONTAINER ID');
});

test('with no DOCKER_HOST, berth follows the docker context `docker context use` chose, and names it', async () => {
  const configDir = mkdtempSync(join(tmpdir(), 'berth-e2e-ctx-'));
  try {
    await sandboxDocker(['context', 'create', `${tag}-ctx`, '--docker', `host=${env.dockerHost}`], { configDir });
    await sandboxDocker(['context', 'use', `${tag}-ctx`], { configDir });
    const b = launchBerth({ env: { DOCKER_HOST: undefined, DOCKER_CONTEXT: undefined, DOCKER_CONFIG: configDir } });
    sessions.push(b);
    const screen = await b.waitFor(`${tag}-web`);
    assert.ok(screen.includes(`${tag}-ctx @ ${env.dockerHost}`), 'the status bar names the context and its address');
    assert.match(screen, /● live/);

    const missing = launchBerth({ env: { DOCKER_HOST: undefined, DOCKER_CONFIG: configDir }, args: ['--context', 'nope'] });
    sessions.push(missing);
    assert.equal((await missing.exited).exitCode, 2);
    await missing.settle();
    assert.match(missing.raw, /berth: context "nope" does not exist; --context chose it \(list the contexts with `docker context ls`/);
    assert.doesNotMatch(missing.raw, /\n\s+at /, 'no stack trace');
  } finally {
    rmSync(configDir, { recursive: true, force: true });
  }
});

test("the user's own keys (berth/config.json) drive berth, and the footer and help show them", async () => {
  const configHome = mkdtempSync(join(tmpdir(), 'berth-e2e-keys-'));
  try {
    mkdirSync(join(configHome, 'berth'));
    writeFileSync(join(configHome, 'berth', 'config.json'), JSON.stringify({ keys: { stop: 'u', help: 'Y' } }));
    const b = launchBerth({ env: { DOCKER_HOST: env.dockerHost, XDG_CONFIG_HOME: configHome } });
    sessions.push(b);
    let screen = await b.waitFor(`${tag}-web`);
    assert.match(screen, /u stop/, 'the footer shows the new key');
    await b.type('s', '?');
    await b.settle();
    screen = b.screen();
    assert.doesNotMatch(screen, /Stop .*\?/, 's no longer stops');
    assert.doesNotMatch(screen, /Keys \(Esc closes\)/, '? no longer opens help');
    await b.type('Y');
    // Waits for the line itself: a frame may be read before all of it has arrived.
    screen = await b.waitFor(/u\s+stop the container/);
    assert.match(screen, /Keys \(Esc closes\)/);
    // Esc and the next key apart: read together they are Alt+x, the terminal's own encoding.
    await b.type(key.escape);
    await b.waitFor((s) => !s.includes('Keys (Esc closes)'));
    await b.type('u');
    await b.waitFor(/Stop .*\?/);
    await b.type(key.escape);

    writeFileSync(join(configHome, 'berth', 'config.json'), JSON.stringify({ keys: { stop: 'j' } }));
    const refused = launchBerth({ env: { DOCKER_HOST: env.dockerHost, XDG_CONFIG_HOME: configHome } });
    sessions.push(refused);
    assert.equal((await refused.exited).exitCode, 2);
    await refused.settle();
    assert.match(refused.raw, /berth: .*config\.json: "j" would both stop and down \(containers screen\)/);
    assert.ok(!refused.raw.includes('\u001b[?1049h'), 'the terminal was never taken over');
  } finally {
    rmSync(configHome, { recursive: true, force: true });
  }
});

test('y copies the selected container id (and an image row its name) through the terminal, OSC 52', async () => {
  const b = berth();
  await b.waitFor(`${tag}-web`);
  const id = (await sandboxDocker(['inspect', '-f', '{{.Id}}', `${tag}-web`])).trim();
  await b.type('/', ...`${tag}-web`, key.enter, 'y');
  await b.waitFor(`copied ${id.slice(0, 12)} to the clipboard`);
  assert.ok(b.raw.includes(`\u001b]52;c;${Buffer.from(id).toString('base64')}\u0007`), 'the full id went to the clipboard');
  await b.type('2', '/', ...env.images.busybox, key.enter, 'y');
  // Podman lists (and so berth copies) short names fully qualified: docker.io/berth-test/busybox:latest.
  const listed = env.engine === 'podman' ? `docker.io/${env.images.busybox}` : env.images.busybox;
  await b.waitFor(`copied ${listed} to the clipboard`);
  assert.ok(b.raw.includes(`\u001b]52;c;${Buffer.from(listed).toString('base64')}\u0007`));
});

test('w in the logs view saves the lines it holds to a new file in the current directory', async () => {
  const cwd = mkdtempSync(join(tmpdir(), 'berth-e2e-save-'));
  try {
    ensureBuilt();
    const b = new PtySession({
      command: '/bin/sh',
      args: ['-c', `cd "${cwd}" && exec "${process.execPath}" "${berthBin}"`],
      env: { DOCKER_HOST: env.dockerHost },
    });
    sessions.push(b);
    await b.waitFor(`${tag}-web`);
    await b.type('/', ...`${tag}-web`, key.enter, key.enter);
    await b.waitFor('err-line');
    await b.type('w');
    const screen = await b.waitFor(/saved 2 lines to \S+\.log/);
    const path = /saved 2 lines to (\S+\.log)/.exec(screen)?.[1] ?? '';
    assert.ok(path.startsWith(`${cwd}/${tag}-web-`), path);
    assert.deepEqual(readdirSync(cwd), [path.slice(cwd.length + 1)]);
    assert.deepEqual(readFileSync(path, 'utf8').split('\n').sort(), ['', 'out-line', 'stderr err-line']);
  } finally {
    rmSync(cwd, { recursive: true, force: true });
  }
});

/** berth started from a shell that printed a line first: what the terminal held before berth. */
function berthAfterLine(line: string): PtySession {
  ensureBuilt();
  const session = new PtySession({
    command: '/bin/sh',
    args: ['-c', `echo ${line}; exec "${process.execPath}" "${berthBin}"`],
    env: { DOCKER_HOST: env.dockerHost },
  });
  sessions.push(session);
  return session;
}

/** The normal screen's text, whichever screen is shown. */
function normalScreen(b: PtySession): string {
  const buffer = b.term.buffer.normal;
  const lines: string[] = [];
  for (let i = 0; i < buffer.length; i++) lines.push(buffer.getLine(i)?.translateToString(true) ?? '');
  return lines.join('\n');
}

/** A bracketed paste, as a terminal sends one. */
function paste(b: PtySession, text: string): void {
  b.write(`\u001b[200~${text}\u001b[201~`);
}

test('e hands the terminal to a shell in the container; exit brings berth back where it was; quitting leaves the terminal as before berth', async () => {
  const b = berthAfterLine('before-berth');
  await b.waitFor(`${tag}-web`);
  await b.type('/', ...`${tag}-web`, key.enter, 'e');
  await b.waitFor(/a shell in .*exit \(or Ctrl-D\) returns to berth/);
  assert.equal(b.bufferType, 'alternate', 'the shell has a screen of its own: the normal one keeps what was there');
  assert.doesNotMatch(b.screen(), /CONTAINER ID/, "berth's screen stepped aside");
  b.write('echo answer=$((6 * 7)); tty\r');
  // tty's answer comes after echo's: wait for both lines (or tty's refusal), not the first alone.
  const shell = await b.waitFor(/answer=42\n(\/dev\/pts\/\d+|not a tty)/);
  assert.match(shell, /\/dev\/pts\/\d+/, 'the shell has a terminal');
  b.write('exit 3\r');
  const back = await b.waitFor(/the shell in .* exited with code 3/, 10_000);
  assert.equal(b.bufferType, 'alternate');
  assert.match(back, new RegExp(`filter "${tag}-web"`), 'the filter is as it was');
  assert.ok(b.raw.lastIndexOf('\u001b[?2004h') > b.raw.lastIndexOf('\u001b[?1049l'), 'bracketed paste is on again');
  // berth takes keys again.
  await b.type('l');
  await b.waitFor(`logs ${tag}-web`);
  await b.type(key.escape, 'q');
  assert.equal((await b.exited).exitCode, 0);
  await b.settle();
  assert.equal(b.bufferType, 'normal');
  const after = normalScreen(b);
  assert.match(after, /before-berth/, 'what the terminal held before berth is still there');
  assert.doesNotMatch(after, /answer=42|a shell in|exited with code/, 'no trace of the shell on the normal screen');
});

test('a pasted docker run -it: typed into, exit comes back with its code; Ctrl-P Ctrl-Q detaches; A attaches to it again; -i without -t sends lines, Ctrl-D ends it', async () => {
  const b = berth();
  await b.waitFor(`${tag}-web`);
  const runIt = async (name: string, flags = '-it', command = 'sh') => {
    created.push(name);
    await b.type('r');
    await b.waitFor('Run a container');
    paste(b, `docker run ${flags} --name ${name} --network none ${env.images.busybox} ${command}`);
    // The form took the line (the docker run line under it may be scrolled away on a short terminal).
    await b.waitFor(new RegExp(`name\\s+${name}\\s`));
    await b.type(key.enter);
    await b.waitFor(new RegExp(`berth: running ${name} .*${flags === '-it' ? 'Ctrl-P Ctrl-Q detaches' : 'Ctrl-D ends its input'}`), 15_000);
  };

  await runIt(`${tag}-it`);
  b.write('echo typed=$((6 * 7)); tty\r');
  const shell = await b.waitFor(/typed=42\n(\/dev\/pts\/\d+|not a tty)/);
  assert.match(shell, /\/dev\/pts\/\d+/, 'the run has a terminal');
  b.write('exit 4\r');
  await b.waitFor(new RegExp(`${tag}-it \\(\\w+\\) exited with code 4`), 10_000);
  assert.equal((await sandboxDocker(['inspect', '-f', '{{.State.Status}}', `${tag}-it`])).trim(), 'exited');
  // Its exit 4 is an incident, with a notice of its own: let it come (Podman's event can take a
  // while) before the detach below, whose notice it would otherwise replace.
  await b.waitFor(/⚠ \d/, 10_000);

  await runIt(`${tag}-detach`);
  b.write('echo first=$((2 + 3))\r');
  await b.waitFor('first=5');
  b.write('\u0010\u0011');
  await b.waitFor(new RegExp(`detached from ${tag}-detach \\(\\w+\\); it keeps running`), 10_000);
  assert.equal((await sandboxDocker(['inspect', '-f', '{{.State.Status}}', `${tag}-detach`])).trim(), 'running');

  await b.type('/', ...`${tag}-detach`, key.enter, 'A');
  await b.waitFor(new RegExp(`berth: attached to ${tag}-detach .*Ctrl-P Ctrl-Q detaches`), 10_000);
  b.write('echo again=$((3 + 4))\r');
  await b.waitFor('again=7');
  b.write('\u0010\u0011');
  await b.waitFor(new RegExp(`detached from ${tag}-detach .* it keeps running`), 10_000);
  assert.equal((await sandboxDocker(['inspect', '-f', '{{.State.Status}}', `${tag}-detach`])).trim(), 'running');
  await b.type('A');
  await b.waitFor(/berth: attached to/);
  b.write('exit 6\r');
  await b.waitFor(new RegExp(`${tag}-detach .* exited with code 6`), 10_000);

  // -i without -t: what is typed goes a line at a time, as the CLI's cooked terminal sends it; Ctrl-D ends it.
  await runIt(`${tag}-stdin`, '-i', 'cat');
  b.write('piped line\r');
  await b.waitFor(/piped line\npiped line/);
  b.write('\u0004');
  await b.waitFor(new RegExp(`${tag}-stdin .* exited with code 0`), 10_000);

  // A start the engine refuses: back in the form, in the engine's words, berth still running.
  created.push(`${tag}-nocmd`);
  await b.type('r');
  await b.waitFor('Run a container');
  paste(b, `docker run -it --name ${tag}-nocmd --network none ${env.images.busybox} no-such-command`);
  await b.waitFor(new RegExp(`name\\s+${tag}-nocmd\\s`));
  await b.type(key.enter);
  const refused = await b.waitFor(/but it did not start: /, 15_000);
  assert.match(refused.replace(/\s*│?\n│?\s*/g, ' '), /not found|no such file/i, "the engine's words");
});

test('q restores the terminal', async () => {
  const b = berth();
  await b.waitFor(`${tag}-web`);
  await b.type('q');
  const exit = await b.exited;
  assert.equal(exit.exitCode, 0);
  await b.settle();
  assert.equal(b.bufferType, 'normal', 'back on the normal screen');
  assert.ok(b.raw.lastIndexOf('\u001b[?25h') > b.raw.lastIndexOf('\u001b[?25l'), 'cursor visible again');
});

test('a hostile container name and log line cannot change the title or clear the screen', async () => {
  await run(`${tag}-evil`, env.images.busybox, 'sh', '-c', "printf '\\033]0;owned\\007\\033[2Jhostile-line\\n'; sleep 3600");
  const b = berth();
  await b.waitFor(`${tag}-evil`);
  await b.type('/', ...`${tag}-evil`, key.enter, key.enter);
  await b.waitFor('hostile-line');
  assert.notEqual(b.title, 'owned');
  assert.match(b.screen(), /logs .*-evil/, 'the screen was not cleared');
});

test('the logs view follows the container into its next run after a restart', async () => {
  const name = `${tag}-restarts`;
  await run(name, env.images.busybox, 'sh', '-c', 'echo "run started $(cat /proc/uptime)"; sleep 3600');
  const b = berth();
  await b.waitFor(name);
  await b.type('/', ...name, key.enter, key.enter);
  await b.waitFor((s) => (s.match(/run started/g) ?? []).length === 1);
  await sandboxDocker(['restart', '-t', '0', name]);
  // The second run's first line shows up under the first run's, without a key press.
  const screen = await b.waitFor((s) => (s.match(/run started/g) ?? []).length === 2, 15_000);
  assert.match(screen, /following/);
});

test('inspect shows the container as pretty JSON, / finds a label value below the first screen, and Esc goes back', async () => {
  const b = berth();
  await b.waitFor(`${tag}-idle`);
  await b.type('/', ...`${tag}-idle`, key.enter, 'i');
  const screen = await b.waitFor('"Id":');
  assert.match(screen, /inspect .*-idle/);
  assert.match(screen, /"State": \{/);
  assert.doesNotMatch(screen, /needle-in-json/, 'the label is below the first screen');
  await b.type('/', ...'NEEDLE-in'.toLowerCase(), key.enter);
  const found = await b.waitFor((s) => s.includes('"berth.e2e.find": "needle-in-json"'));
  assert.match(found, /\/needle-in 1\/1/, 'the title says which match of how many');
  // Esc leaves the search prompt only while it asks; kept, Esc closes the view.
  await b.type(key.escape);
  await b.waitFor('CONTAINER ID');
});
