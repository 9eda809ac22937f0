/** What the kernel says a process cost: CPU time and resident memory, read from /proc. */
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';

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
