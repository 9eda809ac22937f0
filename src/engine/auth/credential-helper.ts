/**
 * Runs a docker credential helper (`docker-credential-<name> get`), the protocol the CLI
 * uses for OS keychains, `pass`, Docker Desktop and cloud registries.
 *
 * The secret it returns never reaches an error message: failures name the helper and the
 * exit status, and quote the helper's output only when it cannot contain the secret.
 */
import { spawn, type ChildProcessWithoutNullStreams } from 'node:child_process';
import { EngineError } from '../errors.ts';
import type { RegistryAuth } from './header.ts';

export interface CredentialHelperOptions {
  /** Where PATH and the helper's few variables come from; defaults to process.env. */
  env?: NodeJS.ProcessEnv;
  /** Helpers can block on a keychain prompt; after this long the helper is killed. */
  timeoutMs?: number;
}

export const DEFAULT_HELPER_TIMEOUT_MS = 10_000;
const MAX_OUTPUT_BYTES = 1024 * 1024;
const KILL_GRACE_MS = 2_000;
const NOT_FOUND = 'credentials not found';
/** Helpers answer with this user name when the secret is an identity token. */
const TOKEN_USER = '<token>';

/**
 * Only what helpers need, so that nothing else in our environment (a CI job's
 * REGISTRY_PASSWORD, say) is handed to a third-party binary: PATH and HOME for every
 * helper, GnuPG and `pass` settings, the D-Bus session for secretservice, and the
 * Windows profile variables for wincred.
 */
const HELPER_ENV_NAMES = [
  'PATH', 'HOME', 'USER', 'LOGNAME', 'LANG', 'LC_ALL', 'TMPDIR',
  'XDG_RUNTIME_DIR', 'XDG_CONFIG_HOME', 'XDG_DATA_HOME', 'DBUS_SESSION_BUS_ADDRESS', 'DISPLAY', 'WAYLAND_DISPLAY',
  'GNUPGHOME', 'GPG_TTY', 'GPG_AGENT_INFO', 'PASSWORD_STORE_DIR', 'PASSWORD_STORE_GPG_OPTS',
  'SystemRoot', 'APPDATA', 'LOCALAPPDATA', 'USERPROFILE', 'TEMP', 'TMP', 'PATHEXT',
];

/** A helper name becomes part of a program name, so it must not be able to name a path. */
const HELPER_NAME = /^[A-Za-z0-9][A-Za-z0-9._-]*$/;

export function helperEnv(env: NodeJS.ProcessEnv): NodeJS.ProcessEnv {
  const picked: NodeJS.ProcessEnv = {};
  for (const name of HELPER_ENV_NAMES) {
    const value = env[name];
    if (value !== undefined) picked[name] = value;
  }
  return picked;
}

/**
 * Asks `docker-credential-<name>` for the credentials of `serverUrl` (a host[:port], or
 * Docker Hub's "https://index.docker.io/v1/"). Resolves undefined when the helper has
 * none; rejects with a CONFIG error when it is missing, fails, or hangs.
 */
