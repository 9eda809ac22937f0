/**
 * The logs view's query and filter mode, as the overlay holds them: the compiled query (plain text,
 * or a regex, with or without case) and, in filter mode, the rows of matching lines with their
 * context. Filter mode narrows the loaded window (at most the buffer's 10,000 lines); the whole
 * history is still searched by the engine pass, and n/N read a far match's page in, which is then
 * filtered the same way.
 */
import { filterRows, type FilterResult } from '../../state/logs/filter.ts';
import { compileQuery, findMatching, type CompiledQuery, type QueryOptions } from '../../state/logs/query.ts';
import type { SearchableLines } from '../../state/logs/search.ts';
import type { LogsOverlay } from '../types.ts';

/** A buffer (which bumps `version` on every change) or plain lines. */
type Lines = SearchableLines & { readonly version?: number };

const compiled = new Map<string, CompiledQuery>();

/** The query compiled with the overlay's options (a few recent ones kept: every render asks). */
export function compiledQuery(query: string, options: QueryOptions = {}): CompiledQuery {
  const key = `${options.regex === true ? 'r' : 'p'}${options.caseSensitive === true ? 'c' : 'i'}${query}`;
  let found = compiled.get(key);
  if (found === undefined) {
    found = compileQuery(query, options);
    if (compiled.size > 32) compiled.clear();
    compiled.set(key, found);
  }
  return found;
}

/** The view's matcher for the reducer: lines in `[start, end)` matching `query` with the overlay's options. */
export function overlayMatcher(lines: SearchableLines, options: QueryOptions | undefined): (query: string, start: number, end: number) => number[] {
  return (query, start, end) => {
    const q = compiledQuery(query, options);
    return q.ok ? findMatching(lines, q.test, start, end) : [];
  };
}

interface FilterMemo {
  readonly key: string;
  readonly result: FilterResult;
}

const memo = new WeakMap<object, FilterMemo>();

const everyLine = () => true;

/**
 * Filter mode's rows for this overlay over `lines`, or undefined when the view is not filtering
 * (or the query is invalid): the lines matching the search, of the one stream shown (`s`) if one
 * is — with no search, every line of that stream.
 */
export function filterFor(overlay: LogsOverlay, lines: Lines | undefined): FilterResult | undefined {
  const query = overlay.view.search?.query;
  const streams = overlay.filter?.streams;
  if (overlay.filter === undefined || ((query === undefined || overlay.filter.streamsOnly === true) && streams === undefined) || lines === undefined) return undefined;
  const q = query === undefined || overlay.filter.streamsOnly === true ? undefined : compiledQuery(query, overlay.query);
  if (q?.ok === false) return undefined;
  const key = `${lines.version ?? ''}:${lines.length}:${overlay.filter.context}:${streams ?? ''}:${overlay.filter.streamsOnly === true}:${overlay.query?.regex === true}:${overlay.query?.caseSensitive === true}:${query ?? ''}`;
  const held = memo.get(lines);
  if (held?.key === key) return held.result;
  const result = filterRows(lines, q?.test ?? everyLine, q === undefined ? 0 : overlay.filter.context, streams);
  memo.set(lines, { key, result });
  return result;
}
