import assert from 'node:assert/strict';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, test } from 'node:test';
import type { EngineClient } from '../../src/engine/client.ts';
import { containerIdOfCgroup, cpuUsecV2, ioBytesV1, ioBytesV2, memoryUsed, netBytes, parseSingleValue, ratesBetween, statValue, type CgroupSample } from '../../src/state/pulse/cgroup-files.ts';
import { CgroupReader } from '../../src/state/pulse/cgroup-reader.ts';
import { EnginePulse, type CgroupSampler } from '../../src/state/pulse/engine-pulse.ts';

const idA = 'a'.repeat(64);
const idB = 'b'.repeat(64);
const idC = 'c'.repeat(64);
const dirs: string[] = [];
after(() => {
  for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
});

test('memory.current, memory.stat and cpu.stat usage_usec (v2); memory less the inactive page cache as docker stats counts it', () => {
  assert.equal(parseSingleValue('10485760\n'), 10485760);
  assert.equal(parseSingleValue('max\n'), undefined);
  const stat = 'anon 8388608\nfile 2097152\ninactive_file 1048576\nactive_file 1048576\n';
  assert.equal(statValue(stat, 'inactive_file'), 1048576);
  assert.equal(statValue(stat, 'anon'), 8388608, 'the first line too');
  assert.equal(statValue(stat, 'file'), 2097152, 'a key that ends another key is not matched inside it');
  assert.equal(statValue('file 12', 'file'), 12, 'a last line without its newline');
  assert.equal(statValue(stat, 'shmem'), undefined);
  assert.equal(memoryUsed(10485760, stat, 2), 10485760 - 1048576);
  // v1's memory.stat has the cgroup's own inactive_file and the hierarchy's total_inactive_file: docker uses the total.
  assert.equal(memoryUsed(1000, 'inactive_file 100\ntotal_inactive_file 300\n', 1), 700);
  // Inactive cache larger than usage (a racing read): usage as it is, never negative.
  assert.equal(memoryUsed(100, 'inactive_file 500\n', 2), 100);
  assert.equal(cpuUsecV2('usage_usec 2500000\nuser_usec 2000000\nsystem_usec 500000\nnr_periods 0\n'), 2500000);
  assert.equal(cpuUsecV2('user_usec 1\n'), undefined);
});

test('block and net bytes: v2 io.stat, v1 io_service_bytes (its Total lines left out), /proc/<pid>/net/dev without lo', () => {
  assert.deepEqual(ioBytesV2('8:0 rbytes=4096 wbytes=8192 rios=1 wios=2 dbytes=0 dios=0\n8:16 rbytes=1 wbytes=2 rios=1 wios=1\n'), { read: 4097, write: 8194 });
  assert.deepEqual(ioBytesV1('8:0 Read 4096\n8:0 Write 8192\n8:0 Sync 0\n8:0 Total 12288\nTotal 12288\n'), { read: 4096, write: 8192 });
  const dev = [
    'Inter-|   Receive                                                |  Transmit',
    ' face |bytes    packets errs drop fifo frame compressed multicast|bytes    packets errs drop fifo colls carrier compressed',
    '    lo:    1000      10    0    0    0     0          0         0     1000      10    0    0    0     0       0          0',
    '  eth0:    5000      50    0    0    0     0          0         0     7000      70    0    0    0     0       0          0',
  ].join('\n');
  assert.deepEqual(netBytes(dev), { rx: 5000, tx: 7000 });
});

test('a container cgroup by its directory name: cgroupfs, systemd scopes, Podman; never Podman’s conmon', () => {
  assert.equal(containerIdOfCgroup(idA), idA);
  assert.equal(containerIdOfCgroup(`docker-${idA}.scope`), idA);
  assert.equal(containerIdOfCgroup(`libpod-${idA}`), idA);
  assert.equal(containerIdOfCgroup(`libpod-${idA}.scope`), idA);
  assert.equal(containerIdOfCgroup(`libpod-conmon-${idA}`), undefined);
  assert.equal(containerIdOfCgroup('system.slice'), undefined);
  assert.equal(containerIdOfCgroup(`x${idA}`), undefined);
});

test('rates between two samples: CPU as docker stats shows it (100 % a core), bytes a second', () => {
  const before: CgroupSample = { memUsed: 10, cpuUsec: 1_000_000, blockRead: 0, blockWrite: 0, netRx: 100, netTx: 100 };
  const after: CgroupSample = { memUsed: 20, cpuUsec: 4_000_000, blockRead: 2000, blockWrite: 4000, netRx: 300, netTx: 100 };
  assert.deepEqual(ratesBetween(before, after, 2), { cpuPercent: 150, memUsed: 20, blockReadRate: 1000, blockWriteRate: 2000, netRxRate: 100, netTxRate: 0 });
  assert.equal(ratesBetween({ memUsed: 1, cpuUsec: 1 }, { memUsed: 1, cpuUsec: 2 }, 1).netRxRate, undefined, 'no net figures: none made up');
});

