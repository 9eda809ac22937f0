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
import { containerIdOfCgroup, cpuUsecV2, ioBytesV1, ioBytesV2, memoryUsed, netBytes, parseFlatKeyed, parseSingleValue, type CgroupSample } from './cgroup-files.ts';

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

export class CgroupReader {
  private readonly layout: Layout | undefined;
  private paths = new Map<string, string>();
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
    return this.paths.has(id);
  }

  /** A sample for each of `ids` found (full 64-hex ids); the rest are missing from the map. */
  sample(ids: readonly string[]): Map<string, CgroupSample> {
    const out = new Map<string, CgroupSample>();
    const layout = this.layout;
    if (!layout) return out;
    // Look again only when a container is new to us: a walk is a few hundred readdirs.
    // and again now and then for the missed ones (one first seen between a crash loop's runs).
    const now = Date.now();
    if (ids.some((id) => !this.paths.has(id) && (!this.missed.has(id) || now - this.scannedAt > RESCAN_MS))) {
      this.scannedAt = now;
      this.paths = scan(layout.version === 2 ? layout.root : layout.memory);
      this.missed = new Set(ids.filter((id) => !this.paths.has(id)));
    }
    for (const id of ids) {
      const path = this.paths.get(id);
      const sample = path === undefined ? undefined : layout.version === 2 ? readV2(join(layout.root, path)) : readV1(layout, path);
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

function readV2(dir: string): CgroupSample | undefined {
  const usage = parseSingleValue(readText(join(dir, 'memory.current')) ?? '');
  const cpuUsec = cpuUsecV2(readText(join(dir, 'cpu.stat')) ?? '');
  if (usage === undefined || cpuUsec === undefined) return undefined;
  const io = readText(join(dir, 'io.stat'));
  const block = io === undefined ? undefined : ioBytesV2(io);
  return withNet(
    {
      memUsed: memoryUsed(usage, parseFlatKeyed(readText(join(dir, 'memory.stat')) ?? ''), 2),
      cpuUsec,
      ...(block && { blockRead: block.read, blockWrite: block.write }),
      ...numberIn(join(dir, 'memory.max'), 'memLimit'),
      ...numberIn(join(dir, 'pids.current'), 'pids'),
    },
    join(dir, 'cgroup.procs'),
  );
}

/** `{ [key]: n }` when the file holds a number n, else nothing (a limit of "max", a controller not mounted). */
function numberIn<K extends 'memLimit' | 'pids'>(file: string, key: K): { [k in K]?: number } {
  const n = parseSingleValue(readText(file) ?? '');
  return n === undefined ? {} : ({ [key]: n } as { [k in K]?: number });
}

function readV1(layout: { memory: string; cpuacct: string; blkio: string; pids: string }, path: string): CgroupSample | undefined {
  const usage = parseSingleValue(readText(join(layout.memory, path, 'memory.usage_in_bytes')) ?? '');
  const cpuNs = parseSingleValue(readText(join(layout.cpuacct, path, 'cpuacct.usage')) ?? '');
  if (usage === undefined || cpuNs === undefined) return undefined;
  const io = readText(join(layout.blkio, path, 'blkio.throttle.io_service_bytes'));
  const block = io === undefined ? undefined : ioBytesV1(io);
  return withNet(
    {
      memUsed: memoryUsed(usage, parseFlatKeyed(readText(join(layout.memory, path, 'memory.stat')) ?? ''), 1),
      cpuUsec: cpuNs / 1000,
      ...(block && { blockRead: block.read, blockWrite: block.write }),
      ...numberIn(join(layout.memory, path, 'memory.limit_in_bytes'), 'memLimit'),
      ...numberIn(join(layout.pids, path, 'pids.current'), 'pids'),
    },
    join(layout.memory, path, 'cgroup.procs'),
  );
}
