/**
 * A container's figures from its cgroup's files, as pure parsing: what `docker stats` reports,
 * read from the files the engine's own stats come from, for an engine on this host. Both cgroup
 * versions: v2 (one tree: memory.current, memory.stat, cpu.stat, io.stat) and v1 (a tree per
 * controller: memory.usage_in_bytes, memory.stat's total_*, cpuacct.usage, blkio's bytes).
 */

/** One reading of a container's cgroup: counters are totals since it started. */
export interface CgroupSample {
  /** Memory in use as `docker stats` counts it: usage less the inactive page cache. */
  memUsed: number;
  /** CPU time used, microseconds. */
  cpuUsec: number;
  /** Bytes read and written by block I/O, when the files say. */
  blockRead?: number;
  blockWrite?: number;
  /** Bytes received and sent on the container's interfaces (not lo), when readable. */
  netRx?: number;
  netTx?: number;
  /** The memory limit in bytes (memory.max, memory.limit_in_bytes); undefined when unlimited or unreadable. */
  memLimit?: number;
  /** Processes and threads in the cgroup (pids.current), when readable. */
  pids?: number;
}

/** A file holding one number (memory.current, memory.usage_in_bytes, cpuacct.usage); undefined if not one ("max" included). */
export function parseSingleValue(text: string): number | undefined {
  const t = text.trim();
  return /^\d+$/.test(t) ? Number(t) : undefined;
}

/** One `key value` line's number in memory.stat or cpu.stat, without splitting the whole file (read every 2 s per container). */
export function statValue(text: string, key: string): number | undefined {
  let at = text.startsWith(`${key} `) ? 0 : text.indexOf(`\n${key} `);
  if (at < 0) return undefined;
  at += at === 0 ? key.length + 1 : key.length + 2;
  const end = text.indexOf('\n', at);
  const value = text.slice(at, end < 0 ? undefined : end).trim();
  return /^\d+$/.test(value) ? Number(value) : undefined;
}

/** Memory used as docker's CLI computes it: usage less the inactive page cache (v2 inactive_file, v1 total_inactive_file, from memory.stat's text), when smaller. */
export function memoryUsed(usage: number, memoryStat: string, version: 1 | 2): number {
  const inactive = statValue(memoryStat, version === 2 ? 'inactive_file' : 'total_inactive_file') ?? 0;
  return inactive < usage ? usage - inactive : usage;
}

/** v2 cpu.stat's usage_usec. */
export function cpuUsecV2(cpuStat: string): number | undefined {
  return statValue(cpuStat, 'usage_usec');
}

/** v2 io.stat: "8:0 rbytes=… wbytes=… rios=…" per device, summed. */
export function ioBytesV2(ioStat: string): { read: number; write: number } {
  let read = 0;
  let write = 0;
  for (const match of ioStat.matchAll(/\b([rw])bytes=(\d+)/g)) {
    if (match[1] === 'r') read += Number(match[2]);
    else write += Number(match[2]);
  }
  return { read, write };
}

/** v1 blkio.throttle.io_service_bytes: "8:0 Read 4096" per device and kind, summed (its Total lines left out). */
export function ioBytesV1(serviceBytes: string): { read: number; write: number } {
  let read = 0;
  let write = 0;
  for (const line of serviceBytes.split('\n')) {
    const [device, kind, value] = line.trim().split(/\s+/);
    if (!device?.includes(':') || value === undefined) continue;
    if (kind === 'Read') read += Number(value);
    else if (kind === 'Write') write += Number(value);
  }
  return { read, write };
}

/** /proc/<pid>/net/dev: each interface's received and sent bytes, summed, lo left out (as docker stats does). */
export function netBytes(netDev: string): { rx: number; tx: number } {
  let rx = 0;
  let tx = 0;
  for (const line of netDev.split('\n')) {
    const colon = line.indexOf(':');
    if (colon < 0) continue;
    const name = line.slice(0, colon).trim();
    const fields = line.slice(colon + 1).trim().split(/\s+/).map(Number);
    if (name === 'lo' || fields.length < 9) continue;
    rx += fields[0] ?? 0;
    tx += fields[8] ?? 0;
  }
  return { rx, tx };
}

/**
 * The container id a cgroup directory is named for: `<id>` (cgroupfs), `docker-<id>.scope`
 * (systemd), `libpod-<id>` / `libpod-<id>.scope` (Podman); never Podman's conmon cgroup.
 */
export function containerIdOfCgroup(name: string): string | undefined {
  if (name.includes('conmon')) return undefined;
  return /(?:^|[-])([0-9a-f]{64})(?:\.scope)?$/.exec(name)?.[1];
}

/** Rates from two samples `seconds` apart: CPU as docker stats shows it (100 % = one core), bytes a second. */
export interface CgroupRates {
  cpuPercent: number;
  memUsed: number;
  blockReadRate?: number;
  blockWriteRate?: number;
  netRxRate?: number;
  netTxRate?: number;
}

export function ratesBetween(before: CgroupSample, after: CgroupSample, seconds: number): CgroupRates {
  const rate = (a: number | undefined, b: number | undefined) => (a !== undefined && b !== undefined && seconds > 0 ? Math.max(0, b - a) / seconds : undefined);
  return {
    cpuPercent: seconds > 0 ? (Math.max(0, after.cpuUsec - before.cpuUsec) / (seconds * 1e6)) * 100 : 0,
    memUsed: after.memUsed,
    blockReadRate: rate(before.blockRead, after.blockRead),
    blockWriteRate: rate(before.blockWrite, after.blockWrite),
    netRxRate: rate(before.netRx, after.netRx),
    netTxRate: rate(before.netTx, after.netTx),
  };
}
