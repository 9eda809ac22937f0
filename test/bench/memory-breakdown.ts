/**
 * `env -u NODE_EXTRA_CA_CERTS npx tsx test/bench/memory-breakdown.ts [--node=22,24] [--after=20]
 * [--runs=2] [--variant='LABEL|NODE ARGS|K=V …' …] [--gdb-trim] [--snapshot] [--icu] [--mass]`: where B5s's
 * memory is, per owner (with `--mass`, B11's: 10,000 containers and 2,000 tags, the report
 * written N seconds after the all view `a`, the Images pane `2` and the Containers pane `1` were
 * shown, as B11 reads its RSS). berth is started on the bench's 50 running containers with a small preload that,
 * N seconds after start, writes what V8 and the kernel say the process holds: V8's heap per space
 * (used and resident), code, external and array-buffer memory, /proc/self/smaps summed by owner
 * (the node binary's pages, shared libraries, glibc's heap, WebAssembly memory, V8's code range,
 * other anonymous memory, thread stacks), Node's own modules loaded, and the node binary's
 * resident pages as file offsets (`report-*.pages`, for `nm -n`). Variants (node flags, an
 * environment) run interleaved, session by session, each with its own code cache. `--gdb-trim`
 * says how much of glibc's heap is free (RSS before and after gdb calls malloc_trim(0)), and before
 * that, per arena (the main one, then one per thread that allocated), what glibc has from the
 * system now and at most, and how much of it is free (gdb calls malloc_info; the main arena's
 * "at most" above "now" means glibc gave memory back, equal means it never did);
 * `--snapshot` writes a heap snapshot beside each report. `--icu` writes where berth first asks
 * for each of ICU's services (ICU_PRELOAD below), each of which holds memory from then on. The files stay in the directory it
 * logs. A development tool, not a figure: the preload costs ~3 MB of its own (the same in every
 * variant).
 */
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, writeFileSync, existsSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { setTimeout as delay } from 'node:timers/promises';
import { startSandbox } from '../sandbox/sandbox.ts';
import { NODE_VERSIONS, nodeForMajor, type NodeMajor } from '../support/node-binaries.ts';
import { press } from './b3-keypress.ts';
import { allShown, Bench, MASS_COUNT, MASS_TAGS, RUNNING_NAME } from './context.ts';
import { ScreenProbe } from './probe.ts';
import { rssBytes } from './proc.ts';

