/**
 * B17: the layer explorer (`L`) on a 1 GB image of 50,000 files in 5 layers (the last rewrites
 * 2,000 files of the first and deletes a directory of the second, so dive has work to do). Timed
 * from the key: its first layer on screen, and dive's figures on screen (the whole archive read
 * and analysed); beside them, in the same run, what the docker CLI takes to read the same archive
 * (`docker save IMAGE | tar -t > /dev/null`). berth's RSS is sampled all along: it must keep the
 * tree, never the archive.
 *
 * The image is made once and kept (its tag says what it holds): its layers are streamed into
 * `docker load` as they are made, never written to a file.
 */
import { spawn } from 'node:child_process';
import { createHash } from 'node:crypto';
import type { Writable } from 'node:stream';
import type { Bench } from './context.ts';
import { ScreenProbe } from './probe.ts';
import { cpuMs, rssBytes } from './proc.ts';
import { summarize } from './stats.ts';
import { mb, ms, ratio, spread, verdict, type Row } from './table.ts';

const IMAGE = 'berth-bench/layers:1g-50k';
const LAYERS = 5;
const FILES_PER_LAYER = 10_000;
const FILE_BYTES = 21_000;
const REWRITTEN = 2000;

const BLOCK = 512;

export function header(name: string, size: number, type: '0' | '5'): Buffer {
  const h = Buffer.alloc(BLOCK);
  h.write(name, 0, 100, 'utf8');
  h.write(`${(type === '5' ? 0o755 : 0o644).toString(8).padStart(7, '0')}\0`, 100, 8, 'ascii');
  h.write('0000000\0', 108, 8, 'ascii');
  h.write('0000000\0', 116, 8, 'ascii');
  h.write(`${size.toString(8).padStart(11, '0')}\0`, 124, 12, 'ascii');
  h.write(`${Math.floor(Date.now() / 1000).toString(8).padStart(11, '0')}\0`, 136, 12, 'ascii');
  h.write(type, 156, 1, 'ascii');
  h.write('ustar\0', 257, 6, 'ascii');
  h.write('00', 263, 2, 'ascii');
  h.fill(0x20, 148, 156);
  let sum = 0;
  for (const byte of h) sum += byte;
  h.write(`${sum.toString(8).padStart(6, '0')}\0 `, 148, 8, 'ascii');
  return h;
}

export const padding = (size: number) => Buffer.alloc((BLOCK - (size % BLOCK)) % BLOCK);

/** One layer's tar, piece by piece: directories then files (each a different byte, so no two layers' files are alike). */
export function* layerParts(layer: number): Generator<Buffer> {
  const data = (seed: number) => Buffer.alloc(FILE_BYTES, 0x41 + (seed % 26));
  const dir = (name: string) => header(`${name}/`, 0, '5');
  const file = function* (name: string, seed: number) {
    yield header(name, FILE_BYTES, '0');
    yield data(seed);
    yield padding(FILE_BYTES);
  };
  yield dir(`l${layer}`);
  const rewrite = layer === LAYERS - 1 ? REWRITTEN : 0;
  for (let d = 0; d < 100; d++) yield dir(`l${layer}/d${d}`);
  for (let f = 0; f < FILES_PER_LAYER - rewrite; f++) yield* file(`l${layer}/d${f % 100}/f${f}`, layer + f);
  if (rewrite > 0) {
    // The last layer rewrites files of the first, and deletes a directory of the second.
    yield dir('l0');
    for (let d = 0; d < 100; d++) yield dir(`l0/d${d}`);
    for (let f = 0; f < rewrite; f++) yield* file(`l0/d${f % 100}/f${f}`, 7 + f);
    yield dir('l1');
    yield header('l1/.wh.d0', 0, '0');
  }
  yield Buffer.alloc(BLOCK * 2);
}

async function write(stream: Writable, data: Buffer): Promise<void> {
  if (!stream.write(data)) await new Promise((resolve) => stream.once('drain', resolve));
}

/** Streams a legacy `docker save` archive of the image into `docker load`. */
async function loadImage(bench: Bench): Promise<void> {
  const child = spawn(bench.sandbox.dockerCliPath, ['load'], { env: { ...process.env, ...bench.dockerEnv() }, stdio: ['pipe', 'ignore', 'inherit'] });
  const done = new Promise<void>((resolve, reject) => {
    child.on('error', reject);
    child.on('close', (code) => (code === 0 ? resolve() : reject(new Error(`docker load exited ${code}`))));
  });
  const stdin = child.stdin;
  const diffIds: string[] = [];
  for (let layer = 0; layer < LAYERS; layer++) {
    // Two passes: the size first (the outer tar's header needs it), then the bytes, hashed as they go.
    let size = 0;
    for (const part of layerParts(layer)) size += part.length;
    const id = `layer${layer}`;
    await write(stdin, header(`${id}/`, 0, '5'));
    await write(stdin, header(`${id}/layer.tar`, size, '0'));
    const hash = createHash('sha256');
    for (const part of layerParts(layer)) {
      hash.update(part);
      await write(stdin, part);
    }
    await write(stdin, padding(size));
    diffIds.push(`sha256:${hash.digest('hex')}`);
  }
  const created = new Date().toISOString();
  const config = Buffer.from(JSON.stringify({ architecture: 'amd64', os: 'linux', created, config: {}, rootfs: { type: 'layers', diff_ids: diffIds }, history: diffIds.map((_, i) => ({ created, created_by: `bench layer ${i + 1}` })) }));
  const manifest = Buffer.from(JSON.stringify([{ Config: 'config.json', RepoTags: [IMAGE], Layers: diffIds.map((_, i) => `layer${i}/layer.tar`) }]));
  for (const [name, data] of [
    ['config.json', config],
    ['manifest.json', manifest],
  ] as const) {
    await write(stdin, header(name, data.length, '0'));
    await write(stdin, data);
    await write(stdin, padding(data.length));
  }
  await write(stdin, Buffer.alloc(BLOCK * 2));
  stdin.end();
  await done;
}

