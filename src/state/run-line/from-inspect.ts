/**
 * A container's inspect read back into the run form's options: the inverse of create-body.ts,
 * for "edit and recreate". What the image itself sets (its Env, Cmd, Entrypoint, Labels,
 * ExposedPorts, WorkingDir, User) is left out, as `docker run` would not have written it: the
 * new container then takes the (maybe updated) image's defaults instead of freezing the old
 * ones. Anonymous volumes come back as `-v <volume>:<path>`, so the new container reuses them as
 * compose does. What the form cannot say is named in `notRebuilt` (as the paste path names
 * flags it leaves out), never dropped silently.
 */
import { VOLUME_MODES } from './checks.ts';
import { emptyOptions, type RunOptions } from './options.ts';

/** The parts of a container's inspect this reads (every field optional: engines differ). */
export interface InspectForRun {
  Id?: string;
  Name?: string;
  Config?: {
    Image?: string;
    Cmd?: readonly string[] | null;
    Entrypoint?: readonly string[] | string | null;
    Env?: readonly string[] | null;
    Labels?: Readonly<Record<string, string>> | null;
    WorkingDir?: string;
    User?: string;
    Hostname?: string;
    Domainname?: string;
    Tty?: boolean;
    OpenStdin?: boolean;
    StopSignal?: string;
    StopTimeout?: number | null;
    Healthcheck?: unknown;
    ExposedPorts?: Readonly<Record<string, unknown>> | null;
  } | null;
  HostConfig?: {
    Binds?: readonly string[] | null;
    Mounts?: readonly { Type?: string; Source?: string; Target?: string; ReadOnly?: boolean }[] | null;
    PortBindings?: Readonly<Record<string, readonly { HostIp?: string; HostPort?: string }[] | null>> | null;
    PublishAllPorts?: boolean;
    RestartPolicy?: { Name?: string; MaximumRetryCount?: number } | null;
    AutoRemove?: boolean;
    NetworkMode?: string;
    Memory?: number;
    NanoCpus?: number;
    Privileged?: boolean;
    CapAdd?: readonly string[] | null;
    CapDrop?: readonly string[] | null;
    Devices?: readonly unknown[] | null;
    Dns?: readonly string[] | null;
    ExtraHosts?: readonly string[] | null;
    SecurityOpt?: readonly string[] | null;
    Sysctls?: Readonly<Record<string, string>> | null;
    Tmpfs?: Readonly<Record<string, string>> | null;
    Ulimits?: readonly unknown[] | null;
    ReadonlyRootfs?: boolean;
    Init?: boolean | null;
    Links?: readonly string[] | null;
    PidMode?: string;
    IpcMode?: string;
    CpuShares?: number;
    PidsLimit?: number | null;
    LogConfig?: { Type?: string; Config?: Readonly<Record<string, string>> | null } | null;
  } | null;
  Mounts?: readonly { Type?: string; Name?: string; Source?: string; Destination?: string }[] | null;
  NetworkSettings?: { Networks?: Readonly<Record<string, unknown>> | null } | null;
}

/** The parts of the image's inspect that say what the image sets itself. */
export interface ImageForRun {
  Config?: {
    Cmd?: readonly string[] | null;
    Entrypoint?: readonly string[] | string | null;
    Env?: readonly string[] | null;
    Labels?: Readonly<Record<string, string>> | null;
    ExposedPorts?: Readonly<Record<string, unknown>> | null;
    WorkingDir?: string;
    User?: string;
    StopSignal?: string;
    Healthcheck?: unknown;
  } | null;
}

export interface RunFromInspect {
  options: RunOptions;
  /** What the container has that the form cannot rebuild, as the flags that set it. */
  notRebuilt: readonly string[];
}

const list = <T,>(value: readonly T[] | string | null | undefined): readonly T[] => (Array.isArray(value) ? (value as readonly T[]) : []);
const sameList = (a: readonly string[], b: readonly string[]) => a.length === b.length && a.every((v, i) => v === b[i]);
const entrypointOf = (value: readonly string[] | string | null | undefined): readonly string[] => (typeof value === 'string' ? (value === '' ? [] : [value]) : list<string>(value));

