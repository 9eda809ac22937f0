/**
 * `ssh://[user@]host[:port][/socket/path]` engine addresses, and the ssh command line the docker
 * CLI runs for them (cli/connhelper/ssh: `ssh [-l user] [-p port] -- host docker system
 * dial-stdio`, with `-o ConnectTimeout=30 -T` as CLI 25+ adds, and `--host unix://<path>` when the
 * address names a socket on the remote side, as CLI 24+ does).
 */
import { parse, quote } from 'shell-quote';
import { EngineError } from './errors.ts';

export interface SshAddress {
  host: string;
  user?: string;
  port?: number;
  /** A socket path on the remote host, for a remote engine that is not at the default place. */
  socketPath?: string;
}

export function parseSshAddress(raw: string): SshAddress {
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    throw configError(`cannot parse engine address "${raw}"`, 'write it as ssh://[user@]host[:port]');
  }
  const host = url.hostname.replace(/^\[|\]$/g, '');
  if (host === '') throw configError(`"${raw}" has no host`, 'write it as ssh://[user@]host[:port]');
  if (url.password !== '') throw configError(`"${raw}" holds a password`, 'ssh engines use your ssh keys or agent; remove the password from the address');
  if (url.search !== '' || url.hash !== '') throw configError(`"${raw}" has a query or fragment, which ssh addresses cannot have`);
  const address: SshAddress = { host };
  if (url.username !== '') address.user = decodeURIComponent(url.username);
  if (url.port !== '') address.port = Number(url.port);
  const path = decodeURIComponent(url.pathname);
  if (path !== '' && path !== '/') address.socketPath = path;
  return address;
}

/** The address as a label: what the status bar and messages show. */
export function sshLabel(address: SshAddress): string {
  const user = address.user ? `${address.user}@` : '';
  const host = address.host.includes(':') ? `[${address.host}]` : address.host;
  return `ssh://${user}${host}${address.port ? `:${address.port}` : ''}${address.socketPath ?? ''}`;
}

/**
 * The ssh program and its leading arguments: `ssh`, or `$BERTH_SSH_COMMAND` (split as a shell
 * would, like git's GIT_SSH_COMMAND) for another client, another config file (`ssh -F file`)
 * or extra options.
 */
export function sshProgram(env: NodeJS.ProcessEnv): string[] {
  const custom = env.BERTH_SSH_COMMAND?.trim();
  if (!custom) return ['ssh'];
  // $VARS expand from the environment, as they would in the shell that runs GIT_SSH_COMMAND.
  const parts = parse(custom, (name) => env[name] ?? '');
  if (parts.length === 0 || parts.some((part) => typeof part !== 'string')) {
    throw configError(`BERTH_SSH_COMMAND="${custom}" must be a plain command with arguments (no pipes, redirections or globs)`);
  }
  return parts as string[];
}

/**
 * The whole command. `BatchMode=yes`: berth owns the terminal, so ssh must never prompt for a
 * password, a passphrase or an unknown host key; it fails with a message berth shows instead.
 */
export function sshCommand(address: SshAddress, env: NodeJS.ProcessEnv): { file: string; args: string[] } {
  const [file, ...leading] = sshProgram(env);
  const args = [...leading, '-o', 'ConnectTimeout=30', '-o', 'BatchMode=yes', '-T'];
  if (address.user) args.push('-l', address.user);
  if (address.port) args.push('-p', String(address.port));
  args.push('--', address.host, 'docker');
  // The remote side runs this through a shell: quote the one part that comes from the user.
  if (address.socketPath) args.push('--host', quote([`unix://${address.socketPath}`]));
  args.push('system', 'dial-stdio');
  return { file: file!, args };
}

function configError(message: string, hint?: string): EngineError {
  return new EngineError({ code: 'CONFIG', message, hint, operation: 'connect' });
}
