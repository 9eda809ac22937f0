/**
 * Each run option checked as the docker CLI checks it before it sends anything (cli
 * opts/*.go, go-connections/nat, go-units), with its messages where they are clear, and
 * turned into what the create request carries. Pure: reading an --env-file is the command's
 * job (create-body.ts takes its lines).
 */
import type { Checked } from '../validation.ts';

const CONTROL = /[\u0000-\u001f\u007f-\u009f]/;

function plain(what: string, text: string): string | undefined {
  if (CONTROL.test(text)) return `${what} contains a control character`;
  return undefined;
}

export interface PortBinding {
  /** `80/tcp`. */
  key: string;
  hostIp: string;
  /** '' lets the engine pick. */
  hostPort: string;
}

const PORT = /^[0-9]{1,5}$/;
const PROTOS = new Set(['tcp', 'udp', 'sctp']);

function portRange(text: string): [number, number] | undefined {
  const [from = '', to = from, extra] = text.split('-');
  if (extra !== undefined || !PORT.test(from) || !PORT.test(to)) return undefined;
  const a = Number(from);
  const b = Number(to);
  return a >= 1 && b <= 65535 && a <= b ? [a, b] : undefined;
}

/** `-p [ip:][hostPort:]containerPort[/proto]`, ranges as `8000-8002:80-82`. */
export function checkPublish(spec: string): Checked<PortBinding[]> {
  const bad = plain('port', spec);
  if (bad) return { ok: false, message: bad };
  const slash = spec.lastIndexOf('/');
  const proto = slash < 0 ? 'tcp' : spec.slice(slash + 1).toLowerCase();
  const rest = slash < 0 ? spec : spec.slice(0, slash);
  if (!PROTOS.has(proto)) return { ok: false, message: `invalid proto: ${spec.slice(slash + 1)} (tcp, udp or sctp)` };
  // An IPv6 address is bracketed: [::1]:8080:80.
  let hostIp = '';
  let ports = rest;
  const v6 = /^\[([0-9a-fA-F:.]+)\]:(.*)$/.exec(rest);
  if (v6) {
    hostIp = v6[1] ?? '';
    ports = v6[2] ?? '';
  }
  const parts = ports.split(':');
  if (parts.length > 3 || (v6 && parts.length > 2)) return { ok: false, message: `invalid port specification: "${spec}"` };
  const container = parts.at(-1) ?? '';
  const hostPort = parts.length >= 2 ? (parts.at(-2) ?? '') : '';
  if (parts.length === 3) hostIp = parts[0] ?? '';
  if (hostIp !== '' && !v6 && !/^[0-9]{1,3}(\.[0-9]{1,3}){3}$/.test(hostIp)) return { ok: false, message: `invalid ip address: ${hostIp}` };
  const c = portRange(container);
  if (!c) return { ok: false, message: `invalid containerPort: ${container} (a port 1–65535, or a range like 80-82)` };
  const h = hostPort === '' ? undefined : portRange(hostPort);
  if (hostPort !== '' && !h) return { ok: false, message: `invalid hostPort: ${hostPort}` };
  const count = c[1] - c[0];
  if (h && h[1] - h[0] !== count && h[0] !== h[1]) return { ok: false, message: `invalid ranges specified for container and host ports: ${spec}` };
  const out: PortBinding[] = [];
  for (let i = 0; i <= count; i++) {
    const host = h ? String(h[1] - h[0] === count ? h[0] + i : h[0]) : '';
    out.push({ key: `${c[0] + i}/${proto}`, hostIp, hostPort: host });
  }
  return { ok: true, value: out };
}

/** `-e K=V` or `-e K` (taken from berth's environment when sent, as the CLI takes it from its own). */
export function checkEnv(entry: string): Checked<string> {
  const bad = plain('environment variable', entry);
  if (bad) return { ok: false, message: bad };
  const name = entry.split('=', 1)[0] ?? '';
  if (name === '') return { ok: false, message: `invalid environment variable: ${entry}` };
  if (!entry.includes('=') && /\s/.test(name)) return { ok: false, message: `variable '${name}' contains whitespaces` };
  return { ok: true, value: entry };
}

/** `-l K=V` or `-l K` (an empty value). */
export function checkLabel(entry: string): Checked<[string, string]> {
  const bad = plain('label', entry);
  if (bad) return { ok: false, message: bad };
  const eq = entry.indexOf('=');
  const key = eq < 0 ? entry : entry.slice(0, eq);
  if (key.trim() === '') return { ok: false, message: `invalid label: ${entry} (key=value)` };
  return { ok: true, value: [key, eq < 0 ? '' : entry.slice(eq + 1)] };
}

