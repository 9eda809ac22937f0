/**
 * `docker diff`: what changed in a container's filesystem since its image, path by path. The
 * engine says only added, changed or deleted: no sizes, no contents.
 */
import { EngineError } from './errors.ts';
import type { EngineHttp } from './http.ts';

export type ChangeKind = 'changed' | 'added' | 'deleted';

export interface FileChange {
  path: string;
  kind: ChangeKind;
}

/** The API's Kind numbers (moby's archive.ChangeType). */
const KINDS: Record<number, ChangeKind> = { 0: 'changed', 1: 'added', 2: 'deleted' };

export async function containerChanges(http: EngineHttp, id: string, signal?: AbortSignal): Promise<FileChange[]> {
  const operation = 'list the container’s changes';
  const { value } = await http.json<Array<{ Path?: unknown; Kind?: unknown }> | null>({ operation, method: 'GET', path: `/containers/${encodeURIComponent(id)}/changes`, signal });
  // An unchanged container is `null` on Docker.
  if (value === null || value === undefined) return [];
  if (!Array.isArray(value)) throw new EngineError({ code: 'PROTOCOL', operation, message: 'the engine’s answer is not a list of changes' });
  return value.flatMap((entry) => {
    const kind = KINDS[Number(entry.Kind)];
    return typeof entry.Path === 'string' && kind ? [{ path: entry.Path, kind }] : [];
  });
}
