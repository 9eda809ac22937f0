/**
 * `npx tsx test/bench/keys-ab.ts [--node=22] [--rounds=2] DIR …`: B11's keys (move, page, filter
 * typing, view switches) over 10,000 containers (50 running) and 2,000 tags, for builds of berth
 * side by side (`npx tsx test/tools/build.ts DIR` for each), in interleaved rounds. The lists come
 * from a fake engine (test/support/fake-engine.ts) answering at once, so the figure is berth's own
 * work per key, whatever the engine costs: B11 (`npm run bench -- B11`) is the figure on dockerd
 * and its 10,000 real containers, this the tool to compare two builds with. Each key's time is
 * from the write to berth's next output with the screen as expected. `--profile=DIR` runs each
 * session under `--cpu-prof` into DIR and prints, per kind of key, where its CPU went (build with
 * esbuild's minify off to read the names). First, the first \`a\` alone (the all view built for the first time); last, the all view standing 10 s: berth's CPU in it.
 */
import { setTimeout as delay } from 'node:timers/promises';
import { readdirSync, statSync } from 'node:fs';
import path from 'node:path';
import { json, startFakeEngine } from '../support/fake-engine.ts';
import { nodeForMajor, type NodeMajor } from '../support/node-binaries.ts';
import { PtySession } from '../support/pty.ts';
import { summarize } from './stats.ts';
import { threadCpuMs } from './proc.ts';
import { windowProfile } from './window-profile.ts';

const args = process.argv.slice(2);
const major = Number(args.find((a) => a.startsWith('--node='))?.slice(7) ?? 22) as NodeMajor;
const rounds = Number(args.find((a) => a.startsWith('--rounds='))?.slice(9) ?? 2);
const profileDir = args.find((a) => a.startsWith('--profile='))?.slice(10);
const builds = args.filter((a) => !a.startsWith('--')).map((dir) => path.resolve(dir));
if (builds.length === 0) throw new Error('usage: keys-ab.ts [--node=22] [--rounds=2] DIR …');

const now = Math.floor(Date.now() / 1000);
const id = (n: number, salt: string) => `${n.toString(16).padStart(8, '0')}${salt}`.padEnd(64, '0');
const image = `sha256:${id(1, 'abba')}`;
const containers = Array.from({ length: 10_000 }, (_, i) => {
  const running = i < 50;
  const name = running ? `bench-run-${i + 1}` : `bench-mass-${i}`;
  return {
    Id: id(i, 'c0ffee'),
    Names: [`/${name}`],
    Image: 'berth-test/busybox:latest',
    ImageID: image,
    Command: running ? 'sleep 3600' : 'true',
    Created: now - 3600 - i,
    Ports: [],
    Labels: {},
    State: running ? 'running' : 'created',
    Status: running ? 'Up About an hour' : 'Created',
    HostConfig: { NetworkMode: 'none' },
    NetworkSettings: { Networks: {} },
    Mounts: [],
  };
});
const running = containers.filter((c) => c.State === 'running');
const images = Array.from({ length: 2000 }, (_, i) => ({ Containers: -1, Created: now - i, Id: `sha256:${id(i, 'abba')}`, Labels: null, ParentId: '', RepoDigests: null, RepoTags: [`bench-tag-${i}:latest`], SharedSize: -1, Size: 1984241, VirtualSize: 1984241 }));

const engine = await startFakeEngine({
  routes: {
    '/containers/json': (req, res) => {
      const all = new URL(req.url ?? '/', 'http://fake').searchParams.get('all');
      json(res, 200, all === '1' || all === 'true' ? containers : running);
    },
    '/images/json': (_req, res) => json(res, 200, images),
    '/version': (_req, res) => json(res, 200, { Version: '20.10.24', ApiVersion: '1.41', MinAPIVersion: '1.12', Os: 'linux', Arch: 'amd64' }),
  },
});