export const VOLUME_MODES: ReadonlySet<string> = new Set(['ro', 'rw', 'z', 'Z', 'nocopy', 'shared', 'rshared', 'slave', 'rslave', 'private', 'rprivate', 'consistent', 'cached', 'delegated']);

export type VolumeSpec = { kind: 'bind'; spec: string } | { kind: 'anonymous'; target: string };

/** `-v src:dst[:opts]` (src a path or a volume name) or `-v /dst` (an anonymous volume). */
export function checkVolume(spec: string): Checked<VolumeSpec> {
  const bad = plain('volume', spec);
  if (bad) return { ok: false, message: bad };
  const parts = spec.split(':');
  if (parts.length === 1) {
    if (!spec.startsWith('/')) return { ok: false, message: `invalid volume specification: '${spec}': the mount point must be an absolute path` };
    return { ok: true, value: { kind: 'anonymous', target: spec } };
  }
  if (parts.length > 3 || parts.some((p) => p === '')) return { ok: false, message: `invalid volume specification: '${spec}'` };
  const [, target = '', mode] = parts;
  if (!target.startsWith('/')) return { ok: false, message: `invalid volume specification: '${spec}': the mount point ${target} must be an absolute path` };
  if (mode !== undefined) {
    const unknown = mode.split(',').find((m) => !VOLUME_MODES.has(m));
    if (unknown !== undefined) return { ok: false, message: `invalid mode: ${unknown}` };
  }
  return { ok: true, value: { kind: 'bind', spec } };
}

export interface MountSpec {
  Type: 'bind' | 'volume' | 'tmpfs';
  Source?: string;
  Target: string;
  ReadOnly?: boolean;
  BindOptions?: { Propagation: string };
  VolumeOptions?: { NoCopy: boolean };
  TmpfsOptions?: { SizeBytes?: number; Mode?: number };
}

function truthy(value: string | undefined): boolean | undefined {
  if (value === undefined || value === '' || value === 'true' || value === '1') return true;
  if (value === 'false' || value === '0') return false;
  return undefined;
}

/** `--mount type=bind|volume|tmpfs,source=…,target=…[,readonly][,…]` (cli opts/mount.go). */
export function checkMount(spec: string): Checked<MountSpec> {
  const bad = plain('mount', spec);
  if (bad) return { ok: false, message: bad };
  const mount: { -readonly [K in keyof MountSpec]?: MountSpec[K] } = { Type: 'volume' };
  for (const field of spec.split(',')) {
    const eq = field.indexOf('=');
    const key = (eq < 0 ? field : field.slice(0, eq)).toLowerCase();
    const value = eq < 0 ? undefined : field.slice(eq + 1);
    switch (key) {
      case 'type':
        if (value !== 'bind' && value !== 'volume' && value !== 'tmpfs') return { ok: false, message: `invalid mount type: ${value ?? ''} (bind, volume or tmpfs)` };
        mount.Type = value;
        break;
      case 'source':
      case 'src':
        mount.Source = value ?? '';
        break;
      case 'target':
      case 'dst':
      case 'destination':
        mount.Target = value ?? '';
        break;
      case 'readonly':
      case 'ro': {
        const ro = truthy(value);
        if (ro === undefined) return { ok: false, message: `invalid value for ${key}: ${value ?? ''}` };
        mount.ReadOnly = ro;
        break;
      }
      case 'bind-propagation':
        mount.BindOptions = { Propagation: value ?? '' };
        break;
      case 'volume-nocopy': {
        const noCopy = truthy(value);
        if (noCopy === undefined) return { ok: false, message: `invalid value for volume-nocopy: ${value ?? ''}` };
        mount.VolumeOptions = { NoCopy: noCopy };
        break;
      }
      case 'tmpfs-size': {
        const size = checkBytes('tmpfs-size', value ?? '');
        if (!size.ok) return size;
        mount.TmpfsOptions = { ...mount.TmpfsOptions, SizeBytes: size.value };
        break;
      }
      case 'tmpfs-mode': {
        if (!/^[0-7]{1,4}$/.test(value ?? '')) return { ok: false, message: `invalid value for tmpfs-mode: ${value ?? ''} (octal, e.g. 1777)` };
        mount.TmpfsOptions = { ...mount.TmpfsOptions, Mode: parseInt(value ?? '0', 8) };
        break;
      }
      case 'consistency':
        break;
      default:
        return { ok: false, message: `unexpected key '${key}' in '${field}'` };
    }
  }
  if (!mount.Target) return { ok: false, message: 'target is required in a mount (target=/path)' };
  if (mount.Type === 'tmpfs' && mount.Source) return { ok: false, message: 'source is not supported for tmpfs mounts' };
  if (mount.Type === 'bind' && !mount.Source) return { ok: false, message: 'source is required for a bind mount' };
  return { ok: true, value: mount as MountSpec };
}

