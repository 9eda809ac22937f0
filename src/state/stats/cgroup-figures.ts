/**
 * The figures `docker stats` shows, from two readings of a container's cgroup files (an engine on
 * this host: state/pulse/cgroup-reader.ts) rather than from the engine's stats. They are
 * the same counters the engine reads for its own stats, so the figures are its figures:
 *
 * - CPU % = Δ the container's CPU time ÷ Δ wall time × 100 (100 % = one core). dockerd's Δ usage ÷
 *   Δ host usage × online CPUs is the same ratio, the host's usage being its CPUs × the wall time.
 * - Memory used as figures.ts (usage less the inactive page cache); the limit, as dockerd reports
 *   it, is the host's memory when the container's limit is larger or there is none.
 * - Net and block I/O: totals since start, rates between the two readings.
 */
import type { CgroupSample } from '../pulse/cgroup-files.ts';
import type { StatsFigures } from './figures.ts';

/** A reading and when it was taken (epoch ms). */
export interface CgroupReading {
  sample: CgroupSample;
  at: number;
}

export function cgroupFigures(now: CgroupReading, before: CgroupReading | undefined, hostMemory: number): StatsFigures {
  const { sample } = now;
  const seconds = before ? (now.at - before.at) / 1000 : undefined;
  const rate = (after: number | undefined, previous: number | undefined) =>
    seconds === undefined || seconds <= 0 || after === undefined || previous === undefined || after < previous ? undefined : (after - previous) / seconds;
  const limit = sample.memLimit === undefined || sample.memLimit > hostMemory ? hostMemory : sample.memLimit;
  return {
    cpuPercent: before && seconds !== undefined && seconds > 0 ? (Math.max(0, sample.cpuUsec - before.sample.cpuUsec) / (seconds * 1e6)) * 100 : undefined,
    memUsed: sample.memUsed,
    memLimit: limit,
    memPercent: limit > 0 ? (sample.memUsed / limit) * 100 : undefined,
    netRx: sample.netRx ?? 0,
    netTx: sample.netTx ?? 0,
    blockRead: sample.blockRead ?? 0,
    blockWrite: sample.blockWrite ?? 0,
    netRxRate: rate(sample.netRx, before?.sample.netRx),
    netTxRate: rate(sample.netTx, before?.sample.netTx),
    blockReadRate: rate(sample.blockRead, before?.sample.blockRead),
    blockWriteRate: rate(sample.blockWrite, before?.sample.blockWrite),
    pids: sample.pids,
    at: now.at,
  };
}
