/**
 * `ssh://[user@]host[:port][/socket/path]` engine addresses, and the ssh command line the docker
 * CLI runs for them (cli/connhelper/ssh: `ssh [-l user] [-p port] -- host docker system
 * dial-stdio`, with `-o ConnectTimeout=30 -T` as CLI 25+ adds, and `--host unix://<path>` when the
 * address names a socket on the remote side, as CLI 24+ does).
 */
import { basename } from 'node:path';
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
 * With `controlPath`, the connection runs through the master listening there (ssh-master.ts):
 * `ControlMaster=no`, so it never becomes a master itself, and should that socket not answer,
 * ssh connects on its own as it would without it.
 */
export function sshCommand(address: SshAddress, env: NodeJS.ProcessEnv, controlPath?: string): { file: string; args: string[] } {
  const { file, args } = sshLogin(address, env);
  if (controlPath !== undefined) args.push('-o', 'ControlMaster=no', '-o', `ControlPath=${controlPathOption(controlPath)}`);
  args.push('--', address.host, 'docker');
  // The remote side runs this through a shell: quote the one part that comes from the user.
  if (address.socketPath) args.push('--host', quote([`unix://${address.socketPath}`]));
  args.push('system', 'dial-stdio');
  return { file, args };
}

/**
 * The master (ssh-master.ts): logs in, runs nothing (`-N`), and listens on `controlPath` for the
 * connections. `ControlPersist=no` whatever the user's config says, so it stays berth's child
 * and ends when berth ends it; the user's own config (`-F`, ~/.ssh/config) is read as for any
 * connection, as options given here come first and the first value of an option wins.
 */
export function sshMasterCommand(address: SshAddress, env: NodeJS.ProcessEnv, controlPath: string, forward?: string): { file: string; args: string[] } {
  const { file, args } = sshLogin(address, env);
  args.push('-N', '-o', 'ControlMaster=yes', '-o', `ControlPath=${controlPathOption(controlPath)}`, '-o', 'ControlPersist=no');
  if (forward !== undefined) args.push('-L', forward);
  args.push('--', address.host);
  return { file, args };
}

/** Where the engine listens on the ssh host: the address's socket, else the default one. */
export const DEFAULT_REMOTE_SOCKET = '/var/run/docker.sock';

export function remoteEngineSocket(address: SshAddress): string {
  return address.socketPath ?? DEFAULT_REMOTE_SOCKET;
}

/**
 * `-L`'s argument for forwarding a socket here to the engine's socket there
 * (`local_socket:remote_socket`); undefined where ssh could not read it as one: a path with a
 * colon (ssh splits there), or one that is not absolute.
 */
export function socketForwardArgument(localSocket: string, remoteSocket: string): string | undefined {
  const fits = (path: string) => path.startsWith('/') && !path.includes(':') && !/\s/.test(path);
  return fits(localSocket) && fits(remoteSocket) ? `${localSocket}:${remoteSocket}` : undefined;
}

/**
 * Whether the client is OpenSSH's `ssh`, whose connection sharing (ControlMaster) berth uses.
 * Another client named in BERTH_SSH_COMMAND (plink, dbclient, a wrapper script) gets one
 * connection of its own per HTTP connection, as before.
 */
export function sshCanShare(env: NodeJS.ProcessEnv): boolean {
  const [file = 'ssh'] = sshProgram(env);
  return basename(file) === 'ssh';
}

function sshLogin(address: SshAddress, env: NodeJS.ProcessEnv): { file: string; args: string[] } {
  const [file, ...leading] = sshProgram(env);
  const args = [...leading, '-o', 'ConnectTimeout=30', '-o', 'BatchMode=yes', '-T'];
  if (address.user) args.push('-l', address.user);
  if (address.port) args.push('-p', String(address.port));
  return { file: file!, args };
}

/** ssh expands `%` tokens in ControlPath (and `~` at its start, which an absolute path never has). */
function controlPathOption(path: string): string {
  return path.replace(/%/g, '%%');
}

function configError(message: string, hint?: string): EngineError {
  return new EngineError({ code: 'CONFIG', message, hint, operation: 'connect' });
}