/** The preload (CommonJS, run by `node -r` before berth): one report, then nothing. */
const PRELOAD = String.raw`
const fs = require('node:fs');
const v8 = require('node:v8');
const out = process.env.BERTH_MEMORY_REPORT;
const report = () => {
  const kb = (k) => Math.round(k / 1024 * 10) / 10;
  const owners = {};
  const add = (owner, rss) => { owners[owner] = (owners[owner] || 0) + rss; };
  const maps = [];
  let current;
  for (const line of fs.readFileSync('/proc/self/smaps', 'utf8').split('\n')) {
    const head = /^([0-9a-f]+)-([0-9a-f]+) (\S+) ([0-9a-f]+) \S+ \S+\s*(.*)$/.exec(line);
    if (head) { current = { start: parseInt(head[1], 16), end: parseInt(head[2], 16), perms: head[3], offset: parseInt(head[4], 16), name: head[5], rss: 0 }; maps.push(current); continue; }
    const rss = /^Rss:\s+(\d+) kB/.exec(line);
    if (rss && current) current.rss = Number(rss[1]);
  }
  const big = [];
  maps.forEach((c, i) => {
    const next = maps[i + 1];
    const sizeKB = (c.end - c.start) / 1024;
    let owner;
    if (c.name === process.execPath || c.name.endsWith('/node')) owner = 'node binary (' + (c.perms.includes('x') ? 'text' : c.perms.includes('w') ? 'data' : 'rodata') + ')';
    else if (c.name === '[heap]') owner = 'glibc heap (brk)';
    else if (c.name === '[stack]') owner = 'main stack';
    else if (c.name.startsWith('/')) owner = 'files: ' + c.name.split('/').pop();
    else if (c.name !== '') owner = c.name;
    else if (c.perms.includes('x')) owner = 'anon exec (V8 code)';
    else if (next && next.start === c.end && next.perms === '---p' && next.end - next.start >= 1024 ** 3) owner = 'anon before a >= 1 GB reservation (wasm memory)';
    else if (c.perms === 'rw-p' && c.start % (64 * 1024 * 1024) === 0 && next && next.start === c.end && next.perms === '---p') owner = 'anon 64 MB-aligned + guard (malloc arena / thread stack)';
    else owner = 'anon other (V8 heap pages, big mallocs)';
    add(owner, c.rss);
    if (c.rss >= 512) big.push({ kB: c.rss, sizeKB, perms: c.perms, name: c.name, owner });
  });
  if (process.env.BERTH_MEMORY_PAGEMAP) {
    // The node binary's resident pages, as file offsets (for its symbols: nm -n).
    const fd = fs.openSync('/proc/self/pagemap', 'r');
    const offsets = [];
    for (const c of maps) {
      if (c.name !== process.execPath || c.rss === 0) continue;
      const pages = (c.end - c.start) / 4096;
      const entries = Buffer.alloc(pages * 8);
      fs.readSync(fd, entries, 0, entries.length, (c.start / 4096) * 8);
      for (let p = 0; p < pages; p++) if (entries.readBigUInt64LE(p * 8) >> 63n) offsets.push(c.offset + p * 4096);
    }
    fs.closeSync(fd);
    fs.writeFileSync(process.env.BERTH_MEMORY_PAGEMAP, offsets.join('\n'));
  }
  const mu = process.memoryUsage();
  const report = {
    memoryUsage: Object.fromEntries(Object.entries(mu).map(([k, v]) => [k, kb(v / 1024)])),
    heap: Object.fromEntries(Object.entries(v8.getHeapStatistics()).map(([k, v]) => [k, typeof v === 'number' && v > 4096 ? kb(v / 1024) : v])),
    spaces: v8.getHeapSpaceStatistics().map((s) => ({ space: s.space_name, sizeMB: kb(s.space_size / 1024), usedMB: kb(s.space_used_size / 1024), residentMB: kb(s.physical_space_size / 1024) })),
    code: Object.fromEntries(Object.entries(v8.getHeapCodeStatistics()).map(([k, v]) => [k, kb(v / 1024)])),
    ownersMB: Object.fromEntries(Object.entries(owners).sort((a, b) => b[1] - a[1]).map(([k, v]) => [k, kb(v)])),
    bigMappings: big.sort((a, b) => b.kB - a.kB).slice(0, 25),
    threads: fs.readdirSync('/proc/self/task').length,
    builtins: process.moduleLoadList.filter((m) => m.startsWith('NativeModule ')).map((m) => m.slice(13)),
  };
  fs.writeFileSync(out, JSON.stringify(report, null, 1));
  if (process.env.BERTH_MEMORY_SNAPSHOT) {
    v8.writeHeapSnapshot(process.env.BERTH_MEMORY_SNAPSHOT);
    fs.writeFileSync(out + '.done', '');
  }
};
// --mass: when the tool says (after its keys), else N ms after start.
if (process.env.BERTH_MEMORY_ON_SIGNAL) process.on('SIGUSR2', report);
else setTimeout(report, Number(process.env.BERTH_MEMORY_AFTER_MS)).unref();
`;

/** One line per arena of malloc_info's XML: `main 4.3 / 4.3, free 1.0; thread 0.2 / 0.2, free 0.2; …`. */
function arenas(xml: string): string {
  const mb = (bytes: string | undefined) => (Number(bytes ?? 0) / 1048576).toFixed(1);
  return [...xml.matchAll(/<heap nr="(\d+)">([\s\S]*?)<\/heap>/g)]
    .map(([, nr, body = '']) => {
      const free = [...body.matchAll(/<total type="\w+" count="\d+" size="(\d+)"\/>/g)].reduce((sum, m) => sum + Number(m[1]), 0);
      const system = (type: string) => new RegExp(`<system type="${type}" size="(\\d+)"/>`).exec(body)?.[1];
      return `${nr === '0' ? 'main' : 'thread'} ${mb(system('current'))} / ${mb(system('max'))}, free ${mb(String(free))}`;
    })
    .join('; ');
}

