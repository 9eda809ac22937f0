import { readFileSync } from 'node:fs';
import type { Socket } from 'node:net';
import { join } from 'node:path';
import type { Duplex } from 'node:stream';
import type { Dispatcher } from 'undici';
import { Agent } from './undici.ts';
import { EngineError } from './errors.ts';
import { openSshStream, requireSshClient } from './ssh.ts';
import { SshMaster, type SshRoute } from './ssh-master.ts';
import { parseSshAddress, sshLabel, type SshAddress } from './ssh-address.ts';

/** Where the engine listens. The URL host is a placeholder for unix sockets: the socket is what matters. */
export type Endpoint =
  | { kind: 'unix'; socketPath: string; label: string }
  | { kind: 'tcp'; host: string; port: number; tls: boolean; label: string }
  | { kind: 'ssh'; address: SshAddress; label: string };

export const DEFAULT_HOST = 'unix:///var/run/docker.sock';

/**
 * An address as written, but for a bare absolute path, which names a unix socket: `-H
 * /var/run/docker.sock` is `unix:///var/run/docker.sock`. (The docker CLI would take it as tcp,
 * a host named "var" on port 2375, which nobody who types a path means.)
 */
export function hostAddress(value: string): string {
  const raw = value.trim();
  return raw.startsWith('/') ? `unix://${raw}` : raw;
}

/**
 * Parses a DOCKER_HOST-style address: `unix:///path` (or the bare `/path`), `tcp://host[:port]`,
 * `ssh://[user@]host[:port]`, or a bare `host:port` (which the docker CLI treats as tcp). `tls`
 * decides the default tcp port, as the CLI does.
 */
export function parseHost(value: string, tls = false): Endpoint {
  const raw = hostAddress(value);
  if (raw === '') throw configError('the engine address is empty');
  if (raw.startsWith('unix://')) {
    const socketPath = raw.slice('unix://'.length);
    if (!socketPath.startsWith('/')) throw configError(`"${raw}" must name an absolute socket path (unix:///path/to.sock)`);
    // sun_path is ~108 bytes; the kernel would fail later with a less helpful error.
    if (Buffer.byteLength(socketPath) > 107) throw configError(`socket path is too long for a unix socket: ${socketPath}`);
    return { kind: 'unix', socketPath, label: raw };
  }
  if (/^ssh:\/\//i.test(raw)) {
    const address = parseSshAddress(raw);
    return { kind: 'ssh', address, label: sshLabel(address) };
  }
  if (raw.startsWith('npipe://') || raw.startsWith('fd://')) {
    throw configError(`"${raw.split('://')[0]}://" hosts are not supported; use unix://, tcp:// or ssh://`);
  }
  const withScheme = /^[a-z]+:\/\//i.test(raw) ? raw : `tcp://${raw}`;
  let url: URL;
  try {
    url = new URL(withScheme.replace(/^tcp:/i, 'http:').replace(/^https:/i, 'http:'));
  } catch {
    throw configError(`cannot parse engine address "${raw}"`);
  }
  const scheme = withScheme.slice(0, withScheme.indexOf(':')).toLowerCase();
  if (scheme !== 'tcp' && scheme !== 'http' && scheme !== 'https') throw configError(`unsupported scheme in "${raw}"`);
  const useTls = tls || scheme === 'https';
  const port = url.port === '' ? (useTls ? 2376 : 2375) : Number(url.port);
  const host = url.hostname.replace(/^\[|\]$/g, '');
  if (host === '') throw configError(`"${raw}" has no host`);
  return { kind: 'tcp', host, port, tls: useTls, label: `tcp://${url.hostname}:${port}` };
}

export interface TlsFiles {
  ca?: Buffer;
  cert?: Buffer;
  key?: Buffer;
  verify: boolean;
}

/**
 * TLS from the environment, as the docker CLI reads it: DOCKER_TLS_VERIFY (any non-empty value
 * turns verification on), DOCKER_TLS, and DOCKER_CERT_PATH holding ca.pem, cert.pem, key.pem.
 */
export function tlsFromEnv(env: NodeJS.ProcessEnv, homedir: string): TlsFiles | undefined {
  const verify = (env.DOCKER_TLS_VERIFY ?? '') !== '';
  const wanted = verify || (env.DOCKER_TLS ?? '') !== '' || (env.DOCKER_CERT_PATH ?? '') !== '';
  if (!wanted) return undefined;
  const dir = env.DOCKER_CERT_PATH || join(env.DOCKER_CONFIG || join(homedir, '.docker'));
  const read = (name: string): Buffer | undefined => {
    try {
      return readFileSync(join(dir, name));
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
      throw configError(`cannot read ${join(dir, name)}: ${(error as Error).message}`);
    }
  };
  return { ca: read('ca.pem'), cert: read('cert.pem'), key: read('key.pem'), verify };
}

