/**
 * A private docker-registry (distribution 2.x) on 127.0.0.1 with htpasswd auth: storage,
 * config and log in the sandbox dir, a free port, user `berth` and a password made fresh
 * for every run. dockerd talks plain HTTP to it without any insecure-registries setting
 * because loopback registries are always treated as insecure-allowed.
 */
import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { appendFileSync, closeSync, mkdirSync, openSync, writeFileSync } from 'node:fs';
import http from 'node:http';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { alive, terminate } from './cleanup.ts';
import { logTail } from './logs.ts';
import { freeTcpPort } from './ports.ts';
import { findExecutable, run } from './exec.ts';

export interface Registry {
  /** host:port, as used in image references and config.json `auths` keys. */
  address: string;
  username: string;
  password: string;
  pid: number;
  stop(): Promise<void>;
}

export const REGISTRY_USER = 'berth';

export async function startRegistry(
  tools: { registry: string; htpasswd: string },
  sandboxDir: string,
  startTimeoutMs = 15_000,
): Promise<Registry> {
  const dir = path.join(sandboxDir, 'registry');
  mkdirSync(path.join(dir, 'storage'), { recursive: true });
  const password = randomBytes(18).toString('base64url');
  // -i reads the password from stdin so it never shows up in `ps`; -B is bcrypt, the only
  // hash distribution accepts.
  const { stdout: htpasswdLine } = await run(tools.htpasswd, ['-Bin', REGISTRY_USER], { input: `${password}\n` });
  writeFileSync(path.join(dir, 'htpasswd'), htpasswdLine);

  // The free-port probe can race with another process grabbing the port; retry a few times.
  let lastError: unknown;
  for (let attempt = 0; attempt < 3; attempt++) {
    const port = await freeTcpPort();
    try {
      const { pid, stop } = await launch(tools.registry, dir, port, startTimeoutMs);
      return { address: `127.0.0.1:${port}`, username: REGISTRY_USER, password, pid, stop };
    } catch (e) {
      lastError = e;
    }
  }
  throw lastError;
}

/**
 * Adds an account to the running sandbox registry, for one test: its password lives only in the
 * test that made it, never in the sandbox's client config.json or environment, so a pull that
 * works with it proves the credentials typed into berth were the ones used. distribution re-reads
 * its htpasswd file whenever the file changes, so the account works at once.
 */
export async function addRegistryUser(sandboxDir: string, username: string, password: string): Promise<void> {
  const htpasswd = findExecutable('htpasswd');
  if (!htpasswd) throw new Error('htpasswd is not installed (the sandbox installs apache2-utils)');
  const { stdout } = await run(htpasswd, ['-Bin', username], { input: `${password}\n` });
  // On a line of its own whatever the file ends with: blank lines are skipped when it is read.
  appendFileSync(path.join(sandboxDir, 'registry', 'htpasswd'), `\n${stdout.trim()}\n`);
}

async function launch(
  bin: string,
  dir: string,
  port: number,
  timeoutMs: number,
): Promise<{ pid: number; stop(): Promise<void> }> {
  const configPath = path.join(dir, 'config.yml');
  const logPath = path.join(dir, 'registry.log');
  writeFileSync(
    configPath,
    [
      'version: 0.1',
      'log:',
      '  level: warn',
      '  accesslog:',
      '    disabled: true',
      'storage:',
      '  filesystem:',
      `    rootdirectory: ${JSON.stringify(path.join(dir, 'storage'))}`,
      '  delete:',
      '    enabled: true',
      'http:',
      `  addr: 127.0.0.1:${port}`,
      // A fixed secret silences the "generated random secret" warning; one instance only.
      `  secret: ${randomBytes(16).toString('hex')}`,
      'auth:',
      '  htpasswd:',
      '    realm: berth-sandbox',
      `    path: ${JSON.stringify(path.join(dir, 'htpasswd'))}`,
      '',
    ].join('\n'),
  );
  const logFd = openSync(logPath, 'a');
  const child = spawn(bin, ['serve', configPath], { detached: true, stdio: ['ignore', logFd, logFd] });
  closeSync(logFd);
  child.unref();
  const pid = child.pid;
  if (pid === undefined) throw new Error(`could not spawn ${bin}`);
  let exited = false;
  child.on('exit', () => {
    exited = true;
  });

  const deadline = Date.now() + timeoutMs;
  for (;;) {
    if (exited) throw new Error(`docker-registry exited during start-up.\n${logTail(logPath)}`);
    // Anonymous /v2/ must be 401 once auth is up; anything else means "not ready yet".
    if ((await probeStatus(`http://127.0.0.1:${port}/v2/`)) === 401) break;
    if (Date.now() > deadline) {
      await terminate([pid], 0);
      throw new Error(`docker-registry did not answer on 127.0.0.1:${port} within ${timeoutMs} ms.\n${logTail(logPath)}`);
    }
    await sleep(25);
  }
  return {
    pid,
    async stop() {
      if (alive(pid)) await terminate([pid], 3000);
    },
  };
}

function probeStatus(url: string): Promise<number | undefined> {
  return new Promise((resolve) => {
    const req = http.get(url, { agent: false, timeout: 1000 }, (res) => {
      res.resume();
      resolve(res.statusCode);
    });
    req.on('timeout', () => req.destroy());
    req.on('error', () => resolve(undefined));
  });
}
