/**
 * GET /containers/{id}/stats as a stream: one object a second from dockerd (every 5 s from
 * Podman), each with the cumulative counters `docker stats` computes its columns from; or, with
 * `oneShot`, a single object at once (`stream=0&one-shot=1`, API 1.41: dockerd reads the counters
 * for this request alone, without waiting for a second sample, so no `precpu_stats`). The
 * shapes differ between cgroup v1 and v2 and between Docker and Podman (engine-api-notes-wave2
 * §1); every field is optional here and the figures are worked out in state/stats.
 */
import type { EngineHttp } from './http.ts';
import { readNdjson } from './streams/ndjson.ts';

export interface CpuCounters {
  cpu_usage?: { total_usage?: number; percpu_usage?: number[] | null };
  system_cpu_usage?: number;
  online_cpus?: number;
}

export interface ContainerStats {
  read?: string;
  cpu_stats?: CpuCounters;
  precpu_stats?: CpuCounters;
  memory_stats?: { usage?: number; limit?: number; stats?: Record<string, number> };
  networks?: Record<string, { rx_bytes?: number; tx_bytes?: number }>;
  blkio_stats?: { io_service_bytes_recursive?: Array<{ op?: string; value?: number }> | null };
  pids_stats?: { current?: number; limit?: number };
}

export interface StatsOptions {
  signal?: AbortSignal;
  /** One sample, now (its stream then ends): what a caller sampling at its own pace asks for. */
  oneShot?: boolean;
}

/** Yields every sample the engine sends until the signal aborts or the engine ends the stream. */
export async function* containerStats(http: EngineHttp, id: string, options: StatsOptions = {}): AsyncGenerator<ContainerStats> {
  const operation = `stats ${id.slice(0, 12)}`;
  // Podman (until 4.7) takes only 1/0 or true/false for booleans. An engine before API 1.41
  // ignores one-shot and answers a single sample after its second reading (~1 s).
  const query: Record<string, string> = options.oneShot ? { stream: '0', 'one-shot': '1' } : { stream: '1' };
  const response = await http.send({ operation, method: 'GET', path: `/containers/${encodeURIComponent(id)}/stats`, query, signal: options.signal, stream: true });
  for await (const value of readNdjson(http.chunks(response, operation), { operation, maxLineBytes: 1024 * 1024 })) {
    if (value !== null && typeof value === 'object') yield value as ContainerStats;
  }
}

export interface ContainerTop {
  titles: readonly string[];
  processes: ReadonlyArray<readonly string[]>;
}

/**
 * The container's processes (GET /containers/{id}/top). dockerd runs the host's `ps -ef` over
 * the container's PIDs (host PIDs); Podman runs `ps` inside the container and answers an empty
 * body when it has none, which is no processes rather than an error here.
 */
export async function containerTop(http: EngineHttp, id: string, signal?: AbortSignal): Promise<ContainerTop> {
  const { value } = await http.json<{ Titles?: unknown; Processes?: unknown } | null>({ operation: 'top', method: 'GET', path: `/containers/${encodeURIComponent(id)}/top`, signal });
  const titles = Array.isArray(value?.Titles) ? value.Titles.map(String) : [];
  const processes = Array.isArray(value?.Processes) ? value.Processes.filter(Array.isArray).map((row: unknown[]) => row.map(String)) : [];
  return { titles, processes };
}
