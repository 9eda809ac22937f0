/**
 * B4w: idle cost with the split panel on (`|`, issue 51): berth watches the 50 running containers
 * as in B4 with the panel beside the list following the selected one's logs, left alone for the
 * window. berth talks to the engine through a proxy that counts the followed log streams it holds
 * open (test/support/counting-proxy.ts): one, the selected row's, all through the window. Its
 * config.json is a temporary one (the panel's choice is written there, never to the user's).
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { startCountingProxy } from '../support/counting-proxy.ts';
import type { Bench } from './context.ts';
import { idleCost } from './b4-idle.ts';
import { pct, verdict, type Row } from './table.ts';

const BUDGET = 0.2;

export async function b4w(bench: Bench): Promise<Row[]> {
  const proxy = await startCountingProxy(bench.sandbox.socketPath);
  const config = mkdtempSync(path.join(tmpdir(), 'berth-bench-split-'));
  const streams: number[] = [];
  try {
    const cost = await idleCost(bench, {
      keys: ['|'],
      ready: /logs · .*\(following\)/,
      launch: () => bench.launchBerth({ env: { DOCKER_HOST: proxy.dockerHost, XDG_CONFIG_HOME: config } }),
      beforeWindow: async () => {
        streams.push(proxy.followedLogs().length);
      },
      afterWindow: async () => {
        streams.push(proxy.followedLogs().length);
      },
    });
    const seconds = Math.round(cost.windowMs / 1000);
    bench.log(`B4w: berth ${pct(cost.berthPct)} (${cost.berthCpu.toFixed(1)} ms CPU in ${Math.round(cost.berthWall)} ms); followed streams before/after the window: ${streams.join('/')}; opened in all: ${proxy.opened().length}`);
    const one = streams.every((n) => n === 1);
    return [
      {
        id: 'B4w',
        figure: `idle CPU of berth, ${seconds} s, 50 running, split panel on (logs followed)`,
        berth: `${pct(cost.berthPct)} of a core`,
        spread: `followed streams open: ${streams.join(', ')} (before, after the window)`,
        comparison: `dockerd ${pct(cost.withPct)} with, ${pct(cost.withoutPct)} without`,
        ratio: '—',
        budget: `≤ ${BUDGET} %, one stream`,
        // More or fewer than one stream fails the figure whatever its CPU.
        verdict: one ? verdict(cost.berthPct, BUDGET) : 'FAILED',
      },
    ];
  } finally {
    await proxy.close();
    rmSync(config, { recursive: true, force: true });
  }
}
