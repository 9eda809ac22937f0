/**
 * The figures `docker stats` shows, from the engine's samples, computed as the docker CLI does
 * (cli/command/container/stats_helpers.go; engine-api-notes-wave2 §1):
 *
 * - CPU % = Δ container usage ÷ Δ host usage × online CPUs × 100, each Δ between this sample and
 *   the one before (the frame's own `precpu_stats`, else the previous sample berth kept). Where the
 *   engine gives no host usage or CPU count (Podman on cgroup v2), Δ usage ÷ Δ wall time: the
 *   share of one CPU, as Podman itself reports it.
 * - Memory = usage minus `total_inactive_file` (cgroup v1) or `inactive_file` (v2) when smaller;
 *   % of the limit.
 * - Net and block I/O: totals since start, and rates per second between samples.
 */
import type { ContainerStats, CpuCounters } from '../../engine/stats.ts';

export interface StatsFigures {
  /** Undefined until two samples (or a primed one) say how much CPU went by. */
  cpuPercent?: number;
  memUsed?: number;
  memLimit?: number;
  memPercent?: number;
  netRx: number;
  netTx: number;
  blockRead: number;
  blockWrite: number;
  /** Bytes per second since the previous sample; undefined for the first. */
  netRxRate?: number;
  netTxRate?: number;
  blockReadRate?: number;
  blockWriteRate?: number;
  pids?: number;
  /** When the engine took the sample (epoch ms). */
  at: number;
}

/** The counters without the host's usage, so that the wall clock is what CPU is measured against. */
function withoutHost(counters: CpuCounters | undefined): CpuCounters | undefined {
  return counters && { cpu_usage: counters.cpu_usage };
}

const num = (value: unknown): number | undefined => (typeof value === 'number' && Number.isFinite(value) ? value : undefined);

/** Epoch ms of the sample; the Go zero time ("0001-01-01…") and junk are undefined. */
export function sampleTime(stats: ContainerStats): number | undefined {
  const ms = stats.read ? Date.parse(stats.read) : Number.NaN;
  return Number.isFinite(ms) && ms > 0 ? ms : undefined;
}

function cpuPercent(now: CpuCounters | undefined, before: CpuCounters | undefined, wallNs: number | undefined): number | undefined {
  const usage = num(now?.cpu_usage?.total_usage);
  const usageBefore = num(before?.cpu_usage?.total_usage);
  if (usage === undefined || usageBefore === undefined) return undefined;
  const usageDelta = usage - usageBefore;
  const system = num(now?.system_cpu_usage);
  const systemBefore = num(before?.system_cpu_usage);
  const cpus = num(now?.online_cpus) || (now?.cpu_usage?.percpu_usage?.length ?? 0);
  if (system !== undefined && systemBefore !== undefined && system > systemBefore && cpus > 0) {
    return usageDelta > 0 ? (usageDelta / (system - systemBefore)) * cpus * 100 : 0;
  }
  if (wallNs !== undefined && wallNs > 0) return usageDelta > 0 ? (usageDelta / wallNs) * 100 : 0;
  return undefined;
}

function memory(stats: ContainerStats): { used?: number; limit?: number; percent?: number } {
  const usage = num(stats.memory_stats?.usage);
  const limit = num(stats.memory_stats?.limit);
  if (usage === undefined) return { limit };
  const detail = stats.memory_stats?.stats ?? {};
  const inactive = num(detail.total_inactive_file) ?? num(detail.inactive_file);
  const used = inactive !== undefined && inactive < usage ? usage - inactive : usage;
  return { used, limit, percent: limit ? (used / limit) * 100 : undefined };
}

function totals(stats: ContainerStats): { rx: number; tx: number; read: number; write: number } {
  let rx = 0;
  let tx = 0;
  for (const net of Object.values(stats.networks ?? {})) {
    rx += num(net?.rx_bytes) ?? 0;
    tx += num(net?.tx_bytes) ?? 0;
  }
  let read = 0;
  let write = 0;
  for (const entry of stats.blkio_stats?.io_service_bytes_recursive ?? []) {
    const op = (entry?.op ?? '').toLowerCase();
    // v1: Read/Write/Sync/Async/Total; v2: read/write (Podman adds rios, wios…: matched exactly).
    if (op === 'read') read += num(entry.value) ?? 0;
    else if (op === 'write') write += num(entry.value) ?? 0;
  }
  return { rx, tx, read, write };
}

const rate = (now: number, before: number | undefined, seconds: number | undefined) =>
  before === undefined || seconds === undefined || seconds <= 0 || now < before ? undefined : (now - before) / seconds;

export interface FiguresOptions {
  /**
   * The engine is Podman: its `system_cpu_usage` counts only busy time (engine-api-notes-wave2
   * §1), so the Docker formula would double a busy loop on an idle two-CPU host; CPU is then
   * always the container's CPU time over the wall time between our own samples.
   */
  podman?: boolean;
  receivedAt?: number;
}

/** The figures of `current`, with rates and CPU against `previous` (the sample before it, if kept). */
export function statsFigures(current: ContainerStats, previous?: ContainerStats, options: FiguresOptions = {}): StatsFigures {
  const receivedAt = options.receivedAt ?? Date.now();
  const at = sampleTime(current) ?? receivedAt;
  const before = previous ? (sampleTime(previous) ?? undefined) : undefined;
  const seconds = before !== undefined ? (at - before) / 1000 : undefined;
  // The frame's own precpu when the engine primed it (dockerd streaming), else our previous sample.
  const primed = !options.podman && num(current.precpu_stats?.system_cpu_usage) ? current.precpu_stats : undefined;
  // Podman (and any engine that gives no CPU count): our own samples and the wall clock.
  const wallNs = seconds !== undefined ? seconds * 1e9 : undefined;
  const cpu = options.podman
    ? cpuPercent(withoutHost(current.cpu_stats), withoutHost(previous?.cpu_stats), wallNs)
    : ((primed ? cpuPercent(current.cpu_stats, primed, undefined) : undefined) ?? cpuPercent(current.cpu_stats, previous?.cpu_stats, wallNs));
  const mem = memory(current);
  const now = totals(current);
  const then = previous ? totals(previous) : undefined;
  return {
    cpuPercent: cpu,
    memUsed: mem.used,
    memLimit: mem.limit,
    memPercent: mem.percent,
    netRx: now.rx,
    netTx: now.tx,
    blockRead: now.read,
    blockWrite: now.write,
    netRxRate: rate(now.rx, then?.rx, seconds),
    netTxRate: rate(now.tx, then?.tx, seconds),
    blockReadRate: rate(now.read, then?.read, seconds),
    blockWriteRate: rate(now.write, then?.write, seconds),
    pids: num(current.pids_stats?.current),
    at,
  };
}
