/**
 * B13: a swarm watched from the Services pane — 10 services × 3 replicas on the bench's engine
 * made a single-node manager; berth's idle CPU and what it costs the engine while the pane is
 * shown (it reads services, tasks and nodes every 2 s then), against the same window without
 * berth. The swarm is left again afterwards.
 */
import { setTimeout as delay } from 'node:timers/promises';
import { engineJson } from '../sandbox/engine-http.ts';
import { LOCAL_BUSYBOX } from '../sandbox/images.ts';
import { enableSwarm, leaveSwarm } from '../sandbox/swarm.ts';
import { idleCost } from './b4-idle.ts';
import type { Bench } from './context.ts';
import { pct, ratio, verdict, type Row } from './table.ts';

const SERVICES = 10;
const REPLICAS = 3;

export async function b13(bench: Bench): Promise<Row[]> {
  await bench.ensureRunning();
  const socket = bench.sandbox.socketPath;
  await enableSwarm(socket, bench.sandbox.dir);
  try {
    for (let i = 0; i < SERVICES; i++) {
      await engineJson(socket, 'POST', '/services/create', {
        Name: `bench-svc-${i}`,
        TaskTemplate: { ContainerSpec: { Image: LOCAL_BUSYBOX, Command: ['sleep', '3600'] } },
        Mode: { Replicated: { Replicas: REPLICAS } },
      });
    }
    for (let i = 0; i < 300; i++) {
      const tasks = await engineJson<{ Status?: { State?: string } }[]>(socket, 'GET', '/tasks');
      if (tasks.filter((t) => t.Status?.State === 'running').length >= SERVICES * REPLICAS) break;
      await delay(500);
    }
    bench.log(`B13: ${SERVICES} services × ${REPLICAS} replicas running`);
    const cost = await idleCost(bench, { first: /bench-svc-\d/, keys: ['7'], ready: /bench-svc-9\s+replicated 3\s+3\/3/ });
    const seconds = Math.round(cost.windowMs / 1000);
    bench.log(`B13: berth ${pct(cost.berthPct)}; dockerd ${pct(cost.withPct)} with, ${pct(cost.withoutPct)} without`);
    return [
      { id: 'B13', figure: `idle CPU of berth, Services pane, ${SERVICES}×${REPLICAS} swarm, ${seconds} s`, berth: `${pct(cost.berthPct)} of a core`, spread: '—', comparison: '—', ratio: '—', budget: '≤ 0.5 %', verdict: verdict(cost.berthPct, 0.5) },
      {
        id: 'B13',
        figure: `engine CPU berth causes watching the swarm, ${seconds} s`,
        berth: `${pct(cost.caused)} of a core`,
        spread: `with berth ${pct(cost.withPct)}`,
        comparison: `without berth ${pct(cost.withoutPct)}`,
        ratio: ratio(cost.withPct, cost.withoutPct),
        budget: '≤ 0.5 %',
        verdict: verdict(cost.caused, 0.5),
      },
    ];
  } finally {
    for (let i = 0; i < SERVICES; i++) await engineJson(socket, 'DELETE', `/services/bench-svc-${i}`).catch(() => undefined);
    await leaveSwarm(socket).catch(() => undefined);
  }
}
