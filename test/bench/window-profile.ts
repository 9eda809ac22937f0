/**
 * A V8 CPU profile (`--cpu-prof`) summed by function over a window of it: what b4-profile.ts and
 * frames-profile.ts print. V8 stamps samples with the monotonic clock in µs, the clock
 * process.hrtime reads here, so a bench's window marks them directly.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';

interface ProfileNode {
  id: number;
  callFrame: { functionName: string; url: string; lineNumber: number };
  children?: number[];
}
interface Profile {
  nodes: ProfileNode[];
  startTime: number;
  samples: number[];
  timeDeltas: number[];
}

/** The samples between `fromUs` and `toUs`: busy and idle time, the top functions by self and by inclusive time. */
export function windowProfile(file: string, fromUs: number, toUs: number, inclusiveRows = 70): string {
  const profile = JSON.parse(readFileSync(file, 'utf8')) as Profile;
  const byId = new Map(profile.nodes.map((n) => [n.id, n]));
  const parent = new Map<number, number>();
  for (const n of profile.nodes) for (const c of n.children ?? []) parent.set(c, n.id);
  const self = new Map<string, number>();
  const inclusive = new Map<string, number>();
  const name = (n: ProfileNode) => `${n.callFrame.functionName || '(anon)'} ${path.basename(n.callFrame.url)}:${n.callFrame.lineNumber + 1}`;
  let t = profile.startTime;
  let total = 0;
  let idle = 0;
  profile.samples.forEach((id, i) => {
    const dt = profile.timeDeltas[i + 1] ?? 0;
    t += profile.timeDeltas[i] ?? 0;
    if (t < fromUs || t > toUs) return;
    const node = byId.get(id);
    if (!node) return;
    if (node.callFrame.functionName === '(idle)') {
      idle += dt;
      return;
    }
    total += dt;
    self.set(name(node), (self.get(name(node)) ?? 0) + dt);
    const seen = new Set<string>();
    for (let cur: number | undefined = id; cur !== undefined; cur = parent.get(cur)) {
      const n = byId.get(cur);
      if (!n) break;
      const k = name(n);
      if (seen.has(k)) continue;
      seen.add(k);
      inclusive.set(k, (inclusive.get(k) ?? 0) + dt);
    }
  });
  const top = (m: Map<string, number>, n: number) => [...m.entries()].sort((a, b) => b[1] - a[1]).slice(0, n).map(([k, v]) => `  ${(v / 1000).toFixed(1).padStart(7)} ms  ${k}`).join('\n');
  return `profile: ${(total / 1000).toFixed(1)} ms busy in window (${(idle / 1000).toFixed(0)} ms idle)\nself:\n${top(self, 40)}\ninclusive:\n${top(inclusive, inclusiveRows)}`;
}