/** `80/tcp` + `{ HostIp, HostPort }` → `-p` as a person writes it. */
function publishOf(key: string, binding: { HostIp?: string; HostPort?: string }): string {
  const [port = key, proto = 'tcp'] = key.split('/');
  const container = proto === 'tcp' ? port : `${port}/${proto}`;
  const ip = binding.HostIp ?? '';
  const host = binding.HostPort ?? '';
  const hostIp = ip === '' ? '' : ip.includes(':') ? `[${ip}]` : ip;
  if (hostIp !== '') return `${hostIp}:${host}:${container}`;
  return host === '' ? container : `${host}:${container}`;
}

/**
 * A bind as `-v` takes it: Podman writes the mount options it applied (`rw,rprivate,nosuid,
 * nodev,rbind`), which `-v` does not take; only the modes `-v` knows are kept, the defaults
 * (rw, rprivate) left out.
 */
function bindAsTyped(bind: string): string {
  const parts = bind.split(':');
  if (parts.length < 3) return bind;
  const modes = (parts[2] ?? '').split(',').filter((m) => VOLUME_MODES.has(m) && m !== 'rw' && m !== 'rprivate');
  return modes.length > 0 ? `${parts[0]}:${parts[1]}:${modes.join(',')}` : `${parts[0]}:${parts[1]}`;
}

/** Bytes as `-m` takes them: the largest unit that divides them. */
export function bytesOption(bytes: number): string {
  for (const [unit, size] of [['g', 1024 ** 3], ['m', 1024 ** 2], ['k', 1024]] as const) if (bytes % size === 0) return `${bytes / size}${unit}`;
  return `${bytes}b`;
}

function mountOf(mount: { Type?: string; Source?: string; Target?: string; ReadOnly?: boolean }): string {
  const parts = [`type=${mount.Type ?? 'volume'}`];
  if (mount.Source) parts.push(`source=${mount.Source}`);
  parts.push(`target=${mount.Target ?? ''}`);
  if (mount.ReadOnly) parts.push('readonly');
  return parts.join(',');
}

/**
 * What the engines add to every container's environment (Docker: a PATH when the image has
 * none, TERM with a TTY; Podman also `container`, HOME and HOSTNAME).
 */
const ENGINE_ENV = ['PATH=/usr/local/sbin:/usr/local/bin:/usr/sbin:/usr/bin:/sbin:/bin', 'TERM=xterm', 'container=podman', 'HOME=/root'];

/** Networks the engine calls the default one (Docker: bridge; Podman: also its rootless kinds). */
const DEFAULT_NETWORKS = new Set(['', 'default', 'bridge', 'slirp4netns', 'pasta', 'podman']);

