/**
 * The running containers' figures read from their cgroup files, for an engine on this host: one
 * read of a few small files per container instead of the engine's stats each (B9: those cost the
 * engine CPU per container). Finds each container's cgroup by its id in the directory names
 * (`<id>`, `docker-<id>.scope`, `libpod-<id>`), under the v2 tree or v1's memory/cpuacct/blkio
 * trees; a container it cannot find (a remote engine, an unreadable tree) is left to its stats
 * stream.
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { containerIdOfCgroup, cpuUsecV2, ioBytesV1, ioBytesV2, memoryUsed, netBytes, parseSingleValue, type CgroupSample } from './cgroup-files.ts';

/** Where the cgroup trees are: one v2 tree, or v1's per controller. */
type Layout = { version: 2; root: string } | { version: 1; memory: string; cpuacct: string; blkio: string; pids: string };

/** How deep under a root a container's cgroup may sit (sandbox parent, slice, scope, Podman's libpod_parent/libpod-<id>). */
const MAX_DEPTH = 4;
/** How often ids a walk missed are looked for again (a remote engine's never turn up: rarely). */
const RESCAN_MS = 30_000;

function layoutOf(base: string): Layout | undefined {
  if (existsSync(join(base, 'cgroup.controllers'))) return { version: 2, root: base };
  const memory = join(base, 'memory');
  const cpuacct = [join(base, 'cpuacct'), join(base, 'cpu,cpuacct')].find((dir) => existsSync(dir));
  if (!existsSync(memory) || cpuacct === undefined) return undefined;
  return { version: 1, memory, cpuacct, blkio: join(base, 'blkio'), pids: join(base, 'pids') };
}

const readText = (file: string): string | undefined => {
  try {
    return readFileSync(file, 'utf8');
  } catch {
    return undefined;
  }
};

/** Every container cgroup under `root`, by id: its path relative to the root. */
function scan(root: string): Map<string, string> {
  const found = new Map<string, string>();
  const walk = (relative: string, depth: number) => {
    let entries;
    try {
      entries = readdirSync(join(root, relative), { withFileTypes: true });
    } catch {
      return;
    }
    for (const entry of entries) {
      if (!entry.isDirectory()) continue;
      const path = join(relative, entry.name);
      const id = containerIdOfCgroup(entry.name);
      if (id !== undefined) found.set(id, path);
      else if (depth < MAX_DEPTH) walk(path, depth + 1);
    }
  };
  walk('', 1);
  return found;
}

/** A container's files, their paths made once when it is found (path joining was a fifth of a sample's cost). */
interface Files {
  usage: string;
  stat: string;
  cpu: string;
  io: string;
  procs: string;
  limit: string;
  pids: string;
  version: 1 | 2;
}

function filesOf(layout: Layout, path: string): Files {
  if (layout.version === 2) {
    const dir = `${join(layout.root, path)}/`;
    return { usage: `${dir}memory.current`, stat: `${dir}memory.stat`, cpu: `${dir}cpu.stat`, io: `${dir}io.stat`, procs: `${dir}cgroup.procs`, limit: `${dir}memory.max`, pids: `${dir}pids.current`, version: 2 };
  }
  const memory = `${join(layout.memory, path)}/`;
  return {
    usage: `${memory}memory.usage_in_bytes`,
    stat: `${memory}memory.stat`,
    cpu: `${join(layout.cpuacct, path)}/cpuacct.usage`,
    io: `${join(layout.blkio, path)}/blkio.throttle.io_service_bytes`,
    procs: `${memory}cgroup.procs`,
    limit: `${memory}memory.limit_in_bytes`,
    pids: `${join(layout.pids, path)}/pids.current`,
    version: 1,
  };
}

export interface SampleOptions {
  /** Also the memory limit and the process count (the resource columns show them; the pulse line does not). */
  detail?: boolean;
}

export class CgroupReader {
  private readonly layout: Layout | undefined;
  private files = new Map<string, Files>();
  /** Ids the last walk did not find (a remote engine's): not worth another walk each sample. */
  private missed = new Set<string>();
  private scannedAt = 0;

  /** BERTH_TEST_CGROUP_ROOT: where the tests point berth at no cgroup tree, so every figure comes from the engine's stats (as for a remote engine). */
  constructor(base = process.env.BERTH_TEST_CGROUP_ROOT ?? '/sys/fs/cgroup') {
    this.layout = layoutOf(base);
  }

  /** Whether this host has a cgroup tree berth can read at all. */
  get usable(): boolean {
    return this.layout !== undefined;
  }

  /** Whether the container's cgroup has been found (its files may still be gone for a moment: a crash loop between runs). */
  located(id: string): boolean {
    return this.files.has(id);
  }

  /** A sample for each of `ids` found (full 64-hex ids); the rest are missing from the map. */
  sample(ids: readonly string[], options: SampleOptions = {}): Map<string, CgroupSample> {
    const out = new Map<string, CgroupSample>();
    const layout = this.layout;
    if (!layout) return out;
    // Look again only when a container is new to us: a walk is a few hundred readdirs.
    // and again now and then for the missed ones (one first seen between a crash loop's runs).
    const now = Date.now();
    if (ids.some((id) => !this.files.has(id) && (!this.missed.has(id) || now - this.scannedAt > RESCAN_MS))) {
      this.scannedAt = now;
      this.files = new Map([...scan(layout.version === 2 ? layout.root : layout.memory)].map(([id, path]) => [id, this.files.get(id) ?? filesOf(layout, path)]));
      this.missed = new Set(ids.filter((id) => !this.files.has(id)));
    }
    for (const id of ids) {
      const files = this.files.get(id);
      const sample = files && read(files, options.detail === true);
      if (sample) out.set(id, sample);
    }
    return out;
  }
}

function withNet(sample: CgroupSample, procsFile: string): CgroupSample {
  const pid = readText(procsFile)?.split('\n')[0]?.trim();
  const dev = pid ? readText(`/proc/${pid}/net/dev`) : undefined;
  if (dev === undefined) return sample;
  const { rx, tx } = netBytes(dev);
  return { ...sample, netRx: rx, netTx: tx };
}

function read(files: Files, detail: boolean): CgroupSample | undefined {
  const usage = parseSingleValue(readText(files.usage) ?? '');
  const cpuText = readText(files.cpu) ?? '';
  // v2 cpu.stat's usage_usec; v1 cpuacct.usage in nanoseconds.
  const cpuUsec = files.version === 2 ? cpuUsecV2(cpuText) : divide(parseSingleValue(cpuText), 1000);
  if (usage === undefined || cpuUsec === undefined) return undefined;
  const io = readText(files.io);
  const block = io === undefined ? undefined : files.version === 2 ? ioBytesV2(io) : ioBytesV1(io);
  return withNet(
    {
      memUsed: memoryUsed(usage, readText(files.stat) ?? '', files.version),
      cpuUsec,
      ...(block && { blockRead: block.read, blockWrite: block.write }),
      ...(detail && { ...numberIn(files.limit, 'memLimit'), ...numberIn(files.pids, 'pids') }),
    },
    files.procs,
  );
}

const divide = (n: number | undefined, by: number) => (n === undefined ? undefined : n / by);

/** `{ [key]: n }` when the file holds a number n, else nothing (a limit of "max", a controller not mounted). */
function numberIn<K extends 'memLimit' | 'pids'>(file: string, key: K): { [k in K]?: number } {
  const n = parseSingleValue(readText(file) ?? '');
  return n === undefined ? {} : ({ [key]: n } as { [k in K]?: number });
}
