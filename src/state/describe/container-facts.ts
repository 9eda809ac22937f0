/**
 * A container as the describe and health views read it: the fields of its inspect that say what
 * it is, in plain shapes (every engine field is optional: Docker versions and Podman differ, and a
 * missing one reads as absent, never a crash). Pure: the engine's answer in, facts out. Engine
 * strings stay as sent; the app sanitises what it draws.
 */
import type { ContainerInspect } from '../../engine/types.ts';

export interface PortFact {
  /** `80/tcp`, as the engine keys it. */
  port: string;
  /** Where it is published on the engine's host; none: exposed only. */
  published: ReadonlyArray<{ ip: string; port: string }>;
}

export interface MountFact {
  type: string;
  /** A volume's name (a bind has none). */
  name?: string;
  source?: string;
  destination: string;
  readWrite: boolean;
}

export interface NetworkFact {
  name: string;
  id?: string;
  ip?: string;
  ip6?: string;
  aliases: readonly string[];
}

export interface HealthProbe {
  start?: string;
  end?: string;
  exitCode?: number;
  output?: string;
}

export interface HealthFacts {
  /** The check's test as the engine keeps it: `["CMD", argv…]`, `["CMD-SHELL", line]` or `["NONE"]`. */
  test: readonly string[];
  /** Nanoseconds, as the engine keeps them; 0 or absent: the engine's default. */
  intervalNs?: number;
  timeoutNs?: number;
  startPeriodNs?: number;
  retries?: number;
  /** starting, healthy, unhealthy (absent before the engine says). */
  status?: string;
  failingStreak?: number;
  /** The last probes, oldest first, as State.Health.Log holds them. */
  log: readonly HealthProbe[];
}

export interface ContainerFacts {
  id: string;
  name: string;
  /** What it was created from (`Config.Image`) and the image's id. */
  image: string;
  imageId?: string;
  /** The process it runs: entrypoint and arguments. */
  command: readonly string[];
  state: { status: string; exitCode?: number; startedAt?: string; finishedAt?: string; error?: string; oomKilled: boolean };
  restarts: number;
  env: ReadonlyArray<{ key: string; value: string }>;
  ports: readonly PortFact[];
  mounts: readonly MountFact[];
  networkMode?: string;
  networks: readonly NetworkFact[];
  limits: { memory?: number; memorySwap?: number; nanoCpus?: number; cpuShares?: number; cpuQuota?: number; cpuPeriod?: number; cpusetCpus?: string; pidsLimit?: number };
  restartPolicy: { name: string; maxRetries?: number };
  health?: HealthFacts;
  /** The shell a `CMD-SHELL` check runs through (`Config.Shell`; absent: `/bin/sh -c`). */
  shell?: readonly string[];
  labels: Readonly<Record<string, string>>;
  links: readonly string[];
}

type Json = Record<string, unknown>;

function obj(value: unknown): Json | undefined {
  return typeof value === 'object' && value !== null && !Array.isArray(value) ? (value as Json) : undefined;
}
function str(value: unknown): string | undefined {
  return typeof value === 'string' ? value : undefined;
}
function num(value: unknown): number | undefined {
  return typeof value === 'number' && Number.isFinite(value) ? value : undefined;
}
function strs(value: unknown): string[] {
  return Array.isArray(value) ? value.filter((v): v is string => typeof v === 'string') : [];
}
/** A positive number, else undefined: engines write 0 for "not set". */
function set(value: unknown): number | undefined {
  const n = num(value);
  return n !== undefined && n > 0 ? n : undefined;
}

function healthOf(config: Json | undefined, state: Json | undefined): HealthFacts | undefined {
  const check = obj(config?.Healthcheck);
  const health = obj(state?.Health);
  const test = strs(check?.Test);
  if ((test.length === 0 || test[0] === 'NONE') && !health) return undefined;
  const log = Array.isArray(health?.Log) ? health.Log.map(obj).filter((p): p is Json => p !== undefined) : [];
  return {
    test,
    intervalNs: set(check?.Interval),
    timeoutNs: set(check?.Timeout),
    startPeriodNs: set(check?.StartPeriod),
    retries: set(check?.Retries),
    status: str(health?.Status),
    failingStreak: num(health?.FailingStreak),
    log: log.map((p) => ({ start: str(p.Start), end: str(p.End), exitCode: num(p.ExitCode), output: str(p.Output) })),
  };
}