export function runOptionsFromInspect(container: InspectForRun, image: ImageForRun): RunFromInspect {
  const config = container.Config ?? {};
  const host = container.HostConfig ?? {};
  const own = image.Config ?? {};
  const notRebuilt: string[] = [];
  const note = (flag: string, when: unknown) => {
    if (when && !notRebuilt.includes(flag)) notRebuilt.push(flag);
  };

  // The engine's own additions too (it adds them again to the new container).
  const imageEnv = new Set([...list<string>(own.Env), ...ENGINE_ENV, ...(config.Hostname ? [`HOSTNAME=${config.Hostname}`] : [])]);
  const env = list<string>(config.Env).filter((entry) => !imageEnv.has(entry));
  const imageLabels = own.Labels ?? {};
  const label = Object.entries(config.Labels ?? {})
    .filter(([k, v]) => imageLabels[k] !== v)
    .map(([k, v]) => (v === '' ? k : `${k}=${v}`));

  // --entrypoint takes one word; its other words go before the command, as they would run.
  const entry = entrypointOf(config.Entrypoint);
  const ownEntry = entrypointOf(own.Entrypoint);
  const entryChanged = !sameList(entry, ownEntry);
  const cmd = list<string>(config.Cmd);
  const cmdChanged = entryChanged || !sameList(cmd, list<string>(own.Cmd));
  const entrypoint = entryChanged ? (entry[0] ?? '') : '';
  const command = cmdChanged ? [...(entryChanged ? entry.slice(1) : []), ...cmd] : [];
  // An entrypoint reset to nothing (`--entrypoint ''`) cannot be typed in the form.
  note('--entrypoint', entryChanged && entry.length === 0);

  const publish: string[] = [];
  for (const [key, bindings] of Object.entries(host.PortBindings ?? {})) for (const binding of bindings ?? []) publish.push(publishOf(key, binding));

  const binds = list<string>(host.Binds).map(bindAsTyped);
  const mounts = (host.Mounts ?? []).map(mountOf);
  // Volumes neither -v nor --mount named: the image's VOLUMEs or `-v /path`. Reused by name.
  const named = new Set([...binds.map((b) => b.split(':')[1]), ...(host.Mounts ?? []).map((m) => m.Target)]);
  const anonymous = (container.Mounts ?? []).filter((m) => m.Type === 'volume' && m.Name && m.Destination && !named.has(m.Destination)).map((m) => `${m.Name}:${m.Destination}`);

  const policy = host.RestartPolicy?.Name ?? '';
  const restart = policy === '' || policy === 'no' ? '' : policy === 'on-failure' && (host.RestartPolicy?.MaximumRetryCount ?? 0) > 0 ? `on-failure:${host.RestartPolicy?.MaximumRetryCount ?? 0}` : policy;

  const mode = host.NetworkMode ?? '';
  const network = DEFAULT_NETWORKS.has(mode) ? '' : mode;
  const networks = Object.keys(container.NetworkSettings?.Networks ?? {});
  note('--network (a second network)', networks.length > 1);

  // The engine names a container's host after its short id unless -h said otherwise.
  const hostname = config.Hostname && container.Id && !container.Id.startsWith(config.Hostname) ? config.Hostname : '';

  const ownPorts = own.ExposedPorts ?? {};
  const bound = host.PortBindings ?? {};
  note('--expose', Object.keys(config.ExposedPorts ?? {}).some((port) => !(port in ownPorts) && !(port in bound)));
  note('--privileged', host.Privileged);
  note('--cap-add', list(host.CapAdd).length > 0);
  note('--cap-drop', list(host.CapDrop).length > 0);
  note('--device', list(host.Devices).length > 0);
  note('--dns', list(host.Dns).length > 0);
  note('--add-host', list(host.ExtraHosts).length > 0);
  note('--security-opt', list(host.SecurityOpt).filter((o) => !o.startsWith('label=disable') && o !== 'no-new-privileges=false').length > 0);
  note('--sysctl', Object.keys(host.Sysctls ?? {}).length > 0);
  note('--tmpfs', Object.keys(host.Tmpfs ?? {}).length > 0);
  note('--ulimit', list(host.Ulimits).length > 0);
  note('--read-only', host.ReadonlyRootfs);
  note('--init', host.Init);
  note('--link', list(host.Links).length > 0);
  note('--pid', host.PidMode !== undefined && host.PidMode !== '' && host.PidMode !== 'private');
  note('--cpu-shares', (host.CpuShares ?? 0) > 0);
  note('--pids-limit', (host.PidsLimit ?? 0) > 0);
  note('--log-opt', Object.keys(host.LogConfig?.Config ?? {}).length > 0);
  note('--domainname', config.Domainname);
  note('--stop-signal', config.StopSignal !== undefined && config.StopSignal !== '' && config.StopSignal !== (own.StopSignal ?? config.StopSignal) && config.StopSignal !== 'SIGTERM' && config.StopSignal !== '15');
  // Docker leaves it out unless asked; Podman always says 0 or its default 10.
  note('--stop-timeout', (config.StopTimeout ?? 0) > 0 && config.StopTimeout !== 10);
  note('--health-cmd', config.Healthcheck !== undefined && config.Healthcheck !== null && JSON.stringify(config.Healthcheck) !== JSON.stringify(own.Healthcheck ?? null));

  const options: RunOptions = {
    ...emptyOptions(config.Image ?? ''),
    command,
    name: (container.Name ?? '').replace(/^\//, ''),
    // A recreated container runs in the background, as the one it replaces did.
    detach: true,
    tty: config.Tty === true,
    interactive: config.OpenStdin === true,
    rm: host.AutoRemove === true,
    publishAll: host.PublishAllPorts === true,
    publish,
    env,
    volume: [...binds, ...anonymous],
    mount: mounts,
    label,
    restart,
    network,
    // Podman says `/` where the image sets none.
    workdir: config.WorkingDir && config.WorkingDir !== own.WorkingDir && !(config.WorkingDir === '/' && !own.WorkingDir) ? config.WorkingDir : '',
    user: config.User && config.User !== own.User ? config.User : '',
    entrypoint,
    hostname,
    memory: (host.Memory ?? 0) > 0 ? bytesOption(host.Memory ?? 0) : '',
    cpus: (host.NanoCpus ?? 0) > 0 ? String((host.NanoCpus ?? 0) / 1e9) : '',
  };
  return { options, notRebuilt };
}
