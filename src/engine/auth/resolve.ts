/**
 * Finds the credentials for pulling an image the way the docker CLI would, and says where
 * they came from so the UI can show "using credentials from docker-credential-pass".
 *
 * Order: a per-registry `credHelpers` entry, then an `auths` entry that holds a credential,
 * then the `credsStore` helper, else anonymous. (The Go CLI asks `credsStore` before
 * `auths`; `auths` first means hand-written or CI-provided credentials are used without
 * starting a helper that may prompt. When a store is in use, its `auths` entries are `{}`
 * placeholders, which are skipped, so both orders agree in the usual setups.)
 */
import { sep } from 'node:path';
import { EngineError } from '../errors.ts';
import { readDockerConfig, type AuthEntry } from './config-file.ts';
import { runCredentialHelper } from './credential-helper.ts';
import type { RegistryAuth } from './header.ts';
import { authConfigKey, hostnameOfKey, registryHostOf } from './registry-host.ts';

export type CredentialSource = 'config-file' | 'credential-helper' | 'anonymous';

export interface CredentialResolution {
  source: CredentialSource;
  /** For people: "from ~/.docker/config.json", "from docker-credential-pass", "anonymous". */
  description: string;
  auth?: RegistryAuth;
}

export type HelperRunner = (name: string, serverUrl: string) => Promise<RegistryAuth | undefined>;

export interface ResolveCredentialsOptions {
  env: NodeJS.ProcessEnv;
  homedir: string;
  /** Replaces running `docker-credential-*` binaries; for tests. */
  helperRunner?: HelperRunner;
}

export async function resolveCredentials(imageRef: string, opts: ResolveCredentialsOptions): Promise<CredentialResolution> {
  const host = registryHostOf(imageRef);
  const key = authConfigKey(host);
  const file = await readDockerConfig(opts);
  const { config } = file;
  const runHelper: HelperRunner = opts.helperRunner ?? ((name, url) => runCredentialHelper(name, url, { env: opts.env }));

  const fromHelper = async (name: string): Promise<CredentialResolution> => {
    const program = `docker-credential-${name}`;
    const auth = await runHelper(name, key);
    if (!auth) return { source: 'anonymous', description: `anonymous (${program} has no credentials for ${host})` };
    return { source: 'credential-helper', description: `from ${program}`, auth };
  };

  const helper = lookup(config.credHelpers, key, () => true);
  if (helper !== undefined) return fromHelper(helper);

  const matched = lookupEntry(config.auths, key);
  if (matched) {
    return {
      source: 'config-file',
      description: `from ${displayPath(file.path, opts.homedir)}`,
      auth: authFromEntry(matched.entry, key, matched.key, file.path),
    };
  }

  if (config.credsStore !== undefined) return fromHelper(config.credsStore);
  return { source: 'anonymous', description: 'anonymous' };
}

/** An `auths` entry that holds a credential; `{}` placeholders left by credential stores do not. */
function lookupEntry(auths: Record<string, AuthEntry>, key: string): { key: string; entry: AuthEntry } | undefined {
  const hasCredential = (entry: AuthEntry) => entry.auth !== undefined || entry.identitytoken !== undefined;
  const found = lookupKey(auths, key, hasCredential);
  return found === undefined ? undefined : { key: found, entry: auths[found]! };
}

function lookup<T>(record: Record<string, T>, key: string, accept: (value: T) => boolean): T | undefined {
  const found = lookupKey(record, key, accept);
  return found === undefined ? undefined : record[found];
}

/** The exact key first, then any key naming the same host ("https://host:5000/v1/" for "host:5000"). */
function lookupKey<T>(record: Record<string, T>, key: string, accept: (value: T) => boolean): string | undefined {
  if (Object.hasOwn(record, key) && accept(record[key]!)) return key;
  const host = hostnameOfKey(key);
  return Object.keys(record).find((candidate) => hostnameOfKey(candidate) === host && accept(record[candidate]!));
}

/** `auth` is standard base64 of `user:password`, split on the first `:`. */
function authFromEntry(entry: AuthEntry, serveraddress: string, configKey: string, path: string): RegistryAuth {
  const auth: RegistryAuth = { serveraddress };
  if (entry.auth !== undefined) {
    const decoded = /^[A-Za-z0-9+/]*={0,2}$/.test(entry.auth) ? Buffer.from(entry.auth, 'base64').toString('utf8') : '';
    const colon = decoded.indexOf(':');
    if (colon <= 0) {
      // Never quote the value: it is the password.
      throw new EngineError({
        code: 'CONFIG',
        message: `${path}: the "auth" value for "${configKey}" is not base64 of user:password`,
        hint: `run docker login ${serveraddress === authConfigKey('docker.io') ? '' : hostnameOfKey(serveraddress)}`.trimEnd(),
      });
    }
    auth.username = decoded.slice(0, colon);
    // The CLI trims NULs that some tools pad the password with.
    const password = decoded.slice(colon + 1).replace(/^\0+|\0+$/g, '');
    if (password !== '') auth.password = password;
  }
  if (entry.identitytoken !== undefined) auth.identitytoken = entry.identitytoken;
  return auth;
}

/** "~/.docker/config.json" for files under the home directory, so the UI line stays short. */
function displayPath(path: string, homedir: string): string {
  const home = homedir.endsWith(sep) ? homedir.slice(0, -1) : homedir;
  return home !== '' && path.startsWith(`${home}${sep}`) ? `~${path.slice(home.length)}` : path;
}
