/**
 * A Compose project's containers stopped, started or restarted together (from its header row),
 * one after another as `docker compose stop` does, and the one-line result: how many, or the
 * engine's own words for the first one that failed (the rest are not tried). The marked rows'
 * bulk actions run the same way (set.ts), each row's result its own.
 */
import type { EngineClient } from '../../engine/client.ts';
import { containerLabel } from './labels.ts';
import { actOnEach, actOnItem } from './set.ts';

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
  const { outcomes } = await actOnEach(members, (m) => actOnItem(client, verb, { kind: 'container', id: m.id, name: m.name }, { timeout }, signal), { stopOnFailure: true, halt: signal });
  const refused = outcomes.findIndex((o) => o?.ok === false);
  const member = members[refused];
  const outcome = outcomes[refused];
  if (member && outcome) throw new Error(`${containerLabel(member.name, member.id)}: ${outcome.message}`);
  const count = `${members.length} container${members.length === 1 ? '' : 's'}`;
  return `${done[verb]} ${count} of project ${request.project}`;
}
