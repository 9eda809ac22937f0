/**
 * docker stats' figures from two cgroup readings: CPU as a share of one core over the wall time
 * between them, memory against the container's limit or the host's memory (as dockerd reports
 * an unlimited container's), net and block as totals and rates.
 */
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { cgroupFigures } from '../../../src/state/stats/cgroup-figures.ts';

const GiB = 1024 ** 3;

test('CPU, memory, I/O totals and rates between two readings 2 s apart', () => {
  const before = { at: 10_000, sample: { memUsed: 1, cpuUsec: 1_000_000, netRx: 100, netTx: 50, blockRead: 0, blockWrite: 4096 } };
  const now = { at: 12_000, sample: { memUsed: 64 * 1024 ** 2, memLimit: 128 * 1024 ** 2, cpuUsec: 2_500_000, netRx: 2100, netTx: 50, blockRead: 8192, blockWrite: 4096, pids: 7 } };
  const f = cgroupFigures(now, before, 8 * GiB);
  assert.equal(f.cpuPercent, 75, '1.5 s of CPU in 2 s: 75 % of a core');
  assert.deepEqual([f.memUsed, f.memLimit, f.memPercent, f.pids], [64 * 1024 ** 2, 128 * 1024 ** 2, 50, 7]);
  assert.deepEqual([f.netRx, f.netTx, f.blockRead, f.blockWrite], [2100, 50, 8192, 4096]);
  assert.deepEqual([f.netRxRate, f.netTxRate, f.blockReadRate, f.blockWriteRate], [1000, 0, 4096, 0]);
  assert.equal(f.at, 12_000);
});

test('the first reading has no CPU or rates; no limit, or one above the host memory, is the host memory', () => {
  const unlimited = cgroupFigures({ at: 1, sample: { memUsed: GiB, cpuUsec: 5 } }, undefined, 4 * GiB);
  assert.equal(unlimited.cpuPercent, undefined);
  assert.equal(unlimited.netRxRate, undefined);
  assert.deepEqual([unlimited.memLimit, unlimited.memPercent, unlimited.netRx, unlimited.blockRead], [4 * GiB, 25, 0, 0]);
  // cgroup v1's "no limit" is a page-rounded 2^63.
  const v1 = cgroupFigures({ at: 1, sample: { memUsed: GiB, cpuUsec: 5, memLimit: 9223372036854771712 } }, undefined, 4 * GiB);
  assert.equal(v1.memLimit, 4 * GiB);
});

test('a counter that went back (the container restarted between readings) gives no rate, never a negative one', () => {
  const f = cgroupFigures({ at: 2000, sample: { memUsed: 1, cpuUsec: 10, netRx: 5 } }, { at: 1000, sample: { memUsed: 1, cpuUsec: 900, netRx: 500 } }, GiB);
  assert.equal(f.cpuPercent, 0);
  assert.equal(f.netRxRate, undefined);
});