/**
 * `--icu`'s preload: the first call of each built-in that loads an ICU service, with the stack
 * that made it (app.cjs line:column), appended to BERTH_MEMORY_ICU. What each costs an idle
 * Node 24 here, resident: a local time (Date#getHours: the time zone) +0.6 MB, Date#toString
 * +1.0, a collator (Intl.Collator or String#localeCompare) +2.9, Intl.Segmenter +2.5,
 * Number#toLocaleString +7.6.
 */
const ICU_PRELOAD = String.raw`
const fs = require('node:fs');
const seen = new Set();
const note = (what) => {
  if (seen.has(what)) return;
  seen.add(what);
  fs.appendFileSync(process.env.BERTH_MEMORY_ICU, '== ' + what + ' at ' + Math.round(performance.now()) + ' ms\n' + new Error().stack.split('\n').slice(3, 9).join('\n') + '\n');
};
const spy = (proto, name, label) => {
  const original = proto[name];
  Object.defineProperty(proto, name, { value: function (...a) { note(label); return original.apply(this, a); }, writable: true, configurable: true });
};
for (const name of ['toString', 'toLocaleString', 'toLocaleDateString', 'toLocaleTimeString', 'getHours', 'getTimezoneOffset']) spy(Date.prototype, name, 'Date#' + name);
spy(Number.prototype, 'toLocaleString', 'Number#toLocaleString');
for (const name of ['localeCompare', 'normalize', 'toLocaleLowerCase', 'toLocaleUpperCase']) spy(String.prototype, name, 'String#' + name);
for (const name of ['Segmenter', 'Collator', 'NumberFormat', 'DateTimeFormat', 'PluralRules', 'RelativeTimeFormat', 'ListFormat']) {
  Intl[name] = new Proxy(Intl[name], { construct: (target, a) => (note('Intl.' + name), Reflect.construct(target, a)) });
}
`;

const args = process.argv.slice(2);
const majors = (args.find((a) => a.startsWith('--node='))?.slice(7) ?? '24').split(',').map(Number) as NodeMajor[];
const afterS = Number(args.find((a) => a.startsWith('--after='))?.slice(8) ?? 20);
/** Sessions per variant and Node: the first compiles without berth's code cache and writes it, the next ones use it. */
const runs = Number(args.find((a) => a.startsWith('--runs='))?.slice(7) ?? 2);
/** After the report, what glibc's malloc holds free: RSS before and after gdb calls malloc_trim(0) in berth. */
const gdbTrim = args.includes('--gdb-trim');
/** A heap snapshot beside each report (after it: the snapshot itself costs memory). */
const snapshot = args.includes('--snapshot');
/** Where the first call of each ICU service came from (ICU_PRELOAD), printed after each report. */
const icu = args.includes('--icu');
/** B11's fixture (10,000 containers, 2,000 tags); the report --after seconds after `a`, `2`, `1` were shown. */
const mass = args.includes('--mass');
const MASS_TAGS_SHOWN = /\b(\d{4,}) tags\b/;
/**
 * `--variant=LABEL|ARG ARG…|K=V K=V…`: node arguments and environment to compare, interleaved
 * session by session, each with a code cache of its own (V8 takes a cache only under its flags).
 * None: berth as it ships.
 */
const variants = args
  .filter((a) => a.startsWith('--variant='))
  .map((a) => {
    const [label = '', argText = '', envText = ''] = a.slice(10).split('|');
    return { label, nodeArgs: argText.split(' ').filter(Boolean), env: Object.fromEntries(envText.split(' ').filter(Boolean).map((kv) => kv.split(/=(.*)/s).slice(0, 2) as [string, string])) };
  });
if (variants.length === 0) variants.push({ label: 'as shipped', nodeArgs: [], env: {} });
const log = (line: string) => process.stderr.write(`[breakdown] ${line}\n`);

