/**
 * The parts of the docker CLI's `config.json` that berth reads. A missing file is normal
 * (nobody has logged in) and reads as an empty config; a file we cannot parse is an error,
 * because silently pulling anonymously would hide the cause of a later "access denied".
 */
import { fsPromises } from '../fs-later.ts';
import { join } from 'node:path';
import { EngineError } from '../errors.ts';

/** One `auths` entry. Only these fields matter: the CLI derives user and password from `auth`. */
export interface AuthEntry {
  /** Standard base64 of `user:password`. */
  auth?: string;
  identitytoken?: string;
}

export interface DockerConfig {
  auths: Record<string, AuthEntry>;
  /** The default credential helper suffix, e.g. "desktop", "pass". */
  credsStore?: string;
  /** Per-registry helper suffixes; these win over `credsStore`. */
  credHelpers: Record<string, string>;
  /** The docker context selected with `docker context use`. */
  currentContext?: string;
}

export interface DockerConfigFile {
  path: string;
  /** False when there is no file; `config` is then empty. */
  exists: boolean;
  config: DockerConfig;
}

export interface DockerConfigLocation {
  env: NodeJS.ProcessEnv;
  homedir: string;
}

/** `$DOCKER_CONFIG`, else `~/.docker`: also where the CLI keeps contexts. */
export function dockerConfigDir({ env, homedir }: DockerConfigLocation): string {
  return env.DOCKER_CONFIG ? env.DOCKER_CONFIG : join(homedir, '.docker');
}

export async function readDockerConfig(location: DockerConfigLocation): Promise<DockerConfigFile> {
  const path = join(dockerConfigDir(location), 'config.json');
  let text: string;
  try {
    text = await fsPromises().readFile(path, 'utf8');
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    if (code === 'ENOENT' || code === 'ENOTDIR') return { path, exists: false, config: { auths: {}, credHelpers: {} } };
    throw new EngineError({
      code: 'CONFIG',
      message: `cannot read ${path}${code ? ` (${code})` : ''}`,
      cause: error,
    });
  }
  return { path, exists: true, config: parseDockerConfig(text, path) };
}

/** Parses config.json text; `path` only names the file in errors. Never echoes values: they may be secrets. */
export function parseDockerConfig(text: string, path: string): DockerConfig {
  let raw: unknown;
  try {
    // An empty file is what some tools leave behind; the CLI treats it as no config too.
    raw = text.trim() === '' ? {} : (JSON.parse(text) as unknown);
  } catch (error) {
    // No `cause`: V8's SyntaxError quotes the text around the fault, which may be a password.
    throw new EngineError({
      code: 'CONFIG',
      message: `${path} is not valid JSON${whereIn(text, error)}`,
      hint: 'fix or remove the file; docker login rewrites it',
    });
  }
  if (!isObject(raw)) throw badField(path, 'the top level', 'an object');

  const config: DockerConfig = { auths: {}, credHelpers: {} };
  if (raw.auths !== undefined && raw.auths !== null) {
    if (!isObject(raw.auths)) throw badField(path, '"auths"', 'an object');
    for (const [key, entry] of Object.entries(raw.auths)) {
      if (key === '__proto__') continue; // would replace the record's prototype, not add a key
      if (!isObject(entry)) throw badField(path, `"auths" entry "${key}"`, 'an object');
      const parsed: AuthEntry = {};
      if (typeof entry.auth === 'string' && entry.auth !== '') parsed.auth = entry.auth;
      if (typeof entry.identitytoken === 'string' && entry.identitytoken !== '') parsed.identitytoken = entry.identitytoken;
      config.auths[key] = parsed;
    }
  }
  if (raw.credHelpers !== undefined && raw.credHelpers !== null) {
    if (!isObject(raw.credHelpers)) throw badField(path, '"credHelpers"', 'an object');
    for (const [key, helper] of Object.entries(raw.credHelpers)) {
      if (key === '__proto__') continue;
      if (typeof helper !== 'string') throw badField(path, `"credHelpers" entry "${key}"`, 'a string');
      if (helper !== '') config.credHelpers[key] = helper;
    }
  }
  if (raw.credsStore !== undefined && raw.credsStore !== null) {
    if (typeof raw.credsStore !== 'string') throw badField(path, '"credsStore"', 'a string');
    if (raw.credsStore !== '') config.credsStore = raw.credsStore;
  }
  if (typeof raw.currentContext === 'string' && raw.currentContext !== '') config.currentContext = raw.currentContext;
  return config;
}

/** " (line L, column C)" from the SyntaxError's position, or nothing if it gave none. */
function whereIn(text: string, error: unknown): string {
  const match = error instanceof SyntaxError ? /position (\d+)/.exec(error.message) : null;
  if (!match) return '';
  const before = text.slice(0, Number(match[1])).split('\n');
  return ` (line ${before.length}, column ${(before.at(-1)?.length ?? 0) + 1})`;
}

function badField(path: string, field: string, expected: string): EngineError {
  return new EngineError({ code: 'CONFIG', message: `${path}: ${field} must be ${expected}` });
}

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}
