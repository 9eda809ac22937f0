/**
 * B22: a fleet of 20 engines over ssh (issue 52). One dockerd behind 20 ssh aliases of the
 * sandbox's sshd (`berth-fleet-01` … `-20`, each the sandbox's own `berth-sandbox` entry under
 * another name), so berth opens 20 ssh transports as it would to 20 hosts. Figures:
 * - start → the first frame whose running count holds every engine's 50, against berth on one
 *   of the aliases alone (the same transport, one engine): ≤ 2×;
 * - idle CPU of berth watching the 20 (after start-up, as B4): ≤ 0.5 %.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { SANDBOX_ENV } from '../sandbox/env-vars.ts';
import { idlePct, timeTo } from './b16-fleet.ts';
import { RUNNING_COUNT, RUNNING_NAME, type Bench } from './context.ts';
import type { ScreenView } from './probe.ts';
import { summarize } from './stats.ts';
import { ms, pct, ratio, spread, verdict, type Row } from './table.ts';

const ENGINES = 20;
export const ALIASES = Array.from({ length: ENGINES }, (_, i) => `berth-fleet-${String(i + 1).padStart(2, '0')}`);
const TALL = { cols: 160, rows: 60 };
/**
 * How long the fleet may take to show every engine's rows: B16's 20 s cut every run short on a
 * loaded machine (a figure of 40 s says more than an error), and the budget is the ratio anyway.
 */
const WITHIN_MS = 90_000;

/**
 * An ssh config of 20 aliases of the sandbox's `berth-sandbox` entry (its HostName, port, key,
 * known hosts), followed by the sandbox's config itself. Returns the `ssh -F …` command.
 */
export function fleetSshCommand(bench: Bench, sshCommand: string): string {
  const config = /-F\s+(\S+)/.exec(sshCommand)?.[1];
  if (!config) throw new Error(`no -F in the sandbox's ssh command: ${sshCommand}`);
  const text = readFileSync(config, 'utf8');
  const block = /^Host berth-sandbox\n((?: {2}.*\n)+)/m.exec(text)?.[1];
  if (!block) throw new Error(`no "Host berth-sandbox" entry in ${config}`);
  const fleetConfig = path.join(path.dirname(config), 'fleet_ssh_config');
  writeFileSync(fleetConfig, `Host ${ALIASES.join(' ')}\n${block}\n${text}`);
  return `ssh -F ${fleetConfig}`;
}

const runningAtLeast = (n: number) => (v: ScreenView) => Number(/running: (\d+)/.exec(v.text)?.[1] ?? 0) >= n;

export async function b22(bench: Bench): Promise<Row[]> {
  await bench.ensureRunning();
  const sshCommand = bench.sandbox.env()[SANDBOX_ENV.sshCommand];
  if (!sshCommand) throw new Error('the sandbox has no sshd');
  const env = { BERTH_SSH_COMMAND: fleetSshCommand(bench, sshCommand) };
  const fleetArgs = ALIASES.flatMap((alias) => ['-H', `ssh://${alias}`]);
  const one = () => bench.launchBerth({ ...TALL, args: ['-H', `ssh://${ALIASES[0]}`], env });
  const fleet = () => bench.launchBerth({ ...TALL, args: fleetArgs, env });
  const all = runningAtLeast(ENGINES * RUNNING_COUNT);

  const runs = bench.quick ? 3 : 7;
  const single: number[] = [];
  const many: number[] = [];
  for (let i = -1; i < runs; i++) {
    const s = await timeTo(bench, one, (v) => RUNNING_NAME.test(v.text), WITHIN_MS);
    const f = await timeTo(bench, fleet, all, WITHIN_MS);
    if (i < 0) continue;
    single.push(s);
    many.push(f);
    bench.log(`B22 run ${i + 1}/${runs}: one ssh engine ${ms(s)}, ${ENGINES} ssh engines ${ms(f)}`);
  }
  const idle = await idlePct(bench, fleet, all, WITHIN_MS);
  bench.log(`B22 idle: ${pct(idle)}`);

  const sOne = summarize(single);
  const sMany = summarize(many);
  return [
    {
      id: 'B22',
      figure: `start → first frame with the rows of ${ENGINES} ssh engines (${RUNNING_COUNT} running each, one dockerd behind ${ENGINES} aliases)`,
      berth: `${ms(sMany.median)} median`,
      spread: spread(sMany, ms),
      comparison: `one ssh engine ${ms(sOne.median)}`,
      ratio: ratio(sMany.median, sOne.median),
      budget: '≤ 2× one engine',
      verdict: verdict(sMany.median / sOne.median, 2),
    },
    {
      id: 'B22',
      figure: `idle CPU of berth, ${bench.quick ? 15 : 60} s, ${ENGINES} ssh engines`,
      berth: `${pct(idle)} of a core`,
      spread: '—',
      comparison: '—',
      ratio: '—',
      budget: '≤ 0.5 %',
      verdict: verdict(idle, 0.5),
    },
  ];
}