const dir = mkdtempSync(path.join(os.tmpdir(), 'berth-breakdown-'));
const preload = path.join(dir, 'preload.cjs');
log(`reports in ${dir}`);
writeFileSync(preload, PRELOAD);
const icuPreload = path.join(dir, 'icu.cjs');
writeFileSync(icuPreload, ICU_PRELOAD);
const sandbox = await startSandbox({ log: (line) => log(`sandbox: ${line}`) });
const bench = Bench.create(sandbox, { quick: true, b5Minutes: 0, log });
const summary: string[] = [];
try {
  await bench.ensureRunning();
  if (mass) {
    await bench.ensureMass();
    await bench.ensureMassImages();
  }
  for (const major of majors) {
    bench.berthNode = { label: `Node ${NODE_VERSIONS[major]}`, path: await nodeForMajor(major, log) };
    const rss = variants.map(() => [] as number[]);
    for (let run = 1; run <= runs; run++) {
      for (const [index, variant] of variants.entries()) {
        const report = path.join(dir, `report-${major}-${index}-${run}.json`);
        const env = { ...variant.env, XDG_CACHE_HOME: path.join(dir, `cache-${index}`), BERTH_MEMORY_REPORT: report, BERTH_MEMORY_AFTER_MS: String(afterS * 1000), ...(mass && { BERTH_MEMORY_ON_SIGNAL: '1' }), ...(snapshot && { BERTH_MEMORY_SNAPSHOT: `${report}.heapsnapshot` }), BERTH_MEMORY_PAGEMAP: `${report}.pages` };
        const icuReport = `${report}.icu.txt`;
        const session = bench.launchBerth({ nodeArgs: ['-r', preload, ...(icu ? ['-r', icuPreload] : []), ...variant.nodeArgs], env: { ...env, ...(icu && { BERTH_MEMORY_ICU: icuReport }) } });
        const probe = new ScreenProbe(session);
        await probe.until((v) => RUNNING_NAME.test(v.text), mass ? 30_000 : 15_000);
        if (mass) {
          await press(probe, 'a', allShown(MASS_COUNT));
          await press(probe, '2', (v) => Number(MASS_TAGS_SHOWN.exec(v.text)?.[1] ?? 0) >= MASS_TAGS);
          await press(probe, '1', allShown(MASS_COUNT));
          await delay(afterS * 1000);
          process.kill(session.pty.pid, 'SIGUSR2');
        }
        probe.dispose();
        while (!existsSync(report)) await delay(200);
        const pid = session.pty.pid;
        const reportRss = (JSON.parse(readFileSync(report, 'utf8')) as { memoryUsage: { rss: number } }).memoryUsage.rss;
        rss[index]?.push(reportRss);
        process.stdout.write(`=== ${bench.berthNode.label}, ${variant.label}, session ${run} (after ${afterS} s) ===\n${readFileSync(report, 'utf8')}\n`);
        if (icu) process.stdout.write(`=== ICU services asked for ===\n${existsSync(icuReport) ? readFileSync(icuReport, 'utf8') : 'none\n'}`);
        if (gdbTrim) {
          const before = rssBytes(pid);
          const info = `${report}.malloc.xml`;
          const calls = [`call (void*)fopen("${info}","w")`, 'call (int)malloc_info(0,$1)', 'call (int)fclose($1)', 'call (int)malloc_trim(0)'];
          execFileSync('gdb', ['-p', String(pid), '-batch', ...calls.flatMap((c) => ['-ex', c])], { stdio: 'ignore' });
          if (existsSync(info)) process.stdout.write(`=== glibc arenas (MB: from the system now / at most, of it free) ===\n${arenas(readFileSync(info, 'utf8'))}\n`);
          process.stdout.write(`=== malloc_trim(0): RSS ${(before / 1048576).toFixed(1)} → ${(rssBytes(pid) / 1048576).toFixed(1)} MB ===\n`);
        }
        if (snapshot) while (!existsSync(`${report}.done`)) await delay(200);
        await bench.quit(session);
      }
    }
    for (const [index, variant] of variants.entries()) summary.push(`${bench.berthNode.label}, ${variant.label}: RSS at ${afterS} s (MB, the preload's included) ${rss[index]?.join(', ')}`);
  }
} finally {
  await bench.disposeAll();
  bench.removeBundle();
  await sandbox.stop();
}
process.stdout.write(`${summary.join('\n')}\n`);
