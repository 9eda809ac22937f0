/**
 * Which engine to talk to, decided the way the docker CLI decides it, so `docker context use`
 * moves berth too. Precedence (cli/command/cli.go resolveContextName): --context, then --host or
 * DOCKER_HOST (both mean the "default" context), then DOCKER_CONTEXT, then `currentContext` in
 * config.json, then "default". The default context is virtual: DOCKER_HOST or the standard
 * socket, with TLS from the environment. A named context is read from the CLI's store:
 * contexts/meta/<sha256(name)>/meta.json for the address, contexts/tls/<sha256(name)>/docker/
 * for its certificates.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { dockerConfigDir, parseDockerConfig } from './auth/config-file.ts';
import { EngineError } from './errors.ts';
import { defaultLocalHost, type SocketLocations } from './discovery.ts';
import { tlsFromEnv, type TlsFiles } from './transport.ts';

export interface EngineTarget {
  /** A DOCKER_HOST-style address. */
  host: string;
  tls: TlsFiles | undefined;
  /** The named context in use; undefined for the default one. */
  context?: string;
}

export interface TargetOptions {
  host?: string;
  context?: string;
  env: NodeJS.ProcessEnv;
  homedir: string;
  /** Where local engines put their sockets (tests use temp dirs). */
  sockets?: SocketLocations;
}

export function resolveEngineTarget({ host, context, env, homedir, sockets }: TargetOptions): EngineTarget {
  if (host && context) throw contextError('conflicting options: give --host or --context, not both');
  const location = { env, homedir };
  const chosen: ChosenContext = host
    ? { name: 'default', by: '--host' }
    : context
      ? { name: context, by: '--context' }
      : env.DOCKER_HOST
        ? { name: 'default', by: 'DOCKER_HOST' }
        : env.DOCKER_CONTEXT
          ? { name: env.DOCKER_CONTEXT, by: 'DOCKER_CONTEXT' }
          : currentContext(location);
  if (chosen.name === 'default') return { host: host || env.DOCKER_HOST || defaultLocalHost(env, sockets), tls: tlsFromEnv(env, homedir) };
  return readContext(chosen, dockerConfigDir(location));
}

/** A context's name and what chose it, for the message when it cannot be used. */
interface ChosenContext {
  name: string;
  by: string;
}

export interface StoredContext {
  name: string;
  host: string;
  description?: string;
}

/**
 * The contexts in the docker CLI's store, sorted by name, each with its docker endpoint address;
 * unreadable entries are left out (the CLI's own `context ls` would fail on them, berth's list
 * should not). The virtual "default" context is not stored, so it is not here.
 */
export function listContexts(location: { env: NodeJS.ProcessEnv; homedir: string }): StoredContext[] {
  const metaDir = join(dockerConfigDir(location), 'contexts', 'meta');
  let ids: string[];
  try {
    ids = readdirSync(metaDir);
  } catch {
    return [];
  }
  const found: StoredContext[] = [];
  for (const id of ids) {
    try {
      const meta = JSON.parse(readFileSync(join(metaDir, id, 'meta.json'), 'utf8')) as ContextMeta & { Metadata?: { Description?: unknown } };
      const host = meta.Endpoints?.docker?.Host;
      if (typeof meta.Name !== 'string' || typeof host !== 'string' || host === '') continue;
      const description = meta.Metadata?.Description;
      found.push({ name: meta.Name, host, ...(typeof description === 'string' && description !== '' ? { description } : {}) });
    } catch {
      // a half-written or foreign entry
    }
  }
  return found.sort((a, b) => a.name.localeCompare(b.name));
}

/** The context a plain `docker` command would use, ignoring --context and --host: what `context ls` marks. */
export function currentContextName(location: { env: NodeJS.ProcessEnv; homedir: string }): string {
  if (location.env.DOCKER_HOST) return 'default';
  return location.env.DOCKER_CONTEXT || currentContext(location).name;
}

/** `currentContext` from config.json (what `docker context use` writes); "default" when there is none or no file. */
function currentContext(location: { env: NodeJS.ProcessEnv; homedir: string }): ChosenContext {
  const path = join(dockerConfigDir(location), 'config.json');
  const text = readIfPresent(path);
  const name = text === undefined ? undefined : parseDockerConfig(text, path).currentContext;
  return { name: name || 'default', by: `currentContext in ${path} (set by \`docker context use\`)` };
}

interface ContextMeta {
  Name?: unknown;
  Endpoints?: { docker?: { Host?: unknown; SkipTLSVerify?: unknown } };
}

function readContext({ name, by }: ChosenContext, configDir: string): EngineTarget {
  // node:crypto loaded here, not with the module: its OpenSSL set-up costs every berth 1.5–3 MB
  // resident (bench B5s), and most never name a context.
  const id = process.getBuiltinModule('node:crypto').createHash('sha256').update(name, 'utf8').digest('hex');
  const metaPath = join(configDir, 'contexts', 'meta', id, 'meta.json');
  const text = readIfPresent(metaPath);
  if (text === undefined) {
    throw contextError(`context "${name}" does not exist; ${by} chose it`, `list the contexts with \`docker context ls\` and pick one of them, or give --host`);
  }
  let meta: ContextMeta;
  try {
    meta = JSON.parse(text) as ContextMeta;
  } catch {
    throw contextError(`${metaPath} is not valid JSON (context "${name}")`);
  }
  const endpoint = typeof meta === 'object' && meta !== null ? meta.Endpoints?.docker : undefined;
  if (typeof endpoint?.Host !== 'string' || endpoint.Host === '') {
    throw contextError(`context "${name}" has no docker endpoint address in ${metaPath}`);
  }
  const skipVerify = endpoint.SkipTLSVerify === true;
  const tlsDir = join(configDir, 'contexts', 'tls', id, 'docker');
  const ca = readBytes(join(tlsDir, 'ca.pem'));
  const cert = readBytes(join(tlsDir, 'cert.pem'));
  const key = readBytes(join(tlsDir, 'key.pem'));
  // As the CLI does: TLS when the context stores certificates or asks to skip verification.
  const tls = ca || cert || key || skipVerify ? { ca, cert, key, verify: !skipVerify } : undefined;
  return { host: endpoint.Host, tls, context: name };
}

function readIfPresent(path: string): string | undefined {
  return readBytes(path)?.toString('utf8');
}

function readBytes(path: string): Buffer | undefined {
  try {
    return readFileSync(path);
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    if (code === 'ENOENT' || code === 'ENOTDIR') return undefined;
    throw contextError(`cannot read ${path}${code ? ` (${code})` : ''}`);
  }
}

function contextError(message: string, hint?: string): EngineError {
  return new EngineError({ code: 'CONFIG', message, hint, operation: 'connect' });
}
