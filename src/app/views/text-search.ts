/**
 * Search in the views that scroll text (inspect, history, help, the incident card), as in logs:
 * `/` asks for the text, Enter keeps it and goes to the first line holding it from the top of
 * the screen down, `n` and `N` go to the next and previous such line (round the end), Esc in the
 * prompt leaves it. Plain text, upper and lower case alike unless the text has a capital
 * (smartcase, as less -i and vim do). The lines searched are the ones the view draws. The keys'
 * logic (`searchMove`) knows neither where the search's state is kept nor where the lines are
 * (an array, or an accessor over lines held elsewhere): the run, exec and compose dialogs search
 * their output through it too (dialogs/output-search.ts).
 */
import { notify, reduced, type Reduced } from '../commands.ts';
import type { UiContext } from '../context.ts';
import { editLine } from '../input/field.ts';
import type { KeyPress } from '../input/press.ts';
import { isPrintableKey, type ActionId, type KeyContext, type Keymap } from '../keys/keymap.ts';
import { replaceOverlay } from '../navigation.ts';
import type { AppState, DescribeOverlay, HealthOverlay, RelationsOverlay, TextSearch, TextSearchOverlay } from '../types.ts';
import { scrollBody, scrollKey } from './scroll.ts';

/** Whether `line` holds `find` (smartcase). */
export function holds(line: string, find: string): boolean {
  return find !== '' && (/[A-Z]/.test(find) ? line.includes(find) : line.toLowerCase().includes(find.toLowerCase()));
}

/** Where `find` starts in `line` (smartcase), each occurrence: what the drawing highlights. */
export function occurrences(line: string, find: string): number[] {
  if (find === '') return [];
  const hay = /[A-Z]/.test(find) ? line : line.toLowerCase();
  const needle = /[A-Z]/.test(find) ? find : find.toLowerCase();
  const out: number[] = [];
  for (let i = hay.indexOf(needle); i >= 0; i = hay.indexOf(needle, i + needle.length)) out.push(i);
  return out;
}

/**
 * Lines read one at a time: an array of strings is one, and so is an accessor over lines kept
 * elsewhere (a run dialog's output, held by the runner: dialogs/output-search.ts).
 */
export interface TextLines {
  readonly length: number;
  at(index: number): string | undefined;
}

/** The line holding `find` after (`step` 1) or before (-1) `from`, round the end; undefined: none. */
export function nextLine(lines: TextLines, find: string, from: number, step: 1 | -1): number | undefined {
  const n = lines.length;
  for (let k = 1; k <= n; k++) {
    const i = (((from + step * k) % n) + n) % n;
    if (holds(lines.at(i) ?? '', find)) return i;
  }
  return undefined;
}

/** The view's key contexts: the prompt's while it asks, else its own. */
export function searchContexts(overlay: { search?: TextSearch }, own: readonly KeyContext[]): readonly KeyContext[] {
  return overlay.search?.prompt !== undefined ? ['prompt', 'line'] : own;
}

/** How many of `lines` hold the text, and which of them the match is: what the title says. */
export function searchStatus(search: TextSearch | undefined, lines: TextLines): string | undefined {
  if (!search) return undefined;
  if (search.prompt !== undefined) return `/${search.prompt}▏`;
  if (search.find === undefined) return undefined;
  let count = 0;
  let at = -1;
  for (let i = 0; i < lines.length; i++) {
    if (!holds(lines.at(i) ?? '', search.find)) continue;
    count += 1;
    if (i === search.at) at = count;
  }
  return `/${search.find} ${at > 0 ? at : 0}/${count}`;
}

/**
 * Where the search starts from on a screen of lines: its top line (a scroll: Enter finds from the
 * top down, n after the current match), or its cursor (the match becomes the selected line).
 */
export type SearchOrigin = { top: number } | { cursor: number };

/** What a search key did: the search's next state, the line to bring into view, what to say. */
export interface SearchMove {
  search: TextSearch | undefined;
  /** The match: the line to show (a scroll) or select (a cursor). */
  show?: number;
  notice?: { text: string; tone: 'info' | 'error' };
}

/**
 * What a search key does over `lines`, wherever the search's state and the lines are kept (a
 * view's overlay, a dialog's state): `action` is the key's, resolved in the prompt's contexts
 * while the prompt asks and in the screen's own otherwise. The same state back: a prompt key
 * that changed nothing. Undefined: not a search key (the screen scrolls or closes with it).
 */
