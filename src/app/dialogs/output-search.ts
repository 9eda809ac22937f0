/**
 * `/`, `n` and `N` over the output the run, exec and compose dialogs show (issue 51: search as in
 * less on every main screen), through the views' search (views/text-search.ts): `/` asks, Enter
 * goes to the first line holding the text from the top of the output on screen down, `n` and `N`
 * to the next and previous (round the end), each occurrence highlighted and the output's last row
 * saying which match of how many. The lines searched are the ones drawn: the runner holds them
 * (a bounded buffer, handlers/output.ts) and the dialog reads them through its context; the
 * output scrolls back from its end, so showing a match is a scroll back.
 *
 * Lines the buffer drops (past its 2,000) shift the others: a match found while a run still
 * writes past that is where it was when found, as the scroll back is.
 */
import type { SearchableLines } from '../../state/logs/search.ts';
import { sanitizeLine } from '../format/index.ts';
import { defaultKeymap, type KeyContext } from '../keys/keymap.ts';
import type { TextSearch } from '../types.ts';
import { searchContexts, searchMove, searchStatus, type TextLines } from '../views/text-search.ts';
import type { DialogContext, DialogKey, DialogViewContext, Outcome } from './machine.ts';
import type { DialogBlock, Hint, Tone } from './view.ts';

/** What a dialog with output keeps: the lines reported, how far it is scrolled back, its search. */
export interface OutputSearchState {
  /** Output lines held (the runner's buffer), as last reported. */
  output: number;
  /** Lines scrolled back from the end of the output. */
  scrollBack: number;
  search?: TextSearch;
}

/** A line of output as the dialog draws it: the engine's text sanitised, stderr marked where it marks it. */
export type DrawLine = (line: { readonly text: string; readonly stream?: string }) => { text: string; tone?: Tone };

/** The dialog's contexts on its output: the prompt's while the search asks, else `own`. */
export function outputContexts(state: OutputSearchState, own: readonly KeyContext[]): readonly KeyContext[] {
  return searchContexts(state, own);
}

/** The rows the output's lines get of its `rows`: while there is a search, its line takes the last. */
export function linesRows(rows: number, search: TextSearch | undefined): number {
  return search ? Math.max(rows - 1, 1) : rows;
}

/** The output's lines as drawn, `count` of them, read one at a time from the runner's buffer. */
function drawnLines(output: SearchableLines | undefined, count: number, draw: DrawLine): TextLines {
  return {
    length: Math.min(count, output?.length ?? 0),
    at: (index) => {
      const line = output?.at(index);
      return line && draw(line).text;
    },
  };
}

/** The first line on screen and how far back from the end, for `count` lines in `shown` rows. */
function window(count: number, scrollBack: number, shown: number): { top: number; back: number } {
  const back = Math.min(scrollBack, Math.max(count - shown, 0));
  return { top: Math.max(count - back - shown, 0), back };
}

/**
 * What a search key does on a dialog's output of `rows` rows (its status line included); undefined:
 * not a search key (the output scrolls, or the dialog closes, with it).
 */
export function outputSearchKey<S extends OutputSearchState>(state: S, key: DialogKey, ctx: DialogContext, rows: number, draw: DrawLine): Outcome<S> | undefined {
  const lines = drawnLines(ctx.output, state.output, draw);
  const { top } = window(lines.length, state.scrollBack, linesRows(rows, state.search));
  const move = searchMove(state.search, key.press, key.action, lines, { top }, ctx.keymap ?? defaultKeymap);
  if (!move) return undefined;
  const notify = move.notice && { text: move.notice.text, tone: move.notice.tone };
  if (move.search === state.search) return { state, ...(notify && { notify }) };
  let { scrollBack } = state;
  if (move.show !== undefined) {
    const shown = linesRows(rows, move.search);
    const now = window(lines.length, state.scrollBack, shown);
    // The match with a little of what comes before it, unless it is on screen already.
    const wanted = move.show >= now.top && move.show < now.top + shown ? now.top : Math.max(Math.min(move.show - 2, lines.length - shown), 0);
    scrollBack = Math.max(lines.length - wanted - shown, 0);
  }
  return { state: { ...state, search: move.search, scrollBack }, ...(notify && { notify }) };
}

/**
 * The output block of `rows` rows (its status line included) as the dialog's view draws it: the
 * lines on screen with the search's text marked, and where the search stands. `below`: the lines
 * scrolled back past, for the hint.
 */
export function outputBlock(state: OutputSearchState, ctx: DialogViewContext, rows: number, draw: DrawLine, empty: string): { block: DialogBlock; below: number } {
  const shown = linesRows(rows, state.search);
  const count = Math.min(state.output, ctx.outputLength);
  const { top, back } = window(count, state.scrollBack, shown);
  const find = state.search?.prompt === undefined ? state.search?.find : undefined;
  const lines = ctx.output(top, count - back).map((line, i) => ({ ...draw(line), ...(find !== undefined && { find, current: state.search?.at === top + i }) }));
  const found = searchStatus(state.search, { length: count, at: (index) => ctx.output(index, index + 1).map((line) => draw(line).text)[0] });
  // The keys that go on from a match are said here, where there is room, rather than in the hints.
  const status = found === undefined ? undefined : find === undefined ? found : `${found} · ${ctx.keymap.shortLabel('next-match')}/${ctx.keymap.shortLabel('prev-match')} next/previous`;
  // What was typed is shown too: a paste could hold anything.
  return { block: { kind: 'output', lines, height: rows, empty, ...(status !== undefined && { status: sanitizeLine(status) }) }, below: back };
}

/** The output's hints with the search's: while it asks, only the prompt's keys (n and N are on the search's line). */
export function outputHints(search: TextSearch | undefined, own: readonly Hint[]): Hint[] {
  if (search?.prompt !== undefined) return [{ action: 'prompt-keep', text: 'search' }, { action: 'prompt-clear', text: 'no search' }];
  return [...own, { action: 'search', text: 'search' }];
}
