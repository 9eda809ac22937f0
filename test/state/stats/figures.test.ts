/**
 * The `docker stats` figures from samples shaped as dockerd 20.10 sends them on cgroup v1 and v2
 * and as Podman 4.3 does (engine-api-notes-wave2 §1), and the way they are written.
 */
import assert from 'node:assert/strict';
import { test } from 'node:test';
import type { ContainerStats } from '../../../src/engine/stats.ts';
import { statsFigures } from '../../../src/state/stats/figures.ts';
import { formatMemory, ioTotals, statsCells } from '../../../src/app/rows/stats-cells.ts';

const v1: ContainerStats = {
  read: '2026-11-23T10:00:02.000000000Z',
  cpu_stats: { cpu_usage: { total_usage: 3_000_000_000, percpu_usage: [1_500_000_000, 1_500_000_000] }, system_cpu_usage: 20_000_000_000 },
  precpu_stats: { cpu_usage: { total_usage: 2_000_000_000 }, system_cpu_usage: 16_000_000_000 },
  memory_stats: { usage: 100 * 1024 * 1024, limit: 1024 * 1024 * 1024, stats: { total_inactive_file: 20 * 1024 * 1024, inactive_file: 5 } },
  networks: { eth0: { rx_bytes: 1000, tx_bytes: 500 }, eth1: { rx_bytes: 24, tx_bytes: 0 } },
  blkio_stats: { io_service_bytes_recursive: [{ op: 'Read', value: 4096 }, { op: 'Write', value: 8192 }, { op: 'Total', value: 12288 }] },
  pids_stats: { current: 3 },
};

test('cgroup v1: CPU from the frame’s own precpu × the per-CPU count; memory less total_inactive_file', () => {
  const f = statsFigures(v1);
  // Δusage 1e9 over Δsystem 4e9, 2 CPUs: 50 %.
  assert.equal(f.cpuPercent, 50);
  assert.equal(f.memUsed, 80 * 1024 * 1024);
  assert.equal(f.memPercent, (80 / 1024) * 100);
  assert.deepEqual([f.netRx, f.netTx, f.blockRead, f.blockWrite, f.pids], [1024, 500, 4096, 8192, 3]);
  assert.equal(f.netRxRate, undefined, 'no rate from one sample');
});

test('cgroup v2: online_cpus, inactive_file, read/write ops; rates against the previous sample', () => {
  const first: ContainerStats = {
    read: '2026-11-23T10:00:00Z',
    cpu_stats: { cpu_usage: { total_usage: 1e9 }, system_cpu_usage: 10e9, online_cpus: 4 },
    memory_stats: { usage: 1000, limit: 4000, stats: { inactive_file: 200 } },
    networks: { eth0: { rx_bytes: 0, tx_bytes: 0 } },
    blkio_stats: { io_service_bytes_recursive: [{ op: 'read', value: 0 }, { op: 'write', value: 0 }] },
  };
  const second: ContainerStats = {
    ...first,
    read: '2026-11-23T10:00:02Z',
    cpu_stats: { cpu_usage: { total_usage: 1.5e9 }, system_cpu_usage: 18e9, online_cpus: 4 },
    precpu_stats: first.cpu_stats,
    networks: { eth0: { rx_bytes: 2000, tx_bytes: 400 } },
    blkio_stats: { io_service_bytes_recursive: [{ op: 'read', value: 1000 }, { op: 'write', value: 3000 }] },
  };
  assert.equal(statsFigures(first).cpuPercent, undefined, 'an unprimed first frame says nothing about CPU');
  const f = statsFigures(second, first);
  assert.equal(f.cpuPercent, 25); // 0.5e9 / 8e9 × 4
  assert.equal(f.memUsed, 800);
  assert.equal(f.memPercent, 20);
  assert.deepEqual([f.netRxRate, f.netTxRate, f.blockReadRate, f.blockWriteRate], [1000, 200, 500, 1500]);
});

test('Podman on cgroup v2 (no CPU count, busy-only system time, extra blkio ops): CPU from our own samples and the wall clock', () => {
  const at = (s: number, usage: number): ContainerStats => ({
    read: `2026-11-23T10:00:0${s}Z`,
    cpu_stats: { cpu_usage: { total_usage: usage, percpu_usage: [] }, system_cpu_usage: 5e9 + usage, online_cpus: 0 },
    precpu_stats: { cpu_usage: { total_usage: usage / 2 }, system_cpu_usage: 1e9 },
    memory_stats: { usage: 2048, limit: 8192 },
    blkio_stats: { io_service_bytes_recursive: [{ op: 'read', value: 10 }, { op: 'rios', value: 99 }, { op: 'write', value: 20 }, { op: 'wios', value: 99 }] },
  });
  const f = statsFigures(at(5, 2.5e9), at(0, 0), { podman: true });
  // 2.5 s of CPU over 5 s of wall time: half of one CPU.
  assert.equal(f.cpuPercent, 50);
  assert.equal(f.memUsed, 2048);
  assert.deepEqual([f.blockRead, f.blockWrite], [10, 20]);
});

test('Podman with a CPU count (cgroup v1): still the wall clock, since its host usage is busy time only', () => {
  const frame = (s: number, usage: number, busy: number): ContainerStats => ({
    read: `2026-11-23T10:00:0${s}Z`,
    cpu_stats: { cpu_usage: { total_usage: usage, percpu_usage: [usage / 2, usage / 2] }, system_cpu_usage: busy, online_cpus: 2 },
    precpu_stats: { cpu_usage: { total_usage: 0 }, system_cpu_usage: 1 },
  });
  // A busy loop: 1 s of CPU a second; the host was busy only with it. Docker's formula says 200 %.
  assert.equal(Math.round(statsFigures(frame(2, 2e9, 2e9), frame(0, 0, 1)).cpuPercent ?? 0), 200);
  assert.equal(statsFigures(frame(2, 2e9, 2e9), frame(0, 0, 1), { podman: true }).cpuPercent, 100);
});

test('written as docker stats writes them', () => {
  assert.equal(formatMemory(64 * 1024 * 1024), '64MiB');
  assert.equal(formatMemory(21.4 * 1024 * 1024), '21.4MiB');
  assert.equal(formatMemory(1.944 * 1024 ** 3), '1.944GiB');
  assert.equal(formatMemory(512), '512B');
  const cells = statsCells(statsFigures(v1), 'running');
  assert.equal(cells.cpu, '50.00%');
  assert.equal(cells.mem, '80MiB / 1GiB');
  assert.equal(cells.memPercent, '7.81%');
  assert.equal(cells.pids, '3');
  assert.equal(statsCells(undefined, 'running').cpu, '…', 'measured soon');
  assert.equal(statsCells(undefined, 'exited').cpu, '-', 'never measured');
  // NET I/O and BLOCK I/O: totals since the start, as docker stats prints them (go-units, 3 significant digits).
  assert.deepEqual(ioTotals(statsFigures(v1)), { net: '1.02kB / 500B', block: '4.1kB / 8.19kB' });
  assert.deepEqual(ioTotals(undefined), { net: '…', block: '…' });
});
