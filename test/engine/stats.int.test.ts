/**
 * berth's resource figures against `docker stats --no-stream` for the same containers on the
 * sandbox dockerd: a busy loop (`yes > /dev/null`) and one holding 20 MiB of memory in its /dev/shm. They are
 * sampled a moment apart, so the tolerances are what a second of difference allows: CPU within
 * 30 points (a busy loop sits near 100 % of a CPU on either side), memory within 10 % (+1 MiB).
 * Also `docker top`, and what stats says for a container that is not running.
 */
import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import { EngineClient } from '../../src/engine/client.ts';
import type { ContainerStats } from '../../src/engine/stats.ts';
import { statsFigures, type StatsFigures } from '../../src/state/stats/figures.ts';
import { sandboxDocker, sandboxEnv } from '../support/sandbox-env.ts';

const env = sandboxEnv();
const podman = env.engine === 'podman';
const client = new EngineClient({ host: env.dockerHost, env: {} });
const tag = `statsint${process.pid}`;
const busy = `${tag}-busy`;
const holder = `${tag}-mem`;

before(async () => {
  await sandboxDocker(['run', '-d', '--network', 'none', '--name', busy, env.images.busybox, 'sh', '-c', 'yes > /dev/null']);
  // 20 MiB in the container's /dev/shm (tmpfs, so memory it holds, not a file cache to drop).
  await sandboxDocker(['run', '-d', '--network', 'none', '--name', holder, env.images.busybox, 'sh', '-c', 'dd if=/dev/zero of=/dev/shm/fill bs=1048576 count=20 && sleep 3600']);
});

after(async () => {
  await sandboxDocker(['rm', '-f', busy, holder]).catch(() => undefined);
  await client.close();
});

/** berth's figures after `samples` samples of the container's stream (CPU needs two). */
async function figuresOf(name: string, samples = 3): Promise<StatsFigures> {
  const abort = new AbortController();
  let previous: ContainerStats | undefined;
  let figures: StatsFigures | undefined;
  let seen = 0;
  for await (const sample of client.stats(name, { signal: abort.signal })) {
    figures = statsFigures(sample, previous, { podman });
    previous = sample;
    if (++seen >= samples) break;
  }
  abort.abort();
  assert.ok(figures, 'the engine sent samples');
  return figures;
}

/** `docker stats --no-stream`'s CPU % and memory in bytes. */
async function dockerStats(name: string): Promise<{ cpu: number; mem: number }> {
  const out = (await sandboxDocker(['stats', '--no-stream', '--format', '{{.CPUPerc}} {{.MemUsage}}', name])).trim();
  const match = /^([\d.]+)% ([\d.]+)([KMG]i?B|B) \//.exec(out);
  assert.ok(match, out);
  const units: Record<string, number> = { B: 1, KiB: 1024, MiB: 1024 ** 2, GiB: 1024 ** 3 };
  return { cpu: Number(match[1]), mem: Number(match[2]) * (units[match[3] ?? 'B'] ?? 1) };
}

test('a busy loop: CPU % as docker stats computes it, within 30 points', async () => {
  const ours = await figuresOf(busy);
  const theirs = await dockerStats(busy);
  assert.ok(ours.cpuPercent !== undefined);
  assert.ok(ours.cpuPercent > 30, `a busy loop is busy: ${ours.cpuPercent}`);
  // Podman: the docker CLI's own arithmetic on Podman's answers is wrong (busy-only host time, a
  // 5 s interval: it shows ~0 % here), so berth is held to what a busy loop is: one CPU.
  const expected = podman ? 100 : theirs.cpu;
  assert.ok(Math.abs(ours.cpuPercent - expected) <= 30, `berth ${ours.cpuPercent.toFixed(1)} % vs ${podman ? 'one CPU' : `docker stats ${theirs.cpu} %`}`);
  assert.equal(ours.pids, 1);
});

test('memory held: used (less the inactive file cache) as docker stats shows it, within 10 %', async () => {
  // The shell takes a moment to build its 20 MB: wait until the engine sees it held.
  const deadline = Date.now() + 30_000;
  while ((await dockerStats(holder)).mem < 15_000_000) {
    assert.ok(Date.now() < deadline, 'the container never held its 20 MB');
  }
  const ours = await figuresOf(holder, 1);
  const theirs = await dockerStats(holder);
  assert.ok(ours.memUsed !== undefined && ours.memUsed > 15_000_000, `holds ~20 MB: ${ours.memUsed}`);
  assert.ok(Math.abs(ours.memUsed - theirs.mem) <= theirs.mem * 0.1 + 1024 * 1024, `berth ${ours.memUsed} vs docker stats ${theirs.mem}`);
  assert.ok((ours.memLimit ?? 0) > ours.memUsed, 'a limit (the host’s memory when none is set)');
});

test('docker top lists the container’s processes; a stopped container’s top is the engine’s own refusal', async () => {
  const top = await client.top(holder);
  // dockerd runs the host's `ps -ef` (UID PID PPID C STIME TTY TIME CMD, a title each); Podman
  // runs the container's own ps and passes its header and lines on whole ("PID   USER     COMMAND").
  const titles = top.titles.join(' ');
  if (podman) assert.match(titles, /PID\s+USER\s+COMMAND/);
  else assert.ok(top.titles.includes('PID') && top.titles.includes('CMD'), titles);
  assert.ok(top.processes.some((row) => row.join(' ').includes('sleep')), JSON.stringify(top.processes));
  await sandboxDocker(['create', '--name', `${tag}-stopped`, env.images.busybox, 'true']);
  try {
    // dockerd refuses in its own words; Podman answers 200 with nothing.
    if (podman) assert.equal((await client.top(`${tag}-stopped`)).processes.length, 0);
    else await assert.rejects(client.top(`${tag}-stopped`), /is not running/);
  } finally {
    await sandboxDocker(['rm', '-f', `${tag}-stopped`]);
  }
});
