/**
 * Search in the views that scroll text (inspect, history, help, the incident card), as in logs:
 * `/` asks for the text, Enter keeps it and goes to the first line holding it from the top of
 * the screen down, `n` and `N` go to the next and previous such line (round the end), Esc in the
 * prompt leaves it. Plain text, upper and lower case alike unless the text has a capital
 * (smartcase, as less -i and vim do). The lines searched are the ones the view draws.
 */
import { notify, reduced, type Reduced } from '../commands.ts';
import type { UiContext } from '../context.ts';
import { editLine } from '../input/field.ts';
import type { KeyPress } from '../input/press.ts';
import { isPrintableKey, type KeyContext } from '../keys/keymap.ts';
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

/** The line holding `find` after (`step` 1) or before (-1) `from`, round the end; undefined: none. */
export function nextLine(lines: readonly string[], find: string, from: number, step: 1 | -1): number | undefined {
  const n = lines.length;
  for (let k = 1; k <= n; k++) {
    const i = (((from + step * k) % n) + n) % n;
    if (holds(lines[i] ?? '', find)) return i;
  }
  return undefined;
}

/** The view's key contexts: the prompt's while it asks, else its own. */
export function searchContexts(overlay: TextSearchOverlay, own: readonly KeyContext[]): readonly KeyContext[] {
  return overlay.search?.prompt !== undefined ? ['prompt', 'line'] : own;
}

/** How many of `lines` hold the text, and which of them the match is: what the title says. */
export function searchStatus(search: TextSearch | undefined, lines: readonly string[]): string | undefined {
  if (!search) return undefined;
  if (search.prompt !== undefined) return `/${search.prompt}▏`;
  if (search.find === undefined) return undefined;
  const all = lines.flatMap((line, i) => (holds(line, search.find ?? '') ? [i] : []));
  const at = search.at === undefined ? -1 : all.indexOf(search.at);
  return `/${search.find} ${at >= 0 ? `${at + 1}/${all.length}` : `0/${all.length}`}`;
}

/**
 * What a search key does to a scroll view showing `lines` (its keys resolved in `context`);
 * undefined: not a search key (the view scrolls or closes with it).
 */
export function searchKey<O extends TextSearchOverlay>(state: AppState, overlay: O, press: KeyPress, ctx: UiContext, context: KeyContext, lines: readonly string[]): Reduced | undefined {
  const search = overlay.search;
  const body = scrollBody(state, ctx);
  /** Shows line `at` with a little of what comes before it, unless it is on screen already. */
  const reveal = (at: number): number => (at >= overlay.top && at < overlay.top + body - 1 ? overlay.top : Math.max(Math.min(at - 2, lines.length - body), 0));
  const go = (find: string, from: number, step: 1 | -1): Reduced => {
    const at = nextLine(lines, find, from, step);
    if (at === undefined) return notify(replaceOverlay(state, { ...overlay, search: { find } }), `no line holds “${find}”`, 'error');
    return reduced(replaceOverlay(state, { ...overlay, search: { find, at }, top: reveal(at) }));
  };
  if (search?.prompt !== undefined) {
    const prompt = search.prompt;
    const action = isPrintableKey(press.name) || press.name === 'paste' ? undefined : ctx.keymap.resolveIn(['prompt', 'line'], press.name);
    if (action === 'prompt-clear') return reduced(replaceOverlay(state, { ...overlay, search: undefined }));
    if (action === 'prompt-keep') {
      if (prompt === '') return reduced(replaceOverlay(state, { ...overlay, search: undefined }));
      // From the line above the screen's top: a match on the top line is the first one found.
      return go(prompt, overlay.top - 1, 1);
    }
    const edited = editLine(prompt, press, action);
    return reduced(edited === prompt ? state : replaceOverlay(state, { ...overlay, search: { ...search, prompt: edited } }));
  }
  const action = ctx.keymap.resolve(context, press.name);
  if (action === 'search') return reduced(replaceOverlay(state, { ...overlay, search: { ...search, prompt: '' } }));
  if ((action === 'next-match' || action === 'prev-match') && search?.find !== undefined) {
    const step = action === 'next-match' ? 1 : -1;
    return go(search.find, search.at ?? (step === 1 ? overlay.top - 1 : overlay.top), step);
  }
  // n or N with nothing searched yet: say what starts a search.
  if (action === 'next-match' || action === 'prev-match') return notify(state, `nothing searched yet: ${ctx.keymap.shortLabel('search')} first`, 'info');
  return undefined;
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
  const search = overlay.search;
  const go = (find: string, from: number, step: 1 | -1): Reduced => {
    const at = nextLine(lines, find, from, step);
    if (at === undefined) return notify(replaceOverlay(state, { ...overlay, search: { find } }), `no line holds “${find}”`, 'error');
    return reduced(replaceOverlay(state, { ...overlay, search: { find, at }, selected: at }));
  };
  if (search?.prompt !== undefined) {
    const prompt = search.prompt;
    const action = isPrintableKey(press.name) || press.name === 'paste' ? undefined : ctx.keymap.resolveIn(['prompt', 'line'], press.name);
    if (action === 'prompt-clear') return reduced(replaceOverlay(state, { ...overlay, search: undefined }));
    if (action === 'prompt-keep') return prompt === '' ? reduced(replaceOverlay(state, { ...overlay, search: undefined })) : go(prompt, overlay.selected - 1, 1);
    const edited = editLine(prompt, press, action);
    return reduced(edited === prompt ? state : replaceOverlay(state, { ...overlay, search: { ...search, prompt: edited } }));
  }
  const action = ctx.keymap.resolve(context, press.name);
  if (action === 'search') return reduced(replaceOverlay(state, { ...overlay, search: { ...search, prompt: '' } }));
  if ((action === 'next-match' || action === 'prev-match') && search?.find !== undefined) return go(search.find, overlay.selected, action === 'next-match' ? 1 : -1);
  if (action === 'next-match' || action === 'prev-match') return notify(state, `nothing searched yet: ${ctx.keymap.shortLabel('search')} first`, 'info');
  return undefined;
}