export interface Transport {
  endpoint: Endpoint;
  /** Origin for undici; its host is ignored by the engine over a unix socket. */
  origin: string;
  dispatcher: Dispatcher;
  /** Lets requests in flight finish, then closes every connection. */
  close(): Promise<void>;
  /** Ends every connection now (requests in flight fail as aborted): for switching engines. */
  destroy(): Promise<void>;
  /**
   * An ssh engine's control socket (its master up first), for asking the master itself for a
   * port forward (ssh-forward.ts); undefined where ssh does not share a login, or not ssh.
   */
  sshControl?(): Promise<string | undefined>;
}

/**
 * `env` is where an ssh engine's client finds its PATH, agent and BERTH_SSH_COMMAND; `sshRoute`
 * is told when an ssh engine's connections cannot run through the forward of its socket.
 */
export function createTransport(endpoint: Endpoint, tls?: TlsFiles, env: NodeJS.ProcessEnv = process.env, sshRoute?: (route: SshRoute) => void): Transport {
  const connectTimeout = 10_000; // the Go client's dial timeout
  let dispatcher: Agent;
  let origin: string;
  let sshMaster: SshMaster | undefined;
  if (endpoint.kind === 'ssh') {
    requireSshClient(env);
    const { address } = endpoint;
    // One ssh login for all of this engine's connections (ssh-master.ts). Through it, the engine's
    // socket forwarded here (ssh-engine-socket.ts): a connection is a channel on that login, as to
    // a local engine. Where the forward cannot be made or does not work, each connection is a
    // `docker system dial-stdio` session of its own on the login, as the docker CLI runs one.
    const master = (sshMaster = new SshMaster(address, env, sshRoute));
    dispatcher = new Agent({
      // The callback must come later, as a socket's 'connect' does: undici ignores a connection
      // handed over while it is still inside its own dispatch loop (a promise's then always is).
      connect: (_options, callback) => {
        master.link().then(
          ({ controlPath, forward }) => {
            try {
              const dialStdio = () => openSshStream(address, env, controlPath);
              if (forward?.usable) forward.connect(dialStdio, callback as (error: Error | null, socket: Duplex | null) => void);
              else callback(null, dialStdio() as unknown as Socket);
            } catch (error) {
              callback(error as Error, null);
            }
          },
          (error: unknown) => callback(error as Error, null),
        );
      },
      // A new connection costs a channel on the master, or a session, or a handshake without one: keep idle ones longer.
      keepAliveTimeout: 60_000,
    });
    origin = 'http://api.moby.localhost';
  } else if (endpoint.kind === 'unix') {
    dispatcher = new Agent({ connect: { socketPath: endpoint.socketPath, timeout: connectTimeout }, keepAliveTimeout: 30_000 });
    // The Go client sends this placeholder host over sockets; the engine accepts any.
    origin = 'http://api.moby.localhost';
  } else {
    const secure = endpoint.tls || tls !== undefined;
    const host = endpoint.host.includes(':') ? `[${endpoint.host}]` : endpoint.host;
    origin = `${secure ? 'https' : 'http'}://${host}:${endpoint.port}`;
    dispatcher = new Agent({
      connect: secure
        ? {
            timeout: connectTimeout,
            ca: tls?.ca,
            cert: tls?.cert,
            key: tls?.key,
            rejectUnauthorized: tls?.verify ?? true,
            minVersion: 'TLSv1.2',
          }
        : { timeout: connectTimeout },
      keepAliveTimeout: 30_000,
    });
  }
  // Both may be called more than once, and in either order (quit during a switch, say).
  let closing: Promise<void> | undefined;
  const shared = sshMaster;
  let destroying: Promise<void> | undefined;
  return {
    endpoint,
    origin,
    dispatcher,
    // The ssh master goes once its connections have: they end with it.
    close: () => (closing ??= dispatcher.close().catch(() => undefined).finally(() => sshMaster?.close())),
    destroy: () => (destroying ??= dispatcher.destroy().catch(() => undefined).finally(() => sshMaster?.close())),
    ...(shared && { sshControl: () => shared.socket() }),
  };
}

function configError(message: string): EngineError {
  return new EngineError({ code: 'CONFIG', message, operation: 'connect' });
}
