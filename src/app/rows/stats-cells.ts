/**
 * The resource columns of a container row, written as `docker stats` writes them (`12.34%`,
 * `21.4MiB / 1.944GiB`), with network and block I/O as rates (`1.45kB/s / 0B/s`; their titles say
 * `/s`) rather than totals; `ioTotals` writes the totals `docker stats` shows (`NET I/O`, `BLOCK
 * I/O`) for the stats view. A running container not measured yet reads `…`; one that is not
 * running has no figures (`-`).
 */
import type { StatsFigures } from '../../state/stats/figures.ts';
import { formatBytes } from '../format/index.ts';

export type StatsColumn = 'cpu' | 'mem' | 'memPercent' | 'net' | 'block' | 'pids';

const BINARY_UNITS = ['B', 'KiB', 'MiB', 'GiB', 'TiB', 'PiB'];

/** Memory as `docker stats` writes it: binary units, up to two decimals ("21.4MiB", "1.944GiB", "64MiB"). */
export function formatMemory(n: number | undefined): string {
  if (n === undefined || !Number.isFinite(n) || n < 0) return '-';
  let size = n;
  let unit = 0;
  while (size >= 1024 && unit < BINARY_UNITS.length - 1) {
    size /= 1024;
    unit += 1;
  }
  // Four significant digits, trailing zeros dropped, as the CLI's go-units BytesSize does.
  return `${Number(size.toPrecision(4))}${BINARY_UNITS[unit]}`;
}

const percent = (value: number | undefined) => (value === undefined ? '…' : `${value.toFixed(2)}%`);
/** Two rates per second, as the columns show them: `1.2kB/s / 0B/s`; `…` until two samples. */
const rates = (a: number | undefined, b: number | undefined) => (a === undefined || b === undefined ? '…' : `${formatBytes(a)}/s / ${formatBytes(b)}/s`);

export function statsCells(figures: StatsFigures | undefined, state: string): Record<StatsColumn, string> {
  if (!figures) {
    const mark = state === 'running' ? '…' : '-';
    return { cpu: mark, mem: mark, memPercent: mark, net: mark, block: mark, pids: mark };
  }
  return {
    cpu: percent(figures.cpuPercent),
    mem: figures.memUsed === undefined ? '-' : `${formatMemory(figures.memUsed)} / ${formatMemory(figures.memLimit)}`,
    memPercent: figures.memPercent === undefined ? '-' : `${figures.memPercent.toFixed(2)}%`,
    net: rates(figures.netRxRate, figures.netTxRate),
    block: rates(figures.blockReadRate, figures.blockWriteRate),
    pids: figures.pids === undefined ? '-' : String(figures.pids),
  };
}

/** Network and block I/O since the container started, as `docker stats`'s NET I/O and BLOCK I/O write them (`1.45kB / 648B`). */
export function ioTotals(figures: StatsFigures | undefined): { net: string; block: string } {
  if (!figures) return { net: '…', block: '…' };
  return { net: `${formatBytes(figures.netRx)} / ${formatBytes(figures.netTx)}`, block: `${formatBytes(figures.blockRead)} / ${formatBytes(figures.blockWrite)}` };
}
