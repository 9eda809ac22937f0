/**
 * The engine over ssh, as the docker CLI reaches it: one `ssh … docker system dial-stdio` process
 * per HTTP connection, whose stdin and stdout carry the connection's bytes. undici gets the pair
 * as a Duplex from its `connect` hook, so keep-alive, one connection per stream (events, logs,
 * pulls) and upgrades (exec) work as over a socket. When ssh fails, its stderr says why: that
 * becomes the connection's error, with a hint a person can act on.
 */
import { spawn, type ChildProcessWithoutNullStreams } from 'node:child_process';
import { accessSync, constants, statSync } from 'node:fs';
import { join } from 'node:path';
import { Duplex } from 'node:stream';
import { EngineError } from './errors.ts';
import { sshCommand, sshLabel, sshProgram, type SshAddress } from './ssh-address.ts';

const STDERR_KEPT = 4096;

export class SshStream extends Duplex {
  private stderr = '';
  private ending = false;

  constructor(
    private readonly child: ChildProcessWithoutNullStreams,
    private readonly label: string,
  ) {
    super({ allowHalfOpen: true });
    child.stdout.on('data', (chunk: Buffer) => {
      if (!this.push(chunk)) child.stdout.pause();
    });
    child.stderr.on('data', (chunk: Buffer) => {
      this.stderr = (this.stderr + chunk.toString('utf8')).slice(-STDERR_KEPT);
    });
    // A write to an ssh that has died fails with EPIPE; 'close' below says why it died.
    child.stdin.on('error', () => undefined);
    child.on('error', (error) => this.destroy(sshStartError(error)));
    child.on('close', (code, signal) => {
      if (this.destroyed) return;
      if (code === 0 || this.ending) this.push(null);
      else this.destroy(sshFailure({ code, signal, stderr: this.stderr, label: this.label }));
    });
  }

  override _read(): void {
    this.child.stdout.resume();
  }

  override _write(chunk: Buffer, _encoding: BufferEncoding, callback: (error?: Error | null) => void): void {
    if (this.child.stdin.write(chunk)) callback();
    else this.child.stdin.once('drain', () => callback());
  }

  override _final(callback: (error?: Error | null) => void): void {
    this.child.stdin.end();
    callback();
  }

  override _destroy(error: Error | null, callback: (error?: Error | null) => void): void {
    this.ending = true;
    if (this.child.exitCode === null && this.child.signalCode === null) this.child.kill('SIGTERM');
    callback(error);
  }

  /** undici unrefs idle keep-alive sockets so they do not hold the process open; so do we. */
  ref(): this {
    this.child.ref();
    for (const stream of [this.child.stdin, this.child.stdout, this.child.stderr]) (stream as unknown as { ref?: () => void }).ref?.();
    return this;
  }

  unref(): this {
    this.child.unref();
    for (const stream of [this.child.stdin, this.child.stdout, this.child.stderr]) (stream as unknown as { unref?: () => void }).unref?.();
    return this;
  }
}

/** Starts one ssh connection to the engine: on its own, or through the master at `controlPath`. */
export function openSshStream(address: SshAddress, env: NodeJS.ProcessEnv, controlPath?: string): SshStream {
  const { file, args } = sshCommand(address, env, controlPath);
  const child = spawn(file, args, { env, stdio: ['pipe', 'pipe', 'pipe'] });
  return new SshStream(child, sshLabel(address));
}

export function sshStartError(error: NodeJS.ErrnoException): EngineError {
  if (error.code === 'ENOENT') {
    return new EngineError({
      code: 'CONFIG',
      operation: 'connect',
      message: 'ssh is not installed: ssh:// engines need an ssh client',
      hint: 'install OpenSSH (Debian: apt-get install openssh-client), or name another client in BERTH_SSH_COMMAND',
      cause: error,
    });
  }
  return new EngineError({ code: 'UNREACHABLE', operation: 'connect', message: `cannot start ssh: ${error.message}`, cause: error });
}

export interface SshExit {
  code: number | null;
  signal: NodeJS.Signals | null;
  stderr: string;
  label: string;
}

/**
 * What a failed ssh run means, from its exit status and the lines it printed. Every failure is
 * an unreachable engine (banner, reconnect): the user can fix most of these in another
 * terminal, and berth then reconnects by itself.
 */