export interface RestartPolicy {
  Name: string;
  MaximumRetryCount: number;
}

/** `--restart no|always|unless-stopped|on-failure[:N]`; with `--rm` the CLI refuses it. */
export function checkRestart(text: string, rm: boolean): Checked<RestartPolicy | undefined> {
  if (text === '') return { ok: true, value: undefined };
  const [name = '', count, extra] = text.split(':');
  if (extra !== undefined || !['no', 'always', 'unless-stopped', 'on-failure'].includes(name)) return { ok: false, message: `invalid restart policy '${text}' (no, always, unless-stopped, on-failure[:N])` };
  if (count !== undefined && name !== 'on-failure') return { ok: false, message: `maximum retry count cannot be used with restart policy '${name}'` };
  if (count !== undefined && !/^[0-9]{1,6}$/.test(count)) return { ok: false, message: `maximum retry count must be a whole number: ${count}` };
  if (rm && name !== 'no') return { ok: false, message: 'Conflicting options: --restart and --rm' };
  return { ok: true, value: { Name: name, MaximumRetryCount: count === undefined ? 0 : Number(count) } };
}

const UNITS: Record<string, number> = { '': 1, b: 1, k: 1024, m: 1024 ** 2, g: 1024 ** 3, t: 1024 ** 4, p: 1024 ** 5 };

/** go-units' RAMInBytes: `512m`, `1.5g`, `1gb`, `2048` (bytes); base 1024. */
export function checkBytes(what: string, text: string): Checked<number> {
  const m = /^([0-9]+(?:\.[0-9]+)?) ?([kKmMgGtTpPbB]?)[iI]?[bB]?$/.exec(text);
  if (!m) return { ok: false, message: `invalid ${what}: ${text} (e.g. 512m, 1g)` };
  const bytes = Math.floor(Number(m[1]) * (UNITS[(m[2] ?? '').toLowerCase()] ?? 1));
  return Number.isSafeInteger(bytes) ? { ok: true, value: bytes } : { ok: false, message: `invalid ${what}: ${text} is too large` };
}

/** `-m`: the engine refuses under 6 MB; said here rather than after a round trip. */
export function checkMemory(text: string): Checked<number | undefined> {
  if (text === '') return { ok: true, value: undefined };
  const bytes = checkBytes('memory', text);
  if (!bytes.ok) return bytes;
  if (bytes.value < 6 * 1024 * 1024) return { ok: false, message: 'Minimum memory limit allowed is 6MB' };
  return bytes;
}

/** `--cpus 1.5` → NanoCpus. */
export function checkCpus(text: string): Checked<number | undefined> {
  if (text === '') return { ok: true, value: undefined };
  if (!/^[0-9]*\.?[0-9]+$/.test(text)) return { ok: false, message: `invalid argument "${text}" for "--cpus" flag: a number of CPUs, e.g. 1.5` };
  const nano = Math.round(Number(text) * 1e9);
  if (nano <= 0) return { ok: false, message: '--cpus must be more than 0' };
  return { ok: true, value: nano };
}

/** `-w`: the engine wants an absolute path; said before sending. */
export function checkWorkdir(text: string): Checked<string | undefined> {
  if (text === '') return { ok: true, value: undefined };
  const bad = plain('working directory', text);
  if (bad) return { ok: false, message: bad };
  if (!text.startsWith('/')) return { ok: false, message: `the working directory '${text}' is invalid, it needs to be an absolute path` };
  return { ok: true, value: text };
}

/** Network, user, entrypoint, hostname: one word the engine reads as it is. */
export function checkWord(what: string, text: string): Checked<string | undefined> {
  if (text === '') return { ok: true, value: undefined };
  const bad = plain(what, text);
  if (bad) return { ok: false, message: bad };
  if (what !== 'entrypoint' && /\s/.test(text)) return { ok: false, message: `${what} cannot contain spaces` };
  return { ok: true, value: text };
}
