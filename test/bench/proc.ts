/** What the kernel says a process cost: CPU time and resident memory, read from /proc. */
import { execFileSync } from 'node:child_process';
import { readdirSync, readFileSync } from 'node:fs';

let ticksPerSecond: number | undefined;

/** USER_HZ: the unit of utime/stime in /proc/<pid>/stat (100 on Linux almost everywhere). */
function clockTicks(): number {
  if (ticksPerSecond === undefined) {
    try {
      ticksPerSecond = Number(execFileSync('getconf', ['CLK_TCK'], { encoding: 'utf8' }).trim()) || 100;
    } catch {
      ticksPerSecond = 100;
    }
  }
  return ticksPerSecond;
}

/** User + system CPU time the process has used so far, in ms (resolution 1/USER_HZ s). */
export function cpuMs(pid: number): number {
  const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
  // Fields after "(comm)" start at field 3 (state); utime and stime are fields 14 and 15.
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  const ticks = Number(fields[11]) + Number(fields[12]);
  return (ticks * 1000) / clockTicks();
}

/**
 * CPU time the process's threads have run so far, in ms to the nanosecond: the sum of each
 * thread's /proc/<pid>/task/<tid>/schedstat (the scheduler's own run time). utime + stime count
 * in 10 ms ticks, which an idle window of ~100 ms in a minute cannot afford (one tick is 0.017 %
 * of a core over 60 s); a thread that ended inside the window is missing here, so only for a
 * process whose threads live as long as it does (node: its main thread, V8's and libuv's pools).
 * Falls back to cpuMs where the kernel has no schedstat.
 */
export function threadCpuMs(pid: number): number {
  let ns = 0;
  try {
    for (const tid of readdirSync(`/proc/${pid}/task`)) {
      try {
        ns += Number(readFileSync(`/proc/${pid}/task/${tid}/schedstat`, 'utf8').split(' ')[0]);
      } catch {
        // the thread ended between the listing and the read: its time is gone either way
      }
    }
  } catch {
    return cpuMs(pid);
  }
  return Number.isFinite(ns) && ns > 0 ? ns / 1e6 : cpuMs(pid);
}

/** Resident set size in bytes (VmRSS). */
export function rssBytes(pid: number): number {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  const match = /^VmRSS:\s+(\d+) kB/m.exec(status);
  if (!match) throw new Error(`no VmRSS for pid ${pid}`);
  return Number(match[1]) * 1024;
}

/** CPU use over a window as % of one core: call start(), later stop(). */
export class CpuMeter {
  private readonly startCpu: number;
  private readonly startWall = performance.now();

  constructor(private readonly pid: number) {
    this.startCpu = cpuMs(pid);
  }

  /** { cpuMs, wallMs, percent } since construction. */
  read(): { cpuMs: number; wallMs: number; percent: number } {
    const cpu = cpuMs(this.pid) - this.startCpu;
    const wall = performance.now() - this.startWall;
    return { cpuMs: cpu, wallMs: wall, percent: (cpu / wall) * 100 };
  }
}

/** Busy and total jiffies of all CPUs so far, from the first line of /proc/stat. */
function cpuJiffies(): { busy: number; total: number } {
  const fields = (readFileSync('/proc/stat', 'utf8').split('\n')[0] ?? '').trim().split(/\s+/).slice(1).map(Number);
  const total = fields.reduce((a, b) => a + b, 0);
  // Only true idle: iowait (field 5) is the shims and runc writing layers, which slows a start too.
  return { busy: total - (fields[3] ?? 0), total };
}

/**
 * Waits until process `pid` spent under `maxShare` of one core in each of `quietWindows` windows
 * in a row (or `timeoutMs` passed); its last window's share. B11 starts one berth after another
 * over 10,000 containers: dockerd goes on building the full list a start asked for after that
 * start has quit, so the next start (berth's, or `docker ps` beside it) met an engine still busy
 * with the last one's list, and the figures swung 2× from run to run.
 */
export function processQuiet(pid: number, maxShare = 0.05, windowMs = 200, quietWindows = 2, timeoutMs = 10_000): Promise<number> {
  return untilQuiet(
    async () => {
      const meter = new CpuMeter(pid);
      await new Promise((resolve) => setTimeout(resolve, windowMs));
      return meter.read().percent / 100;
    },
    maxShare,
    quietWindows,
    timeoutMs,
  );
}

/** Measures windows (`busyShare` of each) until `quietWindows` in a row are at most `maxShare` busy, or `timeoutMs` passes; the last window's share. */
async function untilQuiet(busyShare: () => Promise<number>, maxShare: number, quietWindows: number, timeoutMs: number): Promise<number> {
  const deadline = performance.now() + timeoutMs;
  let share = 1;
  let quiet = 0;
  while (quiet < quietWindows && performance.now() < deadline) {
    share = await busyShare();
    quiet = share <= maxShare ? quiet + 1 : 0;
  }
  return share;
}

/**
 * Waits until the whole machine has been at least `idleShare` idle for `quietWindows` windows of
 * `windowMs` in a row (or `timeoutMs` passes), and says how busy the last window was. Starting
 * 50 containers leaves dockerd, containerd, runc and the shims busy in bursts for seconds after
 * the API calls return; a figure taken then measures their work as much as berth's.
 */
export function machineQuiet(idleShare = 0.9, windowMs = 500, quietWindows = 4, timeoutMs = 20_000): Promise<number> {
  return untilQuiet(
    async () => {
      const a = cpuJiffies();
      await new Promise((resolve) => setTimeout(resolve, windowMs));
      const b = cpuJiffies();
      return b.total > a.total ? (b.busy - a.busy) / (b.total - a.total) : 0;
    },
    1 - idleShare,
    quietWindows,
    timeoutMs,
  );
}
