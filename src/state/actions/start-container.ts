/**
 * Starting a stopped container again, and restarting a running one, with the one-line result
 * the status bar shows. A 304 on start ("already running") is a success said plainly.
 */
import type { EngineClient } from '../../engine/client.ts';
import { containerLabel } from './labels.ts';

export interface StartRequest {
  containerId: string;
  /** As shown in the list; used in the result message. */
  name: string;
  signal?: AbortSignal;
}

export async function startContainer(client: EngineClient, request: StartRequest): Promise<string> {
  const { alreadyRunning } = await client.startContainer(request.containerId, request.signal);
  const label = containerLabel(request.name, request.containerId);
  return alreadyRunning ? `${label} was already running` : `started ${label}`;
}

export interface RestartRequest extends StartRequest {
  /** Grace period in seconds for the stop half; undefined leaves it to the container or the engine. */
  timeout?: number;
}

export async function restartContainer(client: EngineClient, request: RestartRequest): Promise<string> {
  await client.restartContainer(request.containerId, { timeout: request.timeout, signal: request.signal });
  return `restarted ${containerLabel(request.name, request.containerId)}`;
}
