/**
 * Reading a berth process from the outside for the soaks: memory, descriptors, sockets, CPU
 * time and (through a heap snapshot) its live heap.
 */
import { readdirSync, readFileSync, readlinkSync, rmSync } from 'node:fs';
import path from 'node:path';
import { setTimeout as delay } from 'node:timers/promises';

export { cpuMs } from '../bench/proc.ts';

export function rssKb(pid: number): number {
  return Number(/^VmRSS:\s+(\d+) kB/m.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1] ?? 0);
}

export function openFds(pid: number): number {
  return readdirSync(`/proc/${pid}/fd`).length;
}

/** Open sockets (unix and TCP): what piles up when requests are never let go. */
export function openSockets(pid: number): number {
  let sockets = 0;
  for (const fd of readdirSync(`/proc/${pid}/fd`)) {
    try {
      if (readlinkSync(`/proc/${pid}/fd/${fd}`).startsWith('socket:')) sockets += 1;
    } catch {
      // closed meanwhile
    }
  }
  return sockets;
}

export function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}

/** Makes berth (started with --heapsnapshot-signal) write a snapshot; returns the bytes of live data, compiled code left out. */
export async function liveHeap(pid: number, dir: string): Promise<number> {
  const seen = new Set(readdirSync(dir));
  process.kill(pid, 'SIGUSR2');
  const deadline = Date.now() + 60_000;
  for (;;) {
    await delay(250);
    const file = readdirSync(dir).find((f) => !seen.has(f) && f.endsWith('.heapsnapshot'));
    if (file) {
      try {
        const snapshot = JSON.parse(readFileSync(path.join(dir, file), 'utf8')) as {
          snapshot: { meta: { node_fields: string[]; node_types: [string[], ...unknown[]] } };
          nodes: number[];
        };
        rmSync(path.join(dir, file), { force: true });
        const fields = snapshot.snapshot.meta.node_fields;
        const typeAt = fields.indexOf('type');
        const sizeAt = fields.indexOf('self_size');
        const types = snapshot.snapshot.meta.node_types[0];
        let data = 0;
        for (let i = 0; i < snapshot.nodes.length; i += fields.length) {
          if (types[snapshot.nodes[i + typeAt] ?? 0] !== 'code') data += snapshot.nodes[i + sizeAt] ?? 0;
        }
        return data;
      } catch {
        // still being written
      }
    }
    if (Date.now() > deadline) throw new Error('berth wrote no heap snapshot');
  }
}
