/**
 * Running a container's health check now, as the engine would: its own test exec'd in the
 * container (`CMD`: the argv as it is; `CMD-SHELL`: the line through the container's shell,
 * `/bin/sh -c` unless `Config.Shell` says another), captured, bounded by the check's timeout.
 * The engine keeps no record of it (State.Health.Log holds only its own probes): the result is
 * the caller's to show.
 */
import type { EngineClient } from '../../engine/client.ts';
import { describeError } from '../../engine/errors.ts';
import { execCaptured } from '../actions/exec-command.ts';
import type { HealthFacts } from './container-facts.ts';

/** The engine's default timeout for a probe (Docker: 30 s). */
export const DEFAULT_TIMEOUT_NS = 30e9;
/** The engine's default interval between probes (Docker: 30 s). */
export const DEFAULT_INTERVAL_NS = 30e9;
/** The engine's default retries before unhealthy (Docker: 3). */
export const DEFAULT_RETRIES = 3;
/** What a probe's output the engine keeps (Docker: 4 KiB); berth keeps as much of its own run. */
const OUTPUT_MAX = 4096;

/** The argv that runs the check, or why there is none. */
export function checkArgv(health: HealthFacts, shell?: readonly string[]): { argv: string[] } | { none: string } {
  const [kind, ...rest] = health.test;
  if (kind === 'CMD' && rest.length > 0) return { argv: rest };
  if (kind === 'CMD-SHELL' && rest.length > 0) return { argv: [...(shell ?? ['/bin/sh', '-c']), rest.join(' ')] };
  if (kind === 'NONE') return { none: 'its health check is turned off (NONE)' };
  return { none: 'it has no health check test to run' };
}

export interface CheckRun {
  /** Local times (ms since the epoch) it started and ended. */
  startMs: number;
  endMs: number;
  /** Undefined: the engine could not say, or it timed out. */
  exitCode?: number;
  output: string;
  timedOut?: boolean;
  /** The engine refused the exec: its words. */
  error?: string;
}

/** Runs the check once in the container; resolves with how it went (never rejects but on abort). */
export async function runCheck(client: EngineClient, containerId: string, argv: readonly string[], timeoutNs: number | undefined, signal: AbortSignal, now: () => number = Date.now): Promise<CheckRun> {
  const startMs = now();
  const limit = AbortSignal.timeout(Math.max(1, Math.round((timeoutNs ?? DEFAULT_TIMEOUT_NS) / 1e6)));
  const both = AbortSignal.any([signal, limit]);
  let output = '';
  try {
    const exitCode = await execCaptured(client, containerId, { cmd: [...argv] }, {
      signal: both,
      onLines: (lines) => {
        for (const line of lines) if (output.length < OUTPUT_MAX) output = `${output}${line.text}\n`.slice(0, OUTPUT_MAX);
      },
    });
    return { startMs, endMs: now(), exitCode, output };
  } catch (error) {
    if (signal.aborted) throw error;
    if (limit.aborted) return { startMs, endMs: now(), output, timedOut: true };
    return { startMs, endMs: now(), output, error: describeError(error) };
  }
}
