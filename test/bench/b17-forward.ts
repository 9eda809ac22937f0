/**
 * B17: a port forward through the engine's API (`b`, then `f`: berth listens here and carries
 * each connection to an exec of `nc` in a helper in the target's network). Throughput: 100 MB
 * fetched through the forward against `docker exec … cat` of the same 100 MB (the same engine
 * stream, no HTTP and no relay). Latency: 200 sequential short requests through the forward
 * against the same requests straight to a port on the host (the sandbox has no bridge, so the
 * "published" server runs on the host's network: a direct connection, as to a published port).
 */
import { spawn } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { freeTcpPort } from '../sandbox/ports.ts';
import { LOCAL_BUSYBOX } from '../sandbox/images.ts';
import type { Bench } from './context.ts';
import { summarize } from './stats.ts';
import { ms, ratio, spread, verdict, type Row } from './table.ts';

const MB = 100;
const REQUESTS = 200;

function docker(bench: Bench, args: string[]): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const child = spawn(bench.sandbox.dockerCliPath, args, { env: { ...process.env, ...bench.dockerEnv() } });
    const out: Buffer[] = [];
    let err = '';
    child.stdout.on('data', (c: Buffer) => out.push(c));
    child.stderr.on('data', (c: Buffer) => (err += c.toString()));
    child.on('close', (code) => (code === 0 ? resolve(Buffer.concat(out)) : reject(new Error(`docker ${args.join(' ')}: ${err.trim()}`))));
  });
}

/** Bytes a command writes to its stdout, and how long it took (the output counted, never kept). */
function timedStream(bench: Bench, args: string[]): Promise<{ bytes: number; ms: number }> {
  return new Promise((resolve, reject) => {
    const t0 = performance.now();
    const child = spawn(bench.sandbox.dockerCliPath, args, { env: { ...process.env, ...bench.dockerEnv() }, stdio: ['ignore', 'pipe', 'ignore'] });
    let bytes = 0;
    child.stdout.on('data', (c: Buffer) => (bytes += c.length));
    child.on('close', (code) => (code === 0 ? resolve({ bytes, ms: performance.now() - t0 }) : reject(new Error(`docker ${args.join(' ')} exited ${code}`))));
  });
}

/** GET http://127.0.0.1:port/path: bytes of the body and the time to its end. */
function timedGet(port: number, urlPath: string): Promise<{ bytes: number; ms: number }> {
  return new Promise((resolve, reject) => {
    const t0 = performance.now();
    const request = http.get({ host: '127.0.0.1', port, path: urlPath, agent: false }, (response) => {
      let bytes = 0;
      response.on('data', (c: Buffer) => (bytes += c.length));
      response.on('end', () => resolve({ bytes, ms: performance.now() - t0 }));
      response.on('error', reject);
    });
    request.on('error', reject);
  });
}

export async function b17(bench: Bench): Promise<Row[]> {
  const name = `bench-fwd-${process.pid}`;
  const direct = `bench-direct-${process.pid}`;
  const hostPort = await freeTcpPort();
  const home = mkdtempSync(path.join(os.tmpdir(), 'berth-b17-'));
  mkdirSync(path.join(home, 'berth'));
  writeFileSync(path.join(home, 'berth', 'config.json'), JSON.stringify({ debugImage: LOCAL_BUSYBOX }));
  const serve = (port: number) => `mkdir -p /www && echo ok > /www/small && dd if=/dev/zero of=/www/big bs=1M count=${MB} 2>/dev/null && exec httpd -f -p ${port} -h /www`;
  await docker(bench, ['run', '-d', '--network', 'none', '--expose', '8080', '--name', name, LOCAL_BUSYBOX, 'sh', '-c', serve(8080)]);
  await docker(bench, ['run', '-d', '--network', 'host', '--name', direct, LOCAL_BUSYBOX, 'sh', '-c', serve(hostPort)]);
  const session = bench.launchBerth({ cols: 170, rows: 40, env: { XDG_CONFIG_HOME: home } });
  const rows: Row[] = [];
  try {
    await session.waitFor(name, 30_000);
    await session.type('/', ...name, '\r');
    await session.waitFor(`filter "${name}"`, 30_000);
    await session.type('b');
    await session.waitFor('8080/tcp', 30_000);
    await session.type('f');
    const said = await session.waitFor(/forwarding 127\.0\.0\.1:(\d+) →/, 30_000);
    const local = Number(/forwarding 127\.0\.0\.1:(\d+) →/.exec(said)?.[1]);
    // The server has written its file once it answers through the forward.
    while ((await timedGet(local, '/small').catch(() => ({ bytes: 0, ms: 0 }))).bytes === 0) await new Promise((r) => setTimeout(r, 100));

    const rounds = bench.quick ? 1 : 3;
    const through: number[] = [];
    const cat: number[] = [];
    for (let i = 0; i < rounds; i++) {
      const f = await timedGet(local, '/big');
      const c = await timedStream(bench, ['exec', name, 'cat', '/www/big']);
      if (f.bytes !== MB * 1024 * 1024 || c.bytes !== MB * 1024 * 1024) throw new Error(`short read: forward ${f.bytes}, cat ${c.bytes}`);
      through.push(f.ms);
      cat.push(c.ms);
      bench.log(`B17 ${MB} MB round ${i + 1}/${rounds}: forward ${ms(f.ms)}, docker exec cat ${ms(c.ms)}`);
    }
    const t = summarize(through);
    const c = summarize(cat);
    // Throughput as a share of cat's: time ratio inverted.
    const share = (c.median / t.median) * 100;
    rows.push({
      id: 'B17',
      figure: `${MB} MB through a forward (engine API, helper nc)`,
      berth: `${ms(t.median)} median (${((MB / t.median) * 1000).toFixed(0)} MB/s)`,
      spread: spread(t, ms),
      comparison: `docker exec … cat ${ms(c.median)}`,
      ratio: `${share.toFixed(0)} % of cat’s throughput`,
      budget: '≥ 50 % of docker exec cat',
      verdict: share >= 50 ? 'PASS' : 'OVER',
    });

    const viaForward: number[] = [];
    const straight: number[] = [];
    for (let i = 0; i < REQUESTS; i++) {
      viaForward.push((await timedGet(local, '/small')).ms);
      straight.push((await timedGet(hostPort, '/small')).ms);
    }
    const v = summarize(viaForward);
    const s = summarize(straight);
    rows.push({
      id: 'B17',
      figure: `${REQUESTS} sequential short requests through the forward`,
      berth: `${ms(v.p95)} p95 (median ${ms(v.median)})`,
      spread: spread(v, ms),
      comparison: `direct ${ms(s.p95)} p95 (median ${ms(s.median)})`,
      ratio: ratio(v.p95, s.p95),
      budget: 'p95 ≤ 3× direct',
      verdict: verdict(v.p95, 3 * s.p95),
    });
  } finally {
    await bench.quit(session);
    await docker(bench, ['rm', '-f', name, direct]).catch(() => undefined);
    rmSync(home, { recursive: true, force: true });
  }
  return rows;
}
