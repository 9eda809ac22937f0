/**
 * B9 and B10: what measuring costs. B9: 50 running containers with the resource columns shown
 * (`M`) for a minute — berth's CPU and the CPU it causes dockerd; with the columns hidden that is
 * B4. Twice: as berth sees the sandbox engine (on this host: the containers' cgroup files), and
 * as it would see a remote one (BERTH_TEST_CGROUP_ROOT pointing nowhere: the engine's one-shot
 * samples). B10: the stats view (`m`) open on one container for a minute.
 */
import { idleCost, type IdleCost } from './b4-idle.ts';
import type { Bench } from './context.ts';
import { summarize } from './stats.ts';
import { pct, ratio, spread, verdict, type Row } from './table.ts';

/** The two rows of a CPU cost measured over an idle window: berth's own, and what it causes dockerd (B9, B15). */
export function cpuRows(id: string, what: string, cost: IdleCost, berthBudget: number, engineBudget: number): Row[] {
  const seconds = Math.round(cost.windowMs / 1000);
  return [
    {
      id,
      figure: `${what}: berth CPU, ${seconds} s`,
      berth: `${pct(cost.berthPct)} of a core`,
      spread: `${spread(summarize(cost.slices), pct)} (${seconds / cost.slices.length} s slices)`,
      comparison: '—',
      ratio: '—',
      budget: `≤ ${berthBudget} %`,
      verdict: verdict(cost.berthPct, berthBudget),
    },
    {
      id,
      figure: `${what}: CPU berth causes dockerd`,
      berth: `${pct(cost.caused)} of a core`,
      spread: `with berth ${pct(cost.withPct)}`,
      comparison: `without berth ${pct(cost.withoutPct)}`,
      ratio: ratio(cost.withPct, cost.withoutPct),
      budget: `≤ ${engineBudget} %`,
      verdict: verdict(cost.caused, engineBudget),
    },
  ];
}

export async function b9(bench: Bench): Promise<Row[]> {
  // The columns are on once a running row shows a CPU figure.
  const cost = await idleCost(bench, { keys: ['M'], ready: /\d+\.\d\d%/ });
  bench.log(`B9: berth ${pct(cost.berthPct)}; dockerd ${pct(cost.withPct)} with, ${pct(cost.withoutPct)} without`);
  // The engine as berth sees a remote one: no cgroup files of its containers on this host, so
  // every figure is the engine's, a one-shot sample per container at the columns' pace.
  const remote = await idleCost(bench, { keys: ['M'], ready: /\d+\.\d\d%/, launch: () => bench.launchBerth({ env: { BERTH_TEST_CGROUP_ROOT: '/nonexistent' } }) });
  bench.log(`B9 remote: berth ${pct(remote.berthPct)}; dockerd ${pct(remote.withPct)} with, ${pct(remote.withoutPct)} without`);
  return [...cpuRows('B9', 'resource columns shown, 50 running, local engine (cgroup files)', cost, 1, 1.0), ...cpuRows('B9', 'resource columns shown, 50 running, as a remote engine (one-shot samples)', remote, 1, 1.5)];
}

export async function b10(bench: Bench): Promise<Row[]> {
  const cost = await idleCost(bench, { keys: ['m'], ready: /stats .* \(Esc closes\)[\s\S]*CPU \d+\.\d%/ });
  bench.log(`B10: berth ${pct(cost.berthPct)}; dockerd ${pct(cost.withPct)} with, ${pct(cost.withoutPct)} without`);
  return cpuRows('B10', 'stats view open on one container', cost, 1, 1.5);
}
