/**
 * `npm run bench [-- B1 B4 …] [--quick [--full=B1,B4]] [--b5-minutes=N] [--node=22,24]`: brings up one sandbox
 * engine, builds the bundle, drives berth in a real pty for each figure on each Node asked for
 * (20 and 24 by default: the oldest and newest berth supports), and prints one table with
 * budgets. Always exits 0 once the table is printed: a benchmark reports, it does not gate.
 */
import os from 'node:os';
import { watchLauncher } from '../sandbox/lifeline.ts';
import { startSandbox } from '../sandbox/sandbox.ts';
import type { Sandbox } from '../sandbox/sandbox.ts';
import { b1 } from './b1-startup.ts';
import { b2 } from './b2-engine-change.ts';
import { b3 } from './b3-keypress.ts';
import { b4 } from './b4-idle.ts';
import { b4w } from './b4w-split.ts';
import { b4v } from './b4v-screens.ts';
import { b5 } from './b5-memory.ts';
import { b5s } from './b5s-settled.ts';
import { b6 } from './b6-pull.ts';
import { b7 } from './b7-log-flood.ts';
import { b11 } from './b11-mass.ts';
import { b8 } from './b8-first-open.ts';
import { b10, b9 } from './b9-stats.ts';
import { b13 } from './b13-swarm.ts';
import { b14 } from './b14-logs.ts';
import { b15, b15p } from './b15-incidents.ts';
import { b12 } from './b12-remote.ts';
import { b16 } from './b16-fleet.ts';
import { b17 } from './b17-build.ts';
import { b17 as b18 } from './b17-layers.ts';
import { b17 as b19 } from './b17-forward.ts';
import { b17 as b20 } from './b17-disk.ts';
import { b21 } from './b21-bulk-stop.ts';
import { b22 } from './b22-ssh-fleet.ts';
import { Bench } from './context.ts';
import { failedRow, renderTable, type Row } from './table.ts';
import { LEVERS } from '../../src/tuning/levers.ts';
import { NODE_VERSIONS, nodeForMajor, type NodeMajor } from '../support/node-binaries.ts';

interface Figure {
  id: string;
  title: string;
  budget: string;
  run: (bench: Bench) => Promise<Row[]>;
  /** Measures every Node itself in interleaved rounds (B1): run once, not once per Node. */
  allNodes?: true;
  /** Other ids that select it (figures measured in the same sessions: B5s and B5f). */
  aliases?: readonly string[];
}

// In an order that builds the fixtures up: 50 running containers first, then 1,000 in all.
const FIGURES: readonly Figure[] = [
  { id: 'B1', title: 'start → first frame with data', budget: 'median ≤ 0.8× lazydocker (Node 24, single executable), ≤ 0.9× (Node 22)', run: b1, allNodes: true },
  { id: 'B2', title: 'engine change → frame', budget: 'median ≤ 150 ms', run: b2 },
  { id: 'B4', title: 'idle cost', budget: 'berth ≤ 0.2 %, engine ≤ 0.3 %', run: b4 },
  { id: 'B4W', title: 'idle cost, split panel on (one followed stream)', budget: 'berth ≤ 0.2 %, one stream', run: b4w },
  { id: 'B4V', title: 'idle cost while each of this wave’s screens is shown', budget: 'berth ≤ 0.2 % each', run: b4v },
  { id: 'B6', title: 'pull overhead', budget: 'ratio ≤ 1.03, CPU ≤ 10 %', run: b6 },
  { id: 'B8', title: 'first key → dialog or view (50 running)', budget: 'median ≤ 50 ms', run: b8 },
  { id: 'B5S', title: 'RSS 20 s after start (50 running), beside an idle node (B5f)', budget: 'RSS ≤ 52 MB', run: b5s, aliases: ['B5F'] },
  { id: 'B9', title: 'resource columns shown (50 running)', budget: 'berth ≤ 1 %, engine ≤ 1.0 % local, ≤ 1.5 % remote', run: b9 },
  { id: 'B10', title: 'stats view open', budget: 'berth ≤ 1 %, engine ≤ 1.5 %', run: b10 },
  { id: 'B12', title: 'remote engine (100 ms link)', budget: 'first frame ≤ 400 ms, p95 ≤ 30 ms', run: b12 },
  { id: 'B13', title: 'swarm watched (10 services × 3 replicas)', budget: 'berth ≤ 0.5 %, engine ≤ 0.5 %', run: b13 },
  { id: 'B15', title: 'incidents on, 5 of 50 crash-looping', budget: 'berth ≤ 0.5 %, engine ≤ 0.5 %, every crash counted', run: b15 },
  { id: 'B15P', title: 'incidents and pulse on, 5 of 50 crash-looping (vs B9)', budget: 'berth ≤ 1 %, engine ≤ 1.5 %, every crash counted', run: b15p },
  { id: 'B22', title: 'a fleet of 20 engines over ssh (one dockerd, 20 aliases)', budget: 'first frame ≤ 2× one ssh engine, idle ≤ 0.5 %', run: b22 },
  { id: 'B16', title: 'a fleet of 4 engines (3 local, 1 over ssh), 50 running each', budget: 'first frame ≤ 1.5× B1, ssh rows ≤ 1.5× ssh connect, idle ≤ 2× B4, p95 ≤ 30 ms with one frozen', run: b16 },
  { id: 'B19', title: 'a port forward through the engine’s API', budget: '100 MB ≥ 50 % of docker exec cat; p95 ≤ 3× direct', run: b19 },
  { id: 'B3', title: 'keypress → frame (1,000 containers)', budget: 'p95 ≤ 30/50 ms', run: b3 },
  { id: 'B7', title: 'log flood', budget: 'p95 ≤ 100 ms, RSS ≤ 200 MB, q ≤ 300 ms', run: b7 },
  { id: 'B14', title: 'logs of 1,000,000 lines', budget: 'first screen ≤ 150 ms, oldest ≤ 1.5× head -1, search ≤ 1.5× grep, RSS ≤ 150 MB', run: b14 },
  { id: 'B17', title: 'builds: a RUN printing 10,000 lines in 10 s; a 200 MB context', budget: '≤ 10 frames/s, CPU ≤ 15 %; ≥ 0.8× curl', run: b17 },
  { id: 'B18', title: 'layer explorer on a 1 GB image of 50,000 files', budget: 'first layer ≤ 1.5×, all ≤ 2× docker save | tar -t, RSS ≤ 150 MB', run: b18 },
  { id: 'B5', title: 'memory', budget: 'RSS ≤ 65 MB', run: b5 },
  { id: 'B20', title: 'disk view (W), 200 volumes', budget: '≤ 1.5× docker system df -v', run: b20 },
  { id: 'B21', title: 'bulk stop of 50 running containers', budget: '≤ 1.2× docker stop of the same 50', run: b21 },
  // Last: its 10,000 containers would change every figure measured after it.
  { id: 'B11', title: 'lists that grow (10,000 containers, 2,000 tags)', budget: 'first frame ≤ 1.5× docker ps, p95 ≤ 50 ms, RSS peak ≤ 120 MB with both lists', run: b11 },
];