export function sshFailure(exit: SshExit): EngineError {
  const { code, signal, stderr, label } = exit;
  const known = knownSshFailure(exit);
  if (known) return known;
  const last = stripControls(stderr).split('\n').map((line) => line.trim()).filter(Boolean).at(-1) ?? '';
  const host = hostOf(label);
  const status = code === null ? `signal ${signal ?? 'unknown'}` : `exit status ${code}`;
  return new EngineError({ code: 'UNREACHABLE', operation: 'connect', message: `ssh to ${host} ended with ${status}${last ? `: ${last}` : ''}` });
}

/** The failures ssh's own words name (host, host key, login, port, remote docker); undefined for any other. */
export function knownSshFailure({ code, stderr, label }: SshExit): EngineError | undefined {
  const text = stripControls(stderr);
  const lines = text.split('\n').map((line) => line.trim()).filter(Boolean);
  const last = lines.at(-1) ?? '';
  const unreachable = (message: string, hint?: string) => new EngineError({ code: 'UNREACHABLE', operation: 'connect', message, hint });
  const host = hostOf(label);

  if (/Could not resolve hostname/i.test(text)) {
    return unreachable(`ssh cannot find the host "${host}"`, 'check the host name in the address or in your ~/.ssh/config');
  }
  if (/REMOTE HOST IDENTIFICATION HAS CHANGED/i.test(text)) {
    return new EngineError({
      code: 'PERMISSION',
      operation: 'connect',
      message: `the host key of ${host} has changed since you last connected, so ssh refuses to`,
      hint: `if the server was reinstalled, remove the old key with ssh-keygen -R ${host} and connect once with ssh to check the new one`,
    });
  }
  if (/Host key verification failed|host key is known|No \S+ host key is known/i.test(text)) {
    return new EngineError({
      code: 'PERMISSION',
      operation: 'connect',
      message: `ssh does not know the host key of ${host} yet`,
      hint: `connect once with ssh ${host} in a terminal to check and accept it: berth runs ssh with BatchMode=yes, so ssh cannot ask`,
    });
  }
  if (/Permission denied/i.test(text)) {
    const methods = /Permission denied \(([^)]*)\)/i.exec(text)?.[1];
    return new EngineError({
      code: 'PERMISSION',
      operation: 'connect',
      message: `${host} refused the ssh login${methods ? ` (${methods})` : ''}`,
      hint: 'berth runs ssh with BatchMode=yes, so it cannot ask for a password or passphrase: load your key into ssh-agent, or name it in ~/.ssh/config',
    });
  }
  if (/Connection refused/i.test(text)) return unreachable(`connection refused by ${host}`, 'is sshd running there, on that port?');
  if (/timed out/i.test(text)) {
    return new EngineError({ code: 'TIMEOUT', operation: 'connect', message: `ssh to ${host} timed out`, hint: 'is the host up, and the port right?' });
  }
  if (code === 127 || /docker: (command )?not found|exec: "?docker"?: executable file not found/i.test(text)) {
    return unreachable(
      `there is no docker command on ${host}`,
      'berth runs `docker system dial-stdio` on the remote host, as the docker CLI does: install the docker CLI there (18.09 or later)',
    );
  }
  if (/Cannot connect to the Docker daemon|Is the docker daemon running/i.test(text)) {
    return unreachable(`docker on ${host} cannot reach its engine: ${last}`, 'is the engine running on that host?');
  }
  return undefined;
}

function hostOf(label: string): string {
  return /ssh:\/\/(?:[^@/]*@)?([^/:]+|\[[^\]]+\])/.exec(label)?.[1] ?? label;
}

/** ssh's stderr carries text from the remote host: no escape sequences reach the terminal. */
export function stripControls(text: string): string {
  return text.replace(/\u001b\[[0-9;?]*[ -/]*[@-~]/g, '').replace(/[\u0000-\u0009\u000b-\u001f\u007f-\u009f]/g, ' ');
}

/** Fails at once, with a message, when the ssh client to run is not there at all. */
export function requireSshClient(env: NodeJS.ProcessEnv): void {
  const [file = 'ssh'] = sshProgram(env);
  if (executableOnPath(file, env)) return;
  throw sshStartError(Object.assign(new Error(`${file} not found`), { code: 'ENOENT' }));
}

function executableOnPath(file: string, env: NodeJS.ProcessEnv): boolean {
  const candidates = file.includes('/') ? [file] : (env.PATH ?? '').split(':').filter(Boolean).map((dir) => join(dir, file));
  return candidates.some((candidate) => {
    try {
      accessSync(candidate, constants.X_OK);
      return statSync(candidate).isFile();
    } catch {
      return false;
    }
  });
}
