// A log query as the user set it up: plain text by default (search.ts's rules: `[error]` means those
// characters), a regular expression when asked, case folded unless asked not to. One compiled form
// answers both "does this line match" (search, filter, the whole-history pass) and "where" (the
// highlight), so the two can never disagree.
import { lineMatcher, matchRanges, type SearchableLines } from './search.ts';

export interface QueryOptions {
  /** The query is a JavaScript regular expression (off: plain text). */
  readonly regex?: boolean;
  /** Upper and lower case differ (off: folded). */
  readonly caseSensitive?: boolean;
}

export type CompiledQuery =
  | { readonly ok: true; test(text: string): boolean; ranges(text: string): Array<[number, number]> }
  | { readonly ok: false; readonly error: string };

/** An empty query, or an invalid pattern, matches nothing (the error says why). */
export function compileQuery(query: string, options: QueryOptions = {}): CompiledQuery {
  const caseSensitive = options.caseSensitive === true;
  if (options.regex !== true || query.length === 0) {
    const test = lineMatcher(query, caseSensitive);
    return { ok: true, test, ranges: (text) => matchRanges(text, query, caseSensitive) };
  }
  let pattern: RegExp;
  try {
    pattern = new RegExp(query, caseSensitive ? 'g' : 'gi');
  } catch (error) {
    // The engine of the message is V8's ("Invalid regular expression: /(/: Unterminated group").
    return { ok: false, error: error instanceof Error ? error.message : String(error) };
  }
  const single = new RegExp(pattern.source, caseSensitive ? '' : 'i');
  return {
    ok: true,
    test: (text) => single.test(text),
    ranges: (text) => {
      const out: Array<[number, number]> = [];
      pattern.lastIndex = 0;
      for (let m = pattern.exec(text); m !== null; m = pattern.exec(text)) {
        // A pattern that can match nothing (`a*`) would loop at one place: step past it.
        if (m[0].length === 0) {
          pattern.lastIndex++;
          continue;
        }
        out.push([m.index, m.index + m[0].length]);
      }
      return out;
    },
  };
}

/** What the status line calls the query's mode: "regex", "case", "regex, case", or "". */
export function queryModes(options: QueryOptions): string {
  return [options.regex === true ? 'regex' : '', options.caseSensitive === true ? 'case' : ''].filter(Boolean).join(', ');
}

/** Indices of the lines in `[start, end)` that `test` says yes to, ascending (`findMatches` for any query). */
export function findMatching(lines: SearchableLines, test: (text: string) => boolean, start = 0, end = lines.length): number[] {
  const out: number[] = [];
  const to = Math.min(lines.length, end);
  for (let i = Math.max(0, start); i < to; i++) {
    const line = lines.at(i);
    if (line !== undefined && test(line.text)) out.push(i);
  }
  return out;
}
