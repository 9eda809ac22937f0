import assert from 'node:assert/strict';
import { execFile } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, test } from 'node:test';
import { sandboxDocker, sandboxEnv } from '../support/sandbox-env.ts';
import { key, type PtySession } from '../support/pty.ts';
import { berthIn, openLogs } from '../support/logs-e2e.ts';

// `w` and `O` give the bytes `docker logs` prints (issue 48), in a real pseudo-terminal against
// the sandbox engine: a 70,000-byte line (dockerd keeps it as 16 KiB pieces and sends each as a
// frame of its own: read back as one line, none of it cut), and a TTY container's lines, which
// its terminal ends with CR CR LF (printf's `\r\n`, the TTY's LF made CR LF): both CRs kept.
const env = sandboxEnv();
const tag = `lb${process.pid}`;
const long = `${tag}-long`;
const tty = `${tag}-tty`;
const sessions: PtySession[] = [];
const cwd = mkdtempSync(join(tmpdir(), 'berth-e2e-logbytes-'));

/** `docker logs NAME` as bytes, exactly (stdout: these containers write nothing to stderr). */
function dockerLogs(name: string): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    execFile(env.dockerCli, ['logs', name], { env: { ...process.env, DOCKER_HOST: env.dockerHost }, encoding: 'buffer', maxBuffer: 16 * 1024 * 1024 }, (error, stdout, stderr) => {
      if (error) reject(new Error(`docker logs ${name}: ${stderr.toString() || error.message}`));
      else resolve(stdout);
    });
  });
}

/** The log once the container wrote its last line (`done`). */
async function logsWhenDone(name: string): Promise<Buffer> {
  for (;;) {
    const logs = await dockerLogs(name);
    if (logs.includes('done')) return logs;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

before(async () => {
  // 70,000 x's on one line, a short line after it; the same in a TTY with printf's CR LF endings.
  const script = (ending: string) => `head -c 70000 /dev/zero | tr '\\0' x; printf '${ending}second line${ending}done${ending}'; sleep 3600`;
  await sandboxDocker(['run', '-d', '--network', 'none', '--name', long, env.images.busybox, 'sh', '-c', script('\\n')]);
  await sandboxDocker(['run', '-d', '-t', '--network', 'none', '--name', tty, env.images.busybox, 'sh', '-c', script('\\r\\n')]);
});

after(async () => {
  for (const s of sessions) await s.stop();
  await sandboxDocker(['rm', '-f', long, tty]).catch(() => undefined);
  rmSync(cwd, { recursive: true, force: true });
});

for (const [name, what] of [
  [long, 'a 70,000-byte line'],
  [tty, 'a TTY container’s CR CR LF lines and its 70,000-byte line'],
] as const) {
  test(`w saves and O pages ${what} byte for byte as docker logs prints them`, async () => {
    const expected = await logsWhenDone(name);
    assert.ok(expected.length > 70_000);
    if (name === tty) assert.ok(expected.includes('second line\r\r\n'), 'the TTY wrote CR CR LF');
    const paged = join(cwd, `${name}-paged.txt`);
    const b = berthIn(cwd, env.dockerHost, sessions, { PAGER: `cat > "${paged}"` });
    await openLogs(b, name);
    await b.waitFor('second line');
    await b.type('w');
    const screen = await b.waitFor(/saved 3 lines to \S+\.log/, 20_000);
    const path = /saved 3 lines to (\S+\.log)/.exec(screen)?.[1] ?? '';
    const saved = readFileSync(path);
    assert.equal(saved.length, expected.length, 'as long as docker logs prints it');
    assert.ok(saved.equals(expected), 'the saved file is what docker logs prints');

    await b.type('O');
    // cat takes it all and exits (the file is whole once it has); then berth has the keys again.
    for (let i = 0; i < 600 && !(existsSync(paged) && statSync(paged).size >= expected.length); i++) await new Promise((resolve) => setTimeout(resolve, 100));
    assert.ok(readFileSync(paged).equals(expected), 'the pager read what docker logs prints');
    // Once berth has the terminal back (a key typed before is dropped with the pager's): Esc leaves the view.
    await b.typeUntil(key.escape, (s) => !s.includes(`logs ${name}`));
  });
}
