/**
 * B22: a fleet of 20 engines over ssh (issue 52). One dockerd behind 20 ssh aliases of the
 * sandbox's sshd (`berth-fleet-01` … `-20`, each the sandbox's own `berth-sandbox` entry under
 * another name), so berth opens 20 ssh transports as it would to 20 hosts. Figures:
 * - start → the first frame whose running count holds every engine's 50, against berth on one
 *   of the aliases alone (the same transport, one engine): ≤ 2×;
 * - idle CPU of berth watching the 20 (after start-up, as B4): ≤ 0.5 %.
 * Beside the first, the transport alone (`loginsFloor`): the same 20 logins with the same forward
 * as berth's masters, and a `/_ping` through each, with no berth: what ssh and sshd take of the
 * two cores for 20 key exchanges at once.
 */
import { spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { engineRequest } from '../sandbox/engine-http.ts';
import { SANDBOX_ENV } from '../sandbox/env-vars.ts';
import { sshConfigOf } from '../support/ssh-processes.ts';
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
  const config = sshConfigOf(sshCommand);
  const text = readFileSync(config, 'utf8');
  const block = /^Host berth-sandbox\n((?: {2}.*\n)+)/m.exec(text)?.[1];
  if (!block) throw new Error(`no "Host berth-sandbox" entry in ${config}`);
  const fleetConfig = path.join(path.dirname(config), 'fleet_ssh_config');
  writeFileSync(fleetConfig, `Host ${ALIASES.join(' ')}\n${block}\n${text}`);
  return `ssh -F ${fleetConfig}`;
}

function exited(child: ReturnType<typeof spawn>, what: string): Promise<void> {
  return new Promise((resolve, reject) => {
    child.once('error', reject);
    child.once('exit', (code) => (code === 0 ? resolve() : reject(new Error(`${what} exited ${code}`))));
  });
}

/**
 * The transport alone for `aliases`: spawn → every login up (`ssh -f -N`, berth's master options
 * and forward: the foreground ssh exits once logged in) and a `/_ping` answered through each
 * forward. The masters are ended after (`ssh -O exit`). No remote shell runs, as with berth.
 */
export async function loginsFloor(sshCommand: string, aliases: readonly string[]): Promise<number> {
  const [file = 'ssh', ...base] = sshCommand.split(' ');
  const dir = mkdtempSync(path.join(os.tmpdir(), 'b22-'));
  const control = (i: number) => ['-o', `ControlPath=${dir}/c${i}`];
  try {
    const t0 = performance.now();
    await Promise.all(
      aliases.map(async (alias, i) => {
        const args = [...base, '-f', '-N', '-o', 'ControlMaster=yes', ...control(i), '-o', 'ControlPersist=no', '-L', `${dir}/e${i}:/var/run/docker.sock`, '--', alias];
        await exited(spawn(file, args, { stdio: 'ignore' }), `ssh -f -N ${alias}`);
        const answer = await engineRequest(`${dir}/e${i}`, 'GET', '/_ping');
        if (answer.status !== 200) throw new Error(`/_ping through ${alias}'s forward: ${answer.status}`);
      }),
    );
    return performance.now() - t0;
  } finally {
    await Promise.all(aliases.map((alias, i) => exited(spawn(file, [...base, ...control(i), '-O', 'exit', '--', alias], { stdio: 'ignore' }), 'ssh -O exit').catch(() => undefined)));
    rmSync(dir, { recursive: true, force: true });
  }
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
  const floor: number[] = [];
  for (let i = -1; i < runs; i++) {
    const s = await timeTo(bench, one, (v) => RUNNING_NAME.test(v.text), WITHIN_MS);
    const f = await timeTo(bench, fleet, all, WITHIN_MS);
    const l = await loginsFloor(env.BERTH_SSH_COMMAND, ALIASES);
    if (i < 0) continue;
    single.push(s);
    many.push(f);
    floor.push(l);
    bench.log(`B22 run ${i + 1}/${runs}: one ssh engine ${ms(s)}, ${ENGINES} ssh engines ${ms(f)}, the ${ENGINES} logins and a ping through each alone ${ms(l)}`);
  }
  const idle = await idlePct(bench, fleet, all, WITHIN_MS);
  bench.log(`B22 idle: ${pct(idle)}`);

  const sOne = summarize(single);
  const sMany = summarize(many);
  const sFloor = summarize(floor);
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
      figure: `the transport alone: ${ENGINES} ssh logins at once with berth's forward, a /_ping through each (no berth)`,
      berth: '—',
      spread: spread(sFloor, ms),
      comparison: `${ms(sFloor.median)} median; berth's ${ENGINES} engines ${ratio(sMany.median, sFloor.median)} of it`,
      ratio: ratio(sFloor.median, sOne.median),
      budget: '— (the floor under the first row)',
      verdict: '—',
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