function portsOf(config: Json | undefined, settings: Json | undefined): PortFact[] {
  const published = obj(settings?.Ports) ?? {};
  const keys = new Set([...Object.keys(obj(config?.ExposedPorts) ?? {}), ...Object.keys(published)]);
  return [...keys]
    .sort((a, b) => parseInt(a, 10) - parseInt(b, 10) || a.localeCompare(b))
    .map((port) => {
      const bindings = Array.isArray(published[port]) ? (published[port] as unknown[]).map(obj).filter((b): b is Json => b !== undefined) : [];
      return { port, published: bindings.map((b) => ({ ip: str(b.HostIp) ?? '', port: str(b.HostPort) ?? '' })).filter((b) => b.port !== '') };
    });
}

function networksOf(settings: Json | undefined): NetworkFact[] {
  const networks = obj(settings?.Networks) ?? {};
  return Object.entries(networks).map(([name, value]) => {
    const n = obj(value);
    return { name, id: str(n?.NetworkID) || undefined, ip: str(n?.IPAddress) || undefined, ip6: str(n?.GlobalIPv6Address) || undefined, aliases: strs(n?.Aliases) };
  });
}

/** What berth shows of a container, from its inspect. */
export function containerFacts(inspect: ContainerInspect): ContainerFacts {
  const raw = inspect as unknown as Json;
  const config = obj(raw.Config);
  const host = obj(raw.HostConfig);
  const state = obj(raw.State);
  const settings = obj(raw.NetworkSettings);
  const restart = obj(host?.RestartPolicy);
  const path = str(raw.Path);
  const command = path ? [path, ...strs(raw.Args)] : [...strs(config?.Entrypoint), ...strs(config?.Cmd)];
  const mounts = Array.isArray(raw.Mounts) ? raw.Mounts.map(obj).filter((m): m is Json => m !== undefined) : [];
  return {
    id: inspect.Id,
    name: (inspect.Name ?? '').replace(/^\//, ''),
    image: str(config?.Image) ?? inspect.Image ?? '',
    imageId: inspect.Image,
    command,
    state: {
      status: str(state?.Status) ?? '',
      exitCode: num(state?.ExitCode),
      startedAt: str(state?.StartedAt),
      finishedAt: str(state?.FinishedAt),
      error: str(state?.Error) || undefined,
      oomKilled: state?.OOMKilled === true,
    },
    restarts: num(raw.RestartCount) ?? 0,
    env: strs(config?.Env).map((line) => {
      const at = line.indexOf('=');
      return at < 0 ? { key: line, value: '' } : { key: line.slice(0, at), value: line.slice(at + 1) };
    }),
    ports: portsOf(config, settings),
    mounts: mounts.map((m) => ({ type: str(m.Type) ?? '', name: str(m.Name) || undefined, source: str(m.Source) || undefined, destination: str(m.Destination) ?? '', readWrite: m.RW !== false })),
    networkMode: str(host?.NetworkMode),
    networks: networksOf(settings),
    limits: {
      memory: set(host?.Memory),
      memorySwap: set(host?.MemorySwap),
      nanoCpus: set(host?.NanoCpus),
      cpuShares: set(host?.CpuShares),
      cpuQuota: set(host?.CpuQuota),
      cpuPeriod: set(host?.CpuPeriod),
      cpusetCpus: str(host?.CpusetCpus) || undefined,
      pidsLimit: set(host?.PidsLimit),
    },
    restartPolicy: { name: str(restart?.Name) || 'no', maxRetries: set(restart?.MaximumRetryCount) },
    health: healthOf(config, state),
    shell: strs(config?.Shell).length > 0 ? strs(config?.Shell) : undefined,
    labels: Object.fromEntries(Object.entries(obj(config?.Labels) ?? {}).flatMap(([k, v]) => (typeof v === 'string' ? [[k, v]] : []))),
    links: strs(host?.Links),
  };
}
