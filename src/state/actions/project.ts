/**
 * A Compose project's containers stopped, started or restarted together (from its header row),
 * one after another as `docker compose stop` does, and the one-line result: how many, or the
 * engine's own words for the first one that failed (the rest are not tried).
 */
import type { EngineClient } from '../../engine/client.ts';
import { containerLabel } from './labels.ts';

export type ProjectVerb = 'stop' | 'start' | 'restart';

export interface ProjectRequest {
  project: string;
  verb: ProjectVerb;
  members: ReadonlyArray<{ id: string; name: string }>;
  /** Grace period in seconds for stop and restart. */
  timeout?: number;
  signal?: AbortSignal;
}

const done: Record<ProjectVerb, string> = { stop: 'stopped', start: 'started', restart: 'restarted' };

export async function actOnProject(client: EngineClient, request: ProjectRequest): Promise<string> {
  const { verb, members, timeout, signal } = request;
  for (const member of members) {
    try {
      if (verb === 'start') await client.startContainer(member.id, signal);
      else if (verb === 'stop') await client.stopContainer(member.id, { timeout, signal });
      else await client.restartContainer(member.id, { timeout, signal });
    } catch (error) {
      const reason = error instanceof Error ? error.message : String(error);
      throw new Error(`${containerLabel(member.name, member.id)}: ${reason}`, { cause: error });
    }
  }
  const count = `${members.length} container${members.length === 1 ? '' : 's'}`;
  return `${done[verb]} ${count} of project ${request.project}`;
}
