/**
 * RunOptions checked as a whole and turned into the create request's pieces (see
 * engine-api-notes-wave2.md §6 for each mapping). What needs the disk or berth's environment
 * (--env-file, a bare `-e K`) is left as `env` for the command to resolve with resolveEnv.
 */
import type { Checked } from '../validation.ts';
import { checkContainerName } from '../validation.ts';
import { checkCpus, checkEnv, checkLabel, checkMemory, checkMount, checkPublish, checkRestart, checkVolume, checkWord, checkWorkdir, type MountSpec, type RestartPolicy } from './checks.ts';
import type { ListOption, RunOptions, TextOption } from './options.ts';

export interface CreateExtras {
  /** Added to the create body's top level. */
  config: {
    ExposedPorts?: Record<string, Record<string, never>>;
    Volumes?: Record<string, Record<string, never>>;
    Labels?: Record<string, string>;
    WorkingDir?: string;
    User?: string;
    Entrypoint?: string[];
    Hostname?: string;
    OpenStdin?: boolean;
  };
  hostConfig: {
    PortBindings?: Record<string, { HostIp: string; HostPort: string }[]>;
    PublishAllPorts?: boolean;
    Binds?: string[];
    Mounts?: MountSpec[];
    AutoRemove?: boolean;
    RestartPolicy?: RestartPolicy;
    NetworkMode?: string;
    /** `--pid container:ID` (the debug shell's): another container's processes. */
    PidMode?: string;
    CapAdd?: string[];
    Memory?: number;
    NanoCpus?: number;
  };
  /** `-e` entries as given, and the env files to read first (resolveEnv). */
  env: readonly string[];
  envFiles: readonly string[];
}

export type OptionErrors = Partial<Record<TextOption | ListOption, string>>;

function eachOf<T>(entries: readonly string[], check: (entry: string) => Checked<T>): Checked<T[]> {
  const out: T[] = [];
  for (const entry of entries) {
    const checked = check(entry);
    if (!checked.ok) return checked;
    out.push(checked.value);
  }
  return { ok: true, value: out };
}

/** Every option checked; the first problem of each is in `errors`, and `extras` only when there is none. */
export function checkRunOptions(options: RunOptions): { errors: OptionErrors; extras?: CreateExtras } {
  const errors: OptionErrors = {};
  const take = <T,>(key: TextOption | ListOption, checked: Checked<T>): T | undefined => {
    if (checked.ok) return checked.value;
    errors[key] ??= checked.message;
    return undefined;
  };
  take('name', checkContainerName(options.name));
  const ports = take('publish', eachOf(options.publish, checkPublish));
  take('env', eachOf(options.env, checkEnv));
  take('envFile', eachOf(options.envFile, (file) => (file.trim() === '' ? { ok: false, message: 'an env file needs a path' } : { ok: true, value: file })));
  const volumes = take('volume', eachOf(options.volume, checkVolume));
  const mounts = take('mount', eachOf(options.mount, checkMount));
  const labels = take('label', eachOf(options.label, checkLabel));
  const restart = take('restart', checkRestart(options.restart, options.rm));
  const network = take('network', checkWord('network', options.network));
  const workdir = take('workdir', checkWorkdir(options.workdir));
  const user = take('user', checkWord('user', options.user));
  const entrypoint = take('entrypoint', checkWord('entrypoint', options.entrypoint));
  const hostname = take('hostname', checkWord('hostname', options.hostname));
  const memory = take('memory', checkMemory(options.memory));
  const cpus = take('cpus', checkCpus(options.cpus));
  if (Object.keys(errors).length > 0) return { errors };

  const bindings: Record<string, { HostIp: string; HostPort: string }[]> = {};
  for (const binding of (ports ?? []).flat()) (bindings[binding.key] ??= []).push({ HostIp: binding.hostIp, HostPort: binding.hostPort });
  const exposed = Object.fromEntries(Object.keys(bindings).map((key) => [key, {}]));
  const binds = (volumes ?? []).flatMap((v) => (v.kind === 'bind' ? [v.spec] : []));
  const anonymous = (volumes ?? []).flatMap((v) => (v.kind === 'anonymous' ? [[v.target, {}] as const] : []));
  const extras: CreateExtras = {
    config: {
      ...(Object.keys(exposed).length > 0 && { ExposedPorts: exposed }),
      ...(anonymous.length > 0 && { Volumes: Object.fromEntries(anonymous) }),
      ...(labels && labels.length > 0 && { Labels: Object.fromEntries(labels) }),
      ...(workdir && { WorkingDir: workdir }),
      ...(user && { User: user }),
      // Not shell-split, as the CLI: --entrypoint "a b" runs a program called "a b".
      ...(entrypoint && { Entrypoint: [entrypoint] }),
      ...(hostname && { Hostname: hostname }),
      ...(options.interactive && { OpenStdin: true }),
    },
    hostConfig: {
      ...(Object.keys(bindings).length > 0 && { PortBindings: bindings }),
      ...(options.publishAll && { PublishAllPorts: true }),
      ...(binds.length > 0 && { Binds: binds }),
      ...(mounts && mounts.length > 0 && { Mounts: mounts }),
      ...(options.rm && { AutoRemove: true }),
      ...(restart && { RestartPolicy: restart }),
      ...(network && { NetworkMode: network }),
      ...(memory !== undefined && { Memory: memory }),
      ...(cpus !== undefined && { NanoCpus: cpus }),
    },
    env: options.env,
    envFiles: options.envFile,
  };
  return { errors, extras };
}

/**
 * An env file as the CLI reads it (cli opts/file.go): whitespace before a line is dropped; blank
 * lines and `#` lines are skipped; a line splits at its first `=` and the value is kept verbatim,
 * quotes and all; a name alone is taken from the environment (and left out when unset there).
 */
export function parseEnvFile(path: string, text: string, lookup: (name: string) => string | undefined): Checked<string[]> {
  const out: string[] = [];
  const lines = text.split(/\r?\n/);
  for (let i = 0; i < lines.length; i++) {
    const line = (lines[i] ?? '').trimStart();
    if (line === '' || line.startsWith('#')) continue;
    const eq = line.indexOf('=');
    const name = eq < 0 ? line : line.slice(0, eq);
    if (name === '') return { ok: false, message: `${path}: no variable name on line ${i + 1}: '${line}'` };
    if (/\s/.test(name)) return { ok: false, message: `${path}: variable '${name}' contains whitespaces` };
    if (eq >= 0) out.push(line);
    else {
      const value = lookup(name);
      if (value !== undefined) out.push(`${name}=${value}`);
    }
  }
  return { ok: true, value: out };
}

/** The env files' entries first, then `-e` (which wins); a bare `-e K` takes K from `lookup`, or stays unset. */
export function resolveEnv(files: readonly string[], entries: readonly string[], lookup: (name: string) => string | undefined): string[] {
  return [...files, ...entries.flatMap((entry) => (entry.includes('=') ? [entry] : lookup(entry) === undefined ? [] : [`${entry}=${lookup(entry) ?? ''}`]))];
}