function tree(files: Record<string, string>): string {
  const base = mkdtempSync(join(tmpdir(), 'berth-cgroup-'));
  dirs.push(base);
  for (const [path, text] of Object.entries(files)) {
    mkdirSync(join(base, path, '..'), { recursive: true });
    writeFileSync(join(base, path), text);
  }
  return base;
}

test('the reader finds containers by id in a v2 tree (under a sandbox parent) and a v1 tree (per controller); one it cannot find is missing', () => {
  const v2 = tree({
    'cgroup.controllers': 'cpu memory io\n',
    [`berth-sandbox-x/${idA}/memory.current`]: '3000\n',
    [`berth-sandbox-x/${idA}/memory.stat`]: 'inactive_file 1000\n',
    [`berth-sandbox-x/${idA}/cpu.stat`]: 'usage_usec 42\n',
    [`berth-sandbox-x/${idA}/io.stat`]: '8:0 rbytes=5 wbytes=6 rios=1 wios=1\n',
    [`berth-sandbox-x/${idA}/memory.max`]: 'max\n',
    [`berth-sandbox-x/${idA}/pids.current`]: '4\n',
    [`system.slice/libpod-conmon-${idB}/memory.current`]: '1\n',
  });
  const samples = new CgroupReader(v2).sample([idA, idB], { detail: true });
  assert.deepEqual(samples.get(idA), { memUsed: 2000, cpuUsec: 42, blockRead: 5, blockWrite: 6, pids: 4 }, 'a limit of "max" is no limit');
  assert.equal(samples.has(idB), false, 'a conmon cgroup is not the container');
  const reader2 = new CgroupReader(v2);
  reader2.sample([idA]);
  assert.ok(reader2.located(idA));
  assert.equal(reader2.located(idB), false);

  const v1 = tree({
    [`memory/libpod_parent/libpod-${idB}/memory.usage_in_bytes`]: '5000\n',
    [`memory/libpod_parent/libpod-${idB}/memory.stat`]: 'inactive_file 1\ntotal_inactive_file 500\n',
    [`cpuacct/libpod_parent/libpod-${idB}/cpuacct.usage`]: '7000000\n',
    [`memory/libpod_parent/libpod-${idB}/memory.limit_in_bytes`]: '67108864\n',
    [`pids/libpod_parent/libpod-${idB}/pids.current`]: '2\n',
  });
  const reader = new CgroupReader(v1);
  assert.ok(reader.usable);
  assert.deepEqual(reader.sample([idB], { detail: true }).get(idB), { memUsed: 4500, cpuUsec: 7000, memLimit: 67108864, pids: 2 });
  assert.deepEqual(reader.sample([idB]).get(idB), { memUsed: 4500, cpuUsec: 7000 }, 'the limit and processes only when asked (the pulse line shows neither)');
  assert.equal(new CgroupReader(join(v1, 'nowhere')).sample([idB]).size, 0, 'no cgroup tree: nothing found');
});

test('the pulse source: a container its files cover is measured from them after two samples, one they do not is named for the engine’s stats', async () => {
  let cpuUsec = 0;
  const sampler: CgroupSampler = {
    sample: (ids) => {
      cpuUsec += 50_000;
      return new Map(ids.filter((id) => id === idA).map((id) => [id, { memUsed: 1234, cpuUsec }]));
    },
    located: (id) => id === idA || id === idC,
  };
  const client = { info: () => new Promise(() => undefined), systemDf: () => new Promise(() => undefined) } as unknown as EngineClient;
  const pulse = new EnginePulse(() => client, 60_000, () => sampler, 20);
  pulse.watch({ pulse: true, pulseContainers: [idA, idB, idC] });
  const measured = await new Promise<ReturnType<typeof pulse.store.getState>>((resolve) => {
    const check = () => {
      const s = pulse.store.getState();
      if (s.cgroupFigures?.has(idA)) resolve(s);
    };
    pulse.store.subscribe(check);
    check();
  });
  pulse.stop();
  assert.deepEqual([...(measured.cgroupMissing ?? [])], [idB], 'C: found before, unreadable this once (between runs): no stream for it');
  const a = measured.cgroupFigures?.get(idA);
  assert.equal(a?.memUsed, 1234);
  assert.ok((a?.cpuPercent ?? 0) > 0, 'CPU from the usage between two samples');
  assert.equal(measured.cgroupFigures?.has(idB), false);
});