export function searchMove(search: TextSearch | undefined, press: KeyPress, action: ActionId | undefined, lines: TextLines, origin: SearchOrigin, keymap: Keymap): SearchMove | undefined {
  const go = (find: string, from: number, step: 1 | -1): SearchMove => {
    const at = nextLine(lines, find, from, step);
    if (at === undefined) return { search: { find }, notice: { text: `no line holds “${find}”`, tone: 'error' } };
    return { search: { find, at }, show: at };
  };
  // A scroll's: from the line above the top (a match on the top line is the first one found); a cursor's: from above it.
  const here = 'top' in origin ? origin.top : origin.cursor;
  if (search?.prompt !== undefined) {
    const prompt = search.prompt;
    // A printable key is text in the prompt, whatever it does elsewhere.
    const named = isPrintableKey(press.name) || press.name === 'paste' ? undefined : action;
    if (named === 'prompt-clear') return { search: undefined };
    if (named === 'prompt-keep') return prompt === '' ? { search: undefined } : go(prompt, here - 1, 1);
    const edited = editLine(prompt, press, named);
    return { search: edited === prompt ? search : { ...search, prompt: edited } };
  }
  if (action === 'search') return { search: { ...search, prompt: '' } };
  if (action !== 'next-match' && action !== 'prev-match') return undefined;
  // n or N with nothing searched yet: say what starts a search.
  if (search?.find === undefined) return { search, notice: { text: `nothing searched yet: ${keymap.shortLabel('search')} first`, tone: 'info' } };
  const step = action === 'next-match' ? 1 : -1;
  return go(search.find, 'top' in origin ? (search.at ?? (step === 1 ? here - 1 : here)) : here, step);
}

/** The action a key has in a view that searches: the prompt's while it asks, else the view's own `context`'s. */
function searchAction(search: TextSearch | undefined, press: KeyPress, ctx: UiContext, context: KeyContext): ActionId | undefined {
  return search?.prompt !== undefined ? ctx.keymap.resolveIn(['prompt', 'line'], press.name) : ctx.keymap.resolve(context, press.name);
}

/** A search move's outcome for a view: its overlay with the search (and `placed` at the match), and the notice. */
function applied<O extends TextSearchOverlay | CursorSearchOverlay>(state: AppState, overlay: O, move: SearchMove, placed: (at: number) => O): Reduced {
  if (move.search === overlay.search && move.notice === undefined) return reduced(state);
  const next = move.search === overlay.search ? state : replaceOverlay(state, { ...(move.show === undefined ? overlay : placed(move.show)), search: move.search });
  return move.notice ? notify(next, move.notice.text, move.notice.tone) : reduced(next);
}

/**
 * What a search key does to a scroll view showing `lines` (its keys resolved in `context`);
 * undefined: not a search key (the view scrolls or closes with it).
 */
export function searchKey<O extends TextSearchOverlay>(state: AppState, overlay: O, press: KeyPress, ctx: UiContext, context: KeyContext, lines: readonly string[]): Reduced | undefined {
  const move = searchMove(overlay.search, press, searchAction(overlay.search, press, ctx, context), lines, { top: overlay.top }, ctx.keymap);
  if (!move) return undefined;
  const body = scrollBody(state, ctx);
  // Shows the match with a little of what comes before it, unless it is on screen already.
  return applied(state, overlay, move, (at) => ({ ...overlay, top: at >= overlay.top && at < overlay.top + body - 1 ? overlay.top : Math.max(Math.min(at - 2, lines.length - body), 0) }));
}

/** A scroll view's keys: its search first, then the moves and close (scroll.ts). */
export function scrollOrSearchKey<O extends TextSearchOverlay>(state: AppState, overlay: O, press: KeyPress, ctx: UiContext, context: KeyContext, lines: readonly string[]): Reduced | undefined {
  return searchKey(state, overlay, press, ctx, context, lines) ?? (overlay.search?.prompt !== undefined ? undefined : scrollKey(state, overlay, press, ctx, context, lines.length));
}

/** A view whose search moves its cursor (`selected`) rather than its top: describe, health, relations. */
export type CursorSearchOverlay = DescribeOverlay | HealthOverlay | RelationsOverlay;

/**
 * What a search key does to a view with a cursor over `lines`: as `searchKey`, but the match
 * becomes the selected line (the view keeps it on screen). Undefined: not a search key.
 */
export function cursorSearchKey<O extends CursorSearchOverlay>(state: AppState, overlay: O, press: KeyPress, ctx: UiContext, context: KeyContext, lines: readonly string[]): Reduced | undefined {
  const move = searchMove(overlay.search, press, searchAction(overlay.search, press, ctx, context), lines, { cursor: overlay.selected }, ctx.keymap);
  return move && applied(state, overlay, move, (at) => ({ ...overlay, selected: at }));
}
