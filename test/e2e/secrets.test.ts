/**
 * A registry password typed into berth's pull dialog, against the sandbox engine and registry,
 * must never appear:
 *   1. in anything berth draws (the raw bytes written to the pty, not just the final screen);
 *   2. in a file berth could write (its HOME, TMPDIR and DOCKER_CONFIG are temp dirs here);
 *   3. in the arguments or environment of a child — the credential helper berth runs gets only
 *      `get` as its argument and the server URL on stdin (a fake helper records all three);
 *   4. in an error message (a wrong password: the error is shown, the password is not).
 */
import assert from 'node:assert/strict';
import { randomBytes } from 'node:crypto';
import { chmodSync, existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { after, before, test } from 'node:test';
import { key, launchBerth, type PtySession } from '../support/pty.ts';
import { filesUnder } from '../support/files.ts';
import { sandboxDocker, sandboxEnv } from '../support/sandbox-env.ts';
import { SANDBOX_ENV } from '../sandbox/env-vars.ts';

const env = sandboxEnv();
const sessions: PtySession[] = [];
const root = mkdtempSync(path.join(os.tmpdir(), 'berth-secrets-'));
const home = path.join(root, 'home');
const tmp = path.join(root, 'tmp');
const config = path.join(root, 'docker-config');
const bin = path.join(root, 'bin');
const helperLog = path.join(root, 'helper.log');
const registry = env.registry.address;
const image = env.images.registryBusybox;

/** The helper berth runs for `credsStore: "berthtest"`: records argv, stdin and environment, has nothing. */
const HELPER = `#!/bin/sh
{
  printf 'argv:'; for a in "$@"; do printf ' [%s]' "$a"; done; printf '\\n'
  printf 'stdin:['; cat; printf ']\\n'
  printf 'env:\\n'; env; printf 'end\\n'
} >> "${helperLog}"
echo "credentials not found in native keychain"
exit 1
`;

before(async () => {
  for (const dir of [home, tmp, config, bin]) mkdirSync(dir, { recursive: true });
  writeFileSync(path.join(config, 'config.json'), JSON.stringify({ credsStore: 'berthtest' }));
  writeFileSync(path.join(bin, 'docker-credential-berthtest'), HELPER);
  chmodSync(path.join(bin, 'docker-credential-berthtest'), 0o755);
  // So the pull really asks the registry for the image.
  await sandboxDocker(['rmi', '-f', image]).catch(() => undefined);
});

after(async () => {
  for (const s of sessions) await s.stop();
  await sandboxDocker(['rmi', '-f', image]).catch(() => undefined);
  rmSync(root, { recursive: true, force: true });
});

function berth(): PtySession {
  const session = launchBerth({
    env: {
      DOCKER_HOST: env.dockerHost,
      HOME: home,
      TMPDIR: tmp,
      DOCKER_CONFIG: config,
      PATH: `${bin}:${process.env.PATH ?? ''}`,
      // The test runner's own copy of the password is no business of berth's: drop it, so that
      // finding the password anywhere means berth put it there.
      [SANDBOX_ENV.registryPassword]: undefined,
    },
  });
  sessions.push(session);
  return session;
}


interface HelperCall {
  argv: string;
  stdin: string;
  env: string;
}

function helperCalls(): HelperCall[] {
  if (!existsSync(helperLog)) return [];
  return readFileSync(helperLog, 'utf8')
    .split(/^end$/m)
    .filter((block) => block.includes('argv:'))
    .map((block) => ({
      argv: /^argv:(.*)$/m.exec(block)?.[1]?.trim() ?? '',
      stdin: /^stdin:\[([\s\S]*?)\]$/m.exec(block)?.[1] ?? '',
      env: block.slice(block.indexOf('env:\n') + 5),
    }));
}

/** Opens the pull dialog and types the reference, the username and `password`. */
async function typeCredentials(b: PtySession, password: string): Promise<void> {
  await b.waitFor('q quit');
  await b.type('p');
  await b.waitFor('Pull an image');
  // In one write: typed a key at a time, a pause longer than the lookup's 150 ms on a busy
  // machine would look up a partial reference ("127.0.0.1" is a Docker Hub name) with the helper.
  b.write(image);
  // The dialog asks the credential store which credentials it would use.
  await b.waitFor(() => helperCalls().length >= 1, 10_000);
  await b.type(key.tab, ...env.registry.username, key.tab, ...password);
  await b.waitFor(/credentials: typed here \(user /);
  // Edit the reference while the password is in the dialog: the store is asked again.
  await b.type('\u001b[Z', '\u001b[Z', '\u007f', 't');
  await b.waitFor(() => helperCalls().length >= 2, 10_000);
}

test('a typed password: in no frame, no file, no child process, and the pull works', async () => {
  const password = env.registry.password;
  const b = berth();
  const berthPid = b.pty.pid;
  await typeCredentials(b, password);
  await b.type(key.enter);
  await b.waitFor(/berth\/busybox:latest\s+pulled/, 60_000);

  // 1. Frames: the raw bytes berth wrote, every frame of it; the password field drew bullets.
  assert.ok(b.raw.includes('•'.repeat(password.length)), 'the password was drawn masked');
  assert.ok(!b.raw.includes(password), 'the password appears in berth’s output');
  // Nor berth's own command line or environment.
  assert.ok(!readFileSync(`/proc/${berthPid}/cmdline`, 'utf8').includes(password));
  assert.ok(!readFileSync(`/proc/${berthPid}/environ`, 'utf8').includes(password));

  await b.type('q');
  await b.exited;

  // 2. Files berth could have written.
  for (const file of [...filesUnder(home), ...filesUnder(tmp), ...filesUnder(config)]) {
    assert.ok(!readFileSync(file).includes(password), `${file} holds the password`);
  }

  // 3. The credential helper: `get`, the server URL on stdin, and an environment without secrets.
  const calls = helperCalls();
  assert.ok(calls.length >= 2, 'the helper was asked, also while the password was typed in');
  for (const call of calls) {
    assert.equal(call.argv, '[get]');
    assert.equal(call.stdin, registry, 'only the server URL on stdin');
    assert.ok(!call.env.includes(password), 'the password is in the helper’s environment');
    const names = call.env.split('\n').map((line) => line.slice(0, line.indexOf('='))).filter(Boolean);
    assert.ok(!names.some((name) => /PASSWORD|SECRET|TOKEN/.test(name)), `helper environment: ${names.join(' ')}`);
    assert.ok(!names.includes(SANDBOX_ENV.registryUser) && !names.includes('DOCKER_HOST'), 'only what helpers need is passed on');
  }
});

test('a wrong password: the registry’s refusal is shown, the password is not, and other credentials can be tried', async () => {
  const wrong = `wrong-${randomBytes(9).toString('base64url')}`;
  rmSync(helperLog, { force: true });
  const b = berth();
  await typeCredentials(b, wrong);
  await b.type(key.enter);
  // Podman's words are longer ("initializing source docker://…: reading manifest …: unauthorized:
  // authentication required") and wrap onto the next line.
  const screen = await b.waitFor(/the registry refused these credentials[\s\S]*✗ .*(\n.*)?(unauthorized|authentication required|denied)/i, 60_000);
  // The dialog stays with what was typed: the image and the username, the password emptied.
  assert.match(screen, /Pull an image/);
  assert.ok(screen.includes(`${registry}/berth/busybox`), 'the image field keeps the reference');
  assert.match(screen, new RegExp(`username\\W+${env.registry.username}`));
  assert.ok(!screen.includes('•'), 'the password field is empty');
  // 4. The error message — and everything else drawn — leaves the password out.
  assert.ok(!b.raw.includes(wrong), 'the wrong password appears in berth’s output');
  // Other credentials, typed where the cursor now is (the password field), and Enter: it works.
  await b.type(...env.registry.password, key.enter);
  // The first test pulled it: the registry now answers that it is up to date.
  await b.waitFor(/✓ \S*berth\/busybox:latest\s+(pulled|up to date)/, 60_000);
  assert.ok(!b.raw.includes(env.registry.password), 'the right password appears in berth’s output');
  for (const call of helperCalls()) assert.ok(!`${call.argv}${call.stdin}${call.env}`.includes(wrong));
  await b.type('q');
  await b.exited;
  for (const file of [...filesUnder(home), ...filesUnder(tmp), ...filesUnder(config)]) assert.ok(!readFileSync(file).includes(wrong), `${file} holds the password`);
});
