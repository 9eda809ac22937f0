/**
 * A port forward asked of the ssh master berth already runs for an ssh engine (ssh-master.ts):
 * `ssh -O forward -L 127.0.0.1:LOCAL:HOST:PORT` on its control socket, `-O cancel` with the same
 * spec to end it. The master listens on this machine and carries each connection over the login
 * it already has, so nothing new logs in and nothing is opened on the engine's host; the forward
 * ends with the master (berth's quit, a switch), whatever happens to berth.
 */
import { execFile } from 'node:child_process';
import { EngineError } from './errors.ts';
import { sshProgram, type SshAddress } from './ssh-address.ts';

export interface SshForwardSpec {
  /** The port on 127.0.0.1 here. */
  localPort: number;
  /** Where the engine's host connects: an address as the host sees it (127.0.0.1 for a port published on every address). */
  host: string;
  port: number;
}

/** `-L`'s argument: this machine's loopback only, never every address. */
export function forwardArgument(spec: SshForwardSpec): string {
  const host = spec.host.includes(':') ? `[${spec.host}]` : spec.host;
  return `127.0.0.1:${spec.localPort}:${host}:${spec.port}`;
}

/** The ssh line, as the action log shows it and as it runs (but for the control path). */
export function sshForwardArgs(address: SshAddress, env: NodeJS.ProcessEnv, controlPath: string, op: 'forward' | 'cancel', spec: SshForwardSpec): { file: string; args: string[] } {
  const [file = 'ssh', ...leading] = sshProgram(env);
  const args = [...leading, '-o', 'BatchMode=yes', '-o', `ControlPath=${controlPath.replace(/%/g, '%%')}`, '-O', op, '-L', forwardArgument(spec)];
  if (address.user) args.push('-l', address.user);
  if (address.port) args.push('-p', String(address.port));
  args.push('--', address.host);
  return { file, args };
}

/** Asks the master to forward (or stop forwarding); rejects with ssh's own words. */
export function sshForward(address: SshAddress, env: NodeJS.ProcessEnv, controlPath: string, op: 'forward' | 'cancel', spec: SshForwardSpec): Promise<void> {
  const { file, args } = sshForwardArgs(address, env, controlPath, op, spec);
  return new Promise((resolve, reject) => {
    execFile(file, args, { env, timeout: 15_000 }, (error, _stdout, stderr) => {
      if (!error) return resolve();
      const said = String(stderr).trim().split('\n').filter(Boolean).pop() ?? error.message;
      reject(new EngineError({ code: 'UNREACHABLE', operation: `ssh -O ${op}`, message: said }));
    });
  });
}

/**
 * The host an ssh address reaches, as ssh itself resolves it (`ssh -G`: an alias's HostName in
 * the user's config), for a URL a browser can open; the address's own host when ssh cannot say
 * (another client than OpenSSH's, a config it refuses).
 */
export function sshHostName(address: SshAddress, env: NodeJS.ProcessEnv): Promise<string> {
  const [file = 'ssh', ...leading] = sshProgram(env);
  const args = [...leading, '-G', ...(address.user ? ['-l', address.user] : []), ...(address.port ? ['-p', String(address.port)] : []), '--', address.host];
  return new Promise((resolve) => {
    execFile(file, args, { env, timeout: 5000 }, (error, stdout) => {
      const named = error ? undefined : /^hostname (\S+)$/m.exec(String(stdout))?.[1];
      resolve(named ?? address.host);
    });
  });
}
