/**
 * Many containers, quickly, for tests and benchmarks (50 running, 1,000 created, ...).
 * Straight HTTP over the engine socket with bounded concurrency: one CLI process per
 * container costs ~30 ms of Go start-up each, which dominates at these counts.
 */
import { randomBytes } from 'node:crypto';
import { engineJson } from './engine-http.ts';
import { LOCAL_BUSYBOX } from './images.ts';

export interface ContainerBatchOptions {
  /** Default: the sandbox busybox image. */
  image?: string;
  /** Default: `['sleep', '3600']`. */
  cmd?: string[];
  /** Start them after creating (default true). */
  start?: boolean;
  /** Names become `${namePrefix}-${i}` (i from 0). Default: `batch-<random hex>`. */
  namePrefix?: string;
  labels?: Record<string, string>;
  /** Run docker-init as PID 1 so SIGTERM stops `sleep` at once instead of after the 10 s stop timeout. */
  init?: boolean;
  /** Parallel API calls (default 16). */
  concurrency?: number;
}

export interface BatchContainer {
  id: string;
  name: string;
}

/** Label put on every batch container, valued with the batch's name prefix. */
export const BATCH_LABEL = 'org.berth.sandbox.batch';

export async function startContainers(
  socketPath: string,
  count: number,
  opts: ContainerBatchOptions = {},
): Promise<BatchContainer[]> {
  const prefix = opts.namePrefix ?? `batch-${randomBytes(3).toString('hex')}`;
  const start = opts.start ?? true;
  const body = {
    Image: opts.image ?? LOCAL_BUSYBOX,
    Cmd: opts.cmd ?? ['sleep', '3600'],
    Labels: { ...opts.labels, [BATCH_LABEL]: prefix },
    HostConfig: { Init: opts.init ?? false },
  };
  return mapLimit(count, opts.concurrency ?? 16, async (i) => {
    const name = `${prefix}-${i}`;
    const created = await engineJson<{ Id: string }>(
      socketPath,
      'POST',
      `/containers/create?name=${encodeURIComponent(name)}`,
      body,
    );
    if (start) await engineJson(socketPath, 'POST', `/containers/${created.Id}/start`);
    return { id: created.Id, name };
  });
}

/** Force-removes containers (running or not) with bounded concurrency. */
export async function removeContainers(socketPath: string, ids: readonly string[], concurrency = 16): Promise<void> {
  await mapLimit(ids.length, concurrency, async (i) => {
    await engineJson(socketPath, 'DELETE', `/containers/${ids[i]}?force=true&v=true`);
  });
}

/** Container ids on the engine: all of them, or only those with processes (running, paused, restarting). */
export async function containerIds(socketPath: string, which: 'all' | 'live'): Promise<string[]> {
  const list = await engineJson<Array<{ Id: string }>>(socketPath, 'GET', `/containers/json?all=${which === 'all'}`);
  return list.map((c) => c.Id);
}

async function mapLimit<T>(count: number, limit: number, fn: (i: number) => Promise<T>): Promise<T[]> {
  const results = new Array<T>(count);
  let next = 0;
  const worker = async () => {
    while (next < count) {
      const i = next++;
      results[i] = await fn(i);
    }
  };
  await Promise.all(Array.from({ length: Math.min(limit, count) }, worker));
  return results;
}