export function runCredentialHelper(
  name: string,
  serverUrl: string,
  opts: CredentialHelperOptions = {},
): Promise<RegistryAuth | undefined> {
  const program = `docker-credential-${name}`;
  if (!HELPER_NAME.test(name)) {
    return Promise.reject(
      new EngineError({ code: 'CONFIG', message: `invalid credential helper name "${name}" in config.json` }),
    );
  }
  const timeoutMs = opts.timeoutMs ?? DEFAULT_HELPER_TIMEOUT_MS;

  return new Promise((resolve, reject) => {
    let settled = false;
    const stdout: Buffer[] = [];
    const stderr: Buffer[] = [];
    let outputBytes = 0;

    let child: ChildProcessWithoutNullStreams;
    try {
      // An argument array and no shell: neither the name nor the URL is ever interpreted.
      child = spawn(program, ['get'], {
        env: helperEnv(opts.env ?? process.env),
        stdio: ['pipe', 'pipe', 'pipe'],
        windowsHide: true,
      });
    } catch (error) {
      reject(new EngineError({ code: 'CONFIG', message: `could not run credential helper ${program}`, cause: error }));
      return;
    }

    // Only ever called from the child's callbacks, which run after `timer` is set below.
    const finish = (error: EngineError | undefined, auth?: RegistryAuth): void => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      if (error) reject(error);
      else resolve(auth);
    };

    const timer = setTimeout(() => {
      child.kill('SIGTERM');
      // A helper waiting on a pinentry may ignore SIGTERM.
      setTimeout(() => child.kill('SIGKILL'), KILL_GRACE_MS).unref();
      // Settle now rather than on 'close': a grandchild may hold the pipes open.
      child.stdout.destroy();
      child.stderr.destroy();
      finish(
        new EngineError({
          code: 'CONFIG',
          message: `${program} did not answer within ${formatSeconds(timeoutMs)}`,
          hint: 'it may be waiting for a keychain to be unlocked',
        }),
      );
    }, timeoutMs);

    const collect = (into: Buffer[]) => (data: Buffer) => {
      outputBytes += data.length;
      if (outputBytes > MAX_OUTPUT_BYTES) {
        child.kill('SIGKILL');
        finish(new EngineError({ code: 'CONFIG', message: `${program} wrote more output than a credential can be` }));
        return;
      }
      into.push(data);
    };
    child.stdout.on('data', collect(stdout));
    child.stderr.on('data', collect(stderr));

    child.on('error', (error: NodeJS.ErrnoException) => {
      const message =
        error.code === 'ENOENT'
          ? `credential helper ${program} was not found on PATH`
          : error.code === 'EACCES'
            ? `credential helper ${program} is not executable`
            : `could not run credential helper ${program} (${error.code ?? error.message})`;
      finish(
        new EngineError({
          code: 'CONFIG',
          message,
          hint: 'install it, or remove it from "credsStore"/"credHelpers" in your docker config.json',
          cause: error,
        }),
      );
    });

    // The helper may exit without reading stdin; EPIPE here is not the failure to report.
    child.stdin.on('error', () => undefined);
    child.stdin.end(serverUrl);

    child.on('close', (code, signal) => {
      if (settled) return;
      const out = Buffer.concat(stdout).toString('utf8').trim();
      const err = Buffer.concat(stderr).toString('utf8').trim();
      if (code !== 0) {
        if (out.includes(NOT_FOUND) || err.includes(NOT_FOUND)) return finish(undefined, undefined);
        const status = signal ? `killed by ${signal}` : `exit status ${code}`;
        return finish(new EngineError({ code: 'CONFIG', message: `${program} get failed (${status})${quote(err || out)}` }));
      }
      try {
        finish(undefined, toRegistryAuth(out, serverUrl));
      } catch (error) {
        finish(error instanceof EngineError ? error : new EngineError({ code: 'CONFIG', message: String(error) }));
      }
    });
  });

  function toRegistryAuth(out: string, server: string): RegistryAuth | undefined {
    let parsed: unknown;
    try {
      parsed = JSON.parse(out) as unknown;
    } catch {
      // Not quoted: a half-written answer may hold the secret.
      throw new EngineError({ code: 'CONFIG', message: `${program} get returned output that is not JSON` });
    }
    if (typeof parsed !== 'object' || parsed === null) {
      throw new EngineError({ code: 'CONFIG', message: `${program} get returned unexpected output` });
    }
    const fields = parsed as Record<string, unknown>;
    const username = typeof fields.Username === 'string' ? fields.Username : '';
    const secret = typeof fields.Secret === 'string' ? fields.Secret : '';
    // `pass` and some others answer "not found" with empty fields and exit 0.
    if (username === '' && secret === '') return undefined;
    if (username === TOKEN_USER) return { serveraddress: server, identitytoken: secret };
    return { serveraddress: server, username, password: secret };
  }
}

/**
 * The helper's own words for a failure, e.g. "exit status 1: error getting credentials".
 * Omitted when it looks like the JSON answer, which would carry the secret.
 */
function quote(text: string): string {
  if (text === '' || text.includes('{') || /secret/i.test(text)) return '';
  const line = text.split('\n')[0] ?? '';
  return `: ${line.length > 200 ? `${line.slice(0, 200)}…` : line}`;
}

function formatSeconds(ms: number): string {
  return ms % 1000 === 0 ? `${ms / 1000} s` : `${ms} ms`;
}