const ALL = /all: 10000/;
const IDLE_MS = 10_000;
async function session(bundle: string): Promise<Record<string, number[]>> {
  const profiling = profileDir ? ['--cpu-prof', `--cpu-prof-dir=${path.resolve(profileDir)}`] : [];
  const s = new PtySession({ command: await nodeForMajor(major), args: [...profiling, bundle], env: { DOCKER_HOST: engine.host }, cols: 150, rows: 40 });
  const output = () => (s as unknown as { raw: string }).raw.length;
  const press = async (key: string, ready: (screen: string) => boolean): Promise<number> => {
    const before = output();
    const t0 = performance.now();
    s.write(key);
    await s.waitFor((screen) => output() !== before && ready(screen), 20_000);
    return performance.now() - t0;
  };
  const times: Record<string, number[]> = { first: [], move: [], page: [], filter: [], views: [], idle: [] };
  // Each kind's stretch on the monotonic clock V8 stamps its samples with (µs).
  const windows: [string, number, number][] = [];
  const nowUs = () => Number(process.hrtime.bigint() / 1000n);
  let from = 0;
  const begin = () => (from = nowUs());
  const end = (kind: string) => windows.push([kind, from, nowUs()]);
  try {
    await s.waitFor((screen) => /bench-run-\d+/.test(screen), 30_000);
    await delay(1500);
    begin();
    times.first?.push(await press('a', (x) => ALL.test(x)));
    end('first');
    await delay(500);
    begin();
    for (let i = 0; i < 40; i++) {
      times.move?.push(await press('j', () => true));
      await delay(80);
    }
    end('move');
    begin();
    for (let i = 0; i < 20; i++) {
      times.page?.push(await press('\u001b[6~', () => true));
      await delay(80);
    }
    end('page');
    begin();
    for (const query of ['bench-mass-4242', 'mass-77']) {
      times.filter?.push(await press('/', (x) => x.includes('(Enter keeps')));
      for (let c = 1; c <= query.length; c++) {
        const text = query.slice(0, c);
        times.filter?.push(await press(query[c - 1] ?? '', (x) => x.includes(`filter "${text}"`)));
        await delay(80);
      }
      // A lone Esc, then a pause: the next key must not read as Alt+key.
      s.write('\u001b');
      await delay(400);
    }
    end('filter');
    begin();
    for (let i = 0; i < 4; i++) {
      times.views?.push(await press('a', (x) => x.includes('running: ')));
      await delay(200);
      times.views?.push(await press('a', (x) => ALL.test(x)));
      await delay(200);
      times.views?.push(await press('2', (x) => /2000 tags/.test(x)));
      await delay(200);
      times.views?.push(await press('1', (x) => ALL.test(x) || x.includes('running: ')));
      await delay(200);
    }
    end('views');
    // The all view left standing: its CPU over 10 s, where the CREATED of the 10,000 (a second
    // apart) turns at some row every second, each a tick of the screen's clock.
    await press('a', (x) => ALL.test(x) || x.includes('running: '));
    if (!ALL.test(s.screen())) await press('a', (x) => ALL.test(x));
    // Past the start-up release (1.5 s of quiet, then V8's memory reducer ~8 s after), as B4 waits.
    await delay(15_000);
    begin();
    const c0 = threadCpuMs(s.pty.pid);
    await delay(IDLE_MS);
    times.idle?.push(threadCpuMs(s.pty.pid) - c0);
    end('idle');
  } finally {
    s.write('q');
    await s.exited;
  }
  if (profileDir) {
    const newest = readdirSync(profileDir).filter((f) => f.endsWith('.cpuprofile')).map((f) => path.join(profileDir, f)).sort((a, b) => statSync(b).mtimeMs - statSync(a).mtimeMs)[0];
    for (const [kind, fromUs, toUs] of windows) if (newest) process.stderr.write(`[keys-ab] ${bundle}, ${kind}:\n${windowProfile(newest, fromUs, toUs, 50)}\n`);
  }
  return times;
}

const results = new Map<string, Record<string, number[]>>(builds.map((b) => [b, { first: [], move: [], page: [], filter: [], views: [], idle: [] }]));
for (let round = 0; round < rounds; round++) {
  for (const build of builds) {
    const times = await session(path.join(build, 'berth.cjs'));
    for (const [kind, list] of Object.entries(times)) results.get(build)?.[kind]?.push(...list);
    process.stderr.write(`[keys-ab] round ${round + 1}, ${build} done\n`);
  }
}
for (const [build, times] of results) {
  const line = Object.entries(times)
    .map(([kind, list]) => {
      const s = summarize(list);
      if (kind === 'idle') return `all view standing ${IDLE_MS / 1000} s: ${list.map((cpu) => cpu.toFixed(0)).join(', ')} ms CPU`;
      return `${kind} p95 ${s.p95.toFixed(0)} ms (median ${s.median.toFixed(0)}, n=${list.length})`;
    })
    .join(' · ');
  console.log(`${build}: ${line}`);
}
await engine.close();
