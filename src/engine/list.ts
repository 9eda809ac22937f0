import type { AnswerMemo } from './answer-memo.ts';
import { parseJson, type EngineHttp } from './http.ts';

export interface ListQuery {
  all?: boolean;
  filters?: Record<string, string[]>;
  signal?: AbortSignal;
  /**
   * Sent without a version in the path, at the engine's own version, so that it need not wait
   * for the version to be negotiated (a round trip to /_ping first): for the first frame's list.
   * The fields berth reads of a list entry are the same at every version it speaks.
   */
  unversioned?: boolean;
}

/**
 * GET a list (containers, images): each entry checked by `toItem`, malformed ones dropped. With
 * a memo, an answer identical to the previous one yields the previous (frozen) array unparsed,
 * and of a changed one only the entries that changed are parsed.
 */
export async function fetchList<T>(
  http: EngineHttp,
  request: { operation: string; path: string; query: ListQuery; toItem: (raw: unknown) => T | undefined; volatile?: string },
  memo?: AnswerMemo<T>,
): Promise<readonly T[]> {
  const { operation, path, toItem } = request;
  const query = { all: request.query.all, filters: request.query.filters ? JSON.stringify(request.query.filters) : undefined };
  const { status, body } = await http.bytes({ operation, method: 'GET', path, query, signal: request.query.signal, unversioned: request.query.unversioned }, memo?.buffers);
  const whole = () => {
    const value = parseJson<unknown>(body, operation, status);
    return Array.isArray(value) ? value.map(toItem).filter((item): item is T => item !== undefined) : [];
  };
  return memo ? memo.resolve(JSON.stringify(query), body, { whole, entry: (json) => toItem(JSON.parse(json)), ...(request.volatile !== undefined && { volatile: request.volatile }) }) : whole();
}