const USAGE = `usage: npm run bench [-- [B1 … B22, B15p, B5s, B5f, B4w, B4v] [--quick] [--b5-minutes=N] [--node=22,24]]
  B1 … B22        run only these figures (default: all; B5s and B5f are measured together)
  --quick         fewer runs and shorter windows, for development
  --full=B1,B4    with --quick: these figures still run at full length (a whole table in less
                  time, the figures that matter most measured as ever)
  --b5-minutes=N  how long B5 watches before its second RSS reading (default 5; --quick: 0.5)
  --node=22,24    the Node majors berth runs on for each figure (default: 22 and 24; B1 always
                  measures 22, 24 and the single executable)
  --tuning-off=L  every berth started with BERTH_TUNING_OFF=L: levers (src/tuning/levers.ts) off,
                  comma-separated, or all — to measure what each lever buys
`;

interface Args {
  ids: Set<string>;
  quick: boolean;
  b5Minutes: number | undefined;
  nodes: NodeMajor[];
  /** BERTH_TUNING_OFF for every berth the bench starts (src/tuning/levers.ts). */
  tuningOff: string | undefined;
  /** Figures run at full length in a --quick run. */
  full: Set<string>;
}

function parse(argv: readonly string[]): Args | string {
  const ids = new Set<string>();
  let quick = false;
  let b5Minutes: number | undefined;
  let nodes: NodeMajor[] = [22, 24];
  let tuningOff: string | undefined;
  const full = new Set<string>();
  for (const arg of argv) {
    if (arg === '--quick') quick = true;
    else if (arg.startsWith('--full=')) {
      for (const id of arg.slice('--full='.length).split(',')) {
        if (!/^b(?:[1-9]|[12][0-9])[pfswv]?$/i.test(id)) return `bad --full: ${id}`;
        full.add(id.toUpperCase());
      }
    }
    else if (arg.startsWith('--tuning-off=')) {
      tuningOff = arg.slice('--tuning-off='.length);
      const unknown = tuningOff.split(',').filter((n) => n !== 'all' && !Object.hasOwn(LEVERS, n));
      if (unknown.length > 0) return `bad --tuning-off: ${unknown.join(', ')} (levers: ${Object.keys(LEVERS).join(', ')}, or all)`;
    }
    else if (arg.startsWith('--node=')) {
      const majors = arg.slice('--node='.length).split(',').map(Number);
      if (majors.length === 0 || majors.some((m) => !(m in NODE_VERSIONS))) return `bad --node: ${arg} (one or more of ${Object.keys(NODE_VERSIONS).join(', ')})`;
      nodes = majors as NodeMajor[];
    } else if (arg.startsWith('--b5-minutes=')) {
      b5Minutes = Number(arg.slice('--b5-minutes='.length));
      if (!(b5Minutes >= 0)) return `bad --b5-minutes: ${arg}`;
    } else if (/^b(?:[1-9]|[12][0-9])[pfswv]?$/i.test(arg)) ids.add(arg.toUpperCase());
    else return `unknown argument: ${arg}`;
  }
  return { ids, quick, b5Minutes, nodes, tuningOff, full };
}