async function ensureImage(bench: Bench): Promise<void> {
  const found = await bench.api<{ Id?: string }>('GET', `/images/${encodeURIComponent(IMAGE)}/json`).catch(() => undefined);
  if (found?.Id) return;
  bench.log(`B17: making ${IMAGE} (${LAYERS} layers, ${LAYERS * FILES_PER_LAYER} files, ~1 GB), once`);
  await loadImage(bench);
}

/** `docker save IMAGE | tar -t > /dev/null`: wall ms. */
async function cliRead(bench: Bench): Promise<number> {
  const t0 = performance.now();
  const child = spawn('/bin/sh', ['-c', `"$DOCKER" save ${IMAGE} | tar -t > /dev/null`], { env: { ...process.env, ...bench.dockerEnv(), DOCKER: bench.sandbox.dockerCliPath }, stdio: ['ignore', 'ignore', 'inherit'] });
  await new Promise<void>((resolve, reject) => {
    child.on('error', reject);
    child.on('close', (code) => (code === 0 ? resolve() : reject(new Error(`docker save | tar -t exited ${code}`))));
  });
  return performance.now() - t0;
}

interface Round {
  first: number;
  done: number;
  cli: number;
  rss: number;
  /** berth's CPU from the key to dive's figures: fair under a load that makes the wall times say little. */
  cpu: number;
}

async function round(bench: Bench): Promise<Round> {
  const session = bench.launchBerth({ cols: 200, rows: 50 });
  const probe = new ScreenProbe(session);
  const pid = session.pty.pid;
  let rss = 0;
  const sample = () => {
    try {
      rss = Math.max(rss, rssBytes(pid));
    } catch {
      // exited between samples
    }
  };
  const sampler = setInterval(sample, 50);
  try {
    await probe.until('● live', 15_000);
    session.write('2');
    session.write('/1g-50k\r');
    await probe.until(`${IMAGE} `, 10_000);
    const t0 = performance.now();
    const cpu0 = cpuMs(pid);
    session.write('L');
    const first = (await probe.until(/1 layer read; the first/, 120_000)) - t0;
    const done = (await probe.until(/dive: wasted [\d,]+ bytes/, 300_000)) - t0;
    const cpu = cpuMs(pid) - cpu0;
    sample();
    clearInterval(sampler);
    await bench.quit(session, 5000);
    const cli = await cliRead(bench);
    return { first, done, cli, rss, cpu };
  } finally {
    clearInterval(sampler);
    probe.dispose();
    await bench.dispose(session);
  }
}

export async function b17(bench: Bench): Promise<Row[]> {
  await ensureImage(bench);
  const runs = bench.quick ? 1 : 3;
  const rounds: Round[] = [];
  for (let i = 0; i < runs; i++) {
    const r = await round(bench);
    rounds.push(r);
    bench.log(`B17 run ${i + 1}/${runs}: first layer ${ms(r.first)}, all ${ms(r.done)} (docker save | tar -t ${ms(r.cli)}), RSS max ${mb(r.rss)}, berth CPU ${ms(r.cpu)}`);
  }
  const s = (pick: (r: Round) => number) => summarize(rounds.map(pick));
  const first = s((r) => r.first);
  const done = s((r) => r.done);
  const cli = s((r) => r.cli);
  const rss = s((r) => r.rss);
  const cpu = s((r) => r.cpu);
  const against = `docker save | tar -t ${ms(cli.median)}`;
  return [
    { id: 'B17', figure: 'layer explorer, 1 GB / 50,000 files: L → first layer on screen', berth: `${ms(first.median)} median`, spread: spread(first, ms), comparison: against, ratio: ratio(first.median, cli.median), budget: '≤ 1.5× docker save | tar -t', verdict: verdict(first.median, 1.5 * cli.median) },
    { id: 'B17', figure: 'L → dive’s figures on screen (all read and analysed)', berth: `${ms(done.median)} median`, spread: spread(done, ms), comparison: against, ratio: ratio(done.median, cli.median), budget: '≤ 2× docker save | tar -t', verdict: verdict(done.median, 2 * cli.median) },
    { id: 'B17', figure: 'berth CPU from L to dive’s figures (reported)', berth: `${ms(cpu.median)} median`, spread: spread(cpu, ms), comparison: '—', ratio: '—', budget: '—', verdict: '—' },
    { id: 'B17', figure: 'berth RSS through all of it', berth: `${mb(rss.max)} max`, spread: spread(rss, mb), comparison: '—', ratio: '—', budget: '≤ 150 MB', verdict: verdict(rss.max, 150 * 1024 * 1024) },
  ];
}
