/**
 * Stopping a container, and the one-line result the status bar shows. A 304 from the engine
 * ("not running") is a success said plainly, and a swarm task's stop is said with its
 * consequence: the orchestrator replaces the container (see the API notes, §7).
 */
import type { EngineClient } from '../../engine/client.ts';
import { containerLabel } from './labels.ts';

export interface StopRequest {
  containerId: string;
  /** As shown in the list; used in the result message. */
  name: string;
  /** `com.docker.swarm.service.name`, when the container is a swarm task. */
  service?: string;
  /** Grace period in seconds; undefined leaves it to the container's StopTimeout or the engine. */
  timeout?: number;
  signal?: AbortSignal;
}

export interface StopOutcome {
  alreadyStopped: boolean;
  /** One line for the status bar. */
  message: string;
}

export async function stopContainer(client: EngineClient, request: StopRequest): Promise<StopOutcome> {
  const { alreadyStopped } = await client.stopContainer(request.containerId, { timeout: request.timeout, signal: request.signal });
  return { alreadyStopped, message: stopMessage(request, alreadyStopped) };
}

export function stopMessage(request: Pick<StopRequest, 'containerId' | 'name' | 'service'>, alreadyStopped: boolean): string {
  const label = containerLabel(request.name, request.containerId);
  if (alreadyStopped) return `${label} was already stopped`;
  if (request.service) return `stopped ${label}; swarm service ${request.service} will start a replacement`;
  return `stopped ${label}`;
}

/**
 * What a stop under way is waiting for, for the line that would otherwise say only "stopping…":
 * the engine sends the container's stop signal (SIGTERM unless it set another) and SIGKILL once
 * the grace period is out, so a container that ignores the signal takes the whole of it.
 * `timeout` is the grace asked for; undefined leaves it to the container's StopTimeout, else 10 s.
 */
export function graceNote(timeout: number | undefined): string {
  const signal = 'SIGTERM (or its own stop signal)';
  if (timeout === 0) return `${signal}, then SIGKILL at once`;
  if (timeout === undefined) return `${signal}, up to 10 s before SIGKILL unless it sets its own grace`;
  return `${signal}, up to ${timeout} s before SIGKILL`;
}