const log = (line: string) => process.stderr.write(`[bench] ${line}\n`);

function loadLine(): string {
  return os
    .loadavg()
    .map((l) => l.toFixed(2))
    .join(' ');
}

async function main(): Promise<void> {
  const args = parse(process.argv.slice(2));
  if (typeof args === 'string') {
    process.stderr.write(`${args}\n${USAGE}`);
    process.exitCode = 2;
    return;
  }
  const selected = FIGURES.filter((f) => args.ids.size === 0 || args.ids.has(f.id) || f.aliases?.some((a) => args.ids.has(a)));
  const started = Date.now();
  const loadBefore = loadLine();

  let sandbox: Sandbox | undefined;
  let bench: Bench | undefined;
  let stopping = false;
  const shutdown = async (code: number) => {
    if (stopping) return;
    stopping = true;
    await bench?.disposeAll().catch(() => undefined);
    bench?.removeBundle();
    await sandbox?.stop().catch((e: unknown) => log(`sandbox stop failed: ${String(e)}`));
    process.exit(code);
  };
  for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP'] as const) process.on(signal, () => void shutdown(130));
  watchLauncher(() => void shutdown(143));

  const rows: Row[] = [];
  let engineVersion = '?';
  try {
    log('starting the sandbox engine…');
    sandbox = await startSandbox({ log: (line) => log(`sandbox: ${line}`) });
    log('building the bundle…');
    bench = Bench.create(sandbox, { quick: args.quick, b5Minutes: args.b5Minutes ?? (args.quick ? 0.5 : 5), log, tuningOff: args.tuningOff });
    const version = await bench.api<{ Version?: string; ApiVersion?: string }>('GET', '/version');
    engineVersion = `Docker ${version.Version ?? '?'} (API ${version.ApiVersion ?? '?'})`;
    const nodes: { label: string; path: string }[] = [];
    for (const major of args.nodes) nodes.push({ label: `Node ${process.versions.node.startsWith(`${major}.`) ? process.versions.node : NODE_VERSIONS[major]}`, path: await nodeForMajor(major, log) });
    for (const figure of selected) {
      // Each Node in turn, on the same fixtures, one straight after the other.
      for (const node of figure.allNodes ? [undefined] : nodes) {
        const t = Date.now();
        if (node) bench.berthNode = node;
        const on = node ? ` on ${node.label}` : '';
        log(`${figure.id}: ${figure.title}${on}…`);
        try {
          bench.fullLength = args.full.has(figure.id) || (figure.aliases?.some((a) => args.full.has(a)) ?? false);
          const measured = await figure.run(bench);
          rows.push(...(node ? measured.map((row) => ({ ...row, figure: `${row.figure}, ${node.label}` })) : measured));
        } catch (error) {
          log(`${figure.id}${on} failed: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}`);
          rows.push(failedRow(figure.id, `${figure.title}${node ? `, ${node.label}` : ''}`, figure.budget, error));
        } finally {
          await bench.disposeAll();
        }
        log(`${figure.id}${on} took ${((Date.now() - t) / 1000).toFixed(1)} s (load ${loadLine()})`);
      }
    }
  } catch (error) {
    log(`bench failed: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}`);
  }

  const mem = `${(os.totalmem() / 1024 ** 3).toFixed(1)} GiB`;
  const cpu = os.cpus()[0]?.model.trim() ?? 'unknown CPU';
  const header = [
    `berth benchmarks${args.quick ? ` (--quick${args.full.size > 0 ? `; full length: ${[...args.full].join(', ')}` : ''})` : ''} — ${new Date().toISOString().slice(0, 16).replace('T', ' ')} UTC`,
    `machine: ${os.cpus().length} cores (${cpu}), ${mem} memory, berth on ${args.nodes.map((m) => `Node ${m}`).join(' and ')} (the bench on ${process.version}), ${engineVersion}`,
    `tuning: ${args.tuningOff ? `BERTH_TUNING_OFF=${args.tuningOff}` : 'every lever on'}; NODE_EXTRA_CA_CERTS unset for berth`,
    `bundle: ${bench ? `${(bench.bundleBytes / 1024).toFixed(0)} KiB` : '?'}; load average before ${loadBefore}, after ${loadLine()}; took ${((Date.now() - started) / 60_000).toFixed(1)} min`,
  ];
  process.stdout.write(`\n${header.join('\n')}\n\n${renderTable(rows)}\n`);
  await shutdown(0);
}

await main();
