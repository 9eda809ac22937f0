/**
 * The pull dialog's registry picker, pure: as the image field changes, what to ask the registries
 * (the repositories matching it, or the tags of the repository before its `:`), once typing
 * pauses; the answers; the list they make under the field and its cursor; what picking a row
 * writes into the field. The questions themselves: handlers/registry.ts (a newer one cancels the
 * one under way). A failed search (offline, no index) says so and the field works as before.
 *
 * The list is a form row between the image field and the username: Tab/↓ from the field enters
 * it, Tab/↓ and Shift-Tab/↑ move in it (past its ends: the next and the previous field), Enter
 * writes the row into the field: a repository (its tags are listed next), or a tag.
 */
import type { Command, PullReply } from '../commands.ts';
import type { SearchAnswer } from '../../state/registry/search.ts';
import { sanitizeLine, truncate } from '../format/index.ts';
import type { DialogBlock } from './view.ts';

/** How long typing must pause before a registry is asked. */
export const SEARCH_DELAY_MS = 300;
/** Rows of the list drawn at once (a window around the cursor). */
export const LIST_ROWS = 6;
/** A term shorter than this asks nothing (an index answers one letter with noise). */
const MIN_TERM = 2;

export type RegistrySearch =
  | { state: 'idle' }
  | { state: 'searching'; term: string }
  | { state: 'found'; term: string; answer: SearchAnswer }
  | { state: 'failed'; term: string; message: string };

export type TagList =
  | { state: 'idle' }
  | { state: 'loading'; repository: string }
  | { state: 'found'; repository: string; tags: readonly string[] }
  | { state: 'failed'; repository: string; message: string };

export interface Picker {
  search: RegistrySearch;
  tags: TagList;
  /** The list has the keys: the row of its cursor. */
  cursor?: number;
}

export const idlePicker: Picker = { search: { state: 'idle' }, tags: { state: 'idle' } };

/** What the field asks for: the tags of the repository before a `:` tag, or the repositories matching it. */
export type Wanted = { kind: 'tags'; repository: string; prefix: string } | { kind: 'search'; term: string };

export function wantedBy(image: string): Wanted | undefined {
  const text = image.trim();
  if (text.length < MIN_TERM || text.includes('@') || /\s/.test(text)) return undefined;
  const colon = text.lastIndexOf(':');
  if (colon > text.lastIndexOf('/')) return colon > 0 ? { kind: 'tags', repository: text.slice(0, colon), prefix: text.slice(colon + 1) } : undefined;
  return { kind: 'search', term: text };
}

export type Row = { kind: 'repository'; name: string; description?: string; stars?: number; official?: boolean } | { kind: 'tag'; repository: string; tag: string };

/** The tags shown for the field: the picked repository's (all), or the typed repository's starting with the typed tag. */
function tagRows(tags: TagList, wanted: Wanted): Row[] | undefined {
  if (tags.state !== 'found') return undefined;
  const repository = wanted.kind === 'tags' ? wanted.repository : wanted.term;
  if (tags.repository !== repository) return undefined;
  const prefix = wanted.kind === 'tags' ? wanted.prefix : '';
  return tags.tags.filter((tag) => tag.startsWith(prefix) && tag !== prefix).map((tag) => ({ kind: 'tag', repository, tag }));
}

/** The list under the field, as the field and the answers make it now. */
export function rowsOf(picker: Picker, image: string): readonly Row[] {
  const wanted = wantedBy(image);
  if (!wanted) return [];
  const tags = tagRows(picker.tags, wanted);
  if (tags) return tags;
  if (wanted.kind === 'search' && picker.search.state === 'found' && picker.search.term === wanted.term) {
    return picker.search.answer.hits.map((hit) => ({ kind: 'repository', ...hit }));
  }
  return [];
}

function due(overlay: number, result: PullReply): Command {
  // One timer for both questions: the last pause in typing decides which is asked.
  return { type: 'timer-start', ms: SEARCH_DELAY_MS, key: `registry:${overlay}`, overlay, action: { type: 'dialog', overlay, result } };
}

/** After the image field changed to `image`: what is asked once typing pauses (nothing when the answer is in). */
export function afterEdit(picker: Picker, image: string, overlay: number): { picker: Picker; commands: Command[] } {
  const wanted = wantedBy(image);
  const left = { ...picker, cursor: undefined };
  if (!wanted) return { picker: { ...left, search: { state: 'idle' } }, commands: [] };
  if (wanted.kind === 'tags' || (picker.tags.state !== 'idle' && picker.tags.repository === wanted.term)) {
    const repository = wanted.kind === 'tags' ? wanted.repository : wanted.term;
    if (picker.tags.state !== 'idle' && picker.tags.repository === repository) return { picker: left, commands: [] };
    return { picker: { ...left, tags: { state: 'loading', repository } }, commands: [due(overlay, { kind: 'tags-due', repository })] };
  }
  if (picker.search.state !== 'idle' && picker.search.term === wanted.term) return { picker: left, commands: [] };
  return { picker: { ...left, search: { state: 'searching', term: wanted.term } }, commands: [due(overlay, { kind: 'search-due', term: wanted.term })] };
}

/**
 * The questions still waiting for a pause in typing, or for their answer, dropped: the pull has
 * started, and the list goes with the dialog once the registry takes the credentials. Typed and
 * sent at once (bench B6 presses Enter as the credentials are found), the tags' question went
 * out after Enter, and with it the first TLS connection and Node's tls and crypto modules (~35 ms
 * of the pull's CPU), for a list nobody could see. A pull sent back to the dialog (refused
 * credentials) asks again at the next edit.
 */
export function unasked(picker: Picker): Picker {
  const search: RegistrySearch = picker.search.state === 'searching' ? { state: 'idle' } : picker.search;
  const tags: TagList = picker.tags.state === 'loading' ? { state: 'idle' } : picker.tags;
  return search === picker.search && tags === picker.tags ? picker : { ...picker, search, tags };
}

/** What a picked row writes into the field, and (a repository) the question for its tags, asked at once. */
export function pick(picker: Picker, row: Row, overlay: number): { image: string; picker: Picker; commands: Command[] } {
  if (row.kind === 'tag') return { image: `${row.repository}:${row.tag}`, picker: { ...picker, cursor: undefined }, commands: [] };
  const known = picker.tags.state !== 'idle' && picker.tags.repository === row.name;
  return {
    image: row.name,
    picker: { ...picker, cursor: undefined, ...(!known && { tags: { state: 'loading', repository: row.name } }) },
    commands: known ? [] : [{ type: 'registry-tags', overlay, repository: row.name }],
  };
}

/** An answer (or a pause in typing) for the picker; answers for what the field no longer asks are dropped. */
export function pickerResult(picker: Picker, image: string, result: PullReply, overlay: number): { picker: Picker; commands: Command[] } | undefined {
  const wanted = wantedBy(image);
  const term = wanted?.kind === 'search' ? wanted.term : undefined;
  const repository = wanted?.kind === 'tags' ? wanted.repository : term;
  switch (result.kind) {
    case 'search-due':
      return { picker, commands: result.term === term && picker.search.state === 'searching' ? [{ type: 'registry-search', overlay, term: result.term }] : [] };
    case 'searched':
      return { picker: result.term === term ? { ...picker, search: { state: 'found', term: result.term, answer: result.answer } } : picker, commands: [] };
    case 'search-failed':
      return { picker: result.term === term ? { ...picker, search: { state: 'failed', term: result.term, message: result.message } } : picker, commands: [] };
    case 'tags-due':
      return { picker, commands: result.repository === repository && picker.tags.state === 'loading' ? [{ type: 'registry-tags', overlay, repository: result.repository }] : [] };
    case 'tags-found':
    case 'tags-failed': {
      // A picked repository's tags come whatever the field says: picking wrote it there.
      if (picker.tags.state !== 'loading' || picker.tags.repository !== result.repository) return { picker, commands: [] };
      const tags: TagList = result.kind === 'tags-found' ? { state: 'found', repository: result.repository, tags: result.tags } : { state: 'failed', repository: result.repository, message: result.message };
      return { picker: { ...picker, tags }, commands: [] };
    }
    default:
      return undefined;
  }
}

/** The cursor moved by `delta` in `count` rows: undefined past either end (the list lets the keys go). */
export function moveCursor(cursor: number, delta: 1 | -1, count: number): number | undefined {
  const next = cursor + delta;
  return next < 0 || next >= count ? undefined : next;
}

function hitLine(row: Extract<Row, { kind: 'repository' }>): string {
  const parts = [sanitizeLine(row.name)];
  if (row.stars !== undefined) parts.push(`★ ${row.stars}`);
  if (row.official) parts.push('official');
  if (row.description) parts.push(sanitizeLine(row.description));
  return parts.join('  ');
}

/** What the registries said, in one line: asking, how many, or why not. */
function statusLine(picker: Picker, image: string, rows: readonly Row[], enter: string): Extract<DialogBlock, { kind: 'text' }> | undefined {
  const wanted = wantedBy(image);
  if (!wanted) return undefined;
  const { search, tags } = picker;
  const repository = wanted.kind === 'tags' ? wanted.repository : wanted.term;
  if (tags.state !== 'idle' && tags.repository === repository) {
    const name = sanitizeLine(repository);
    if (tags.state === 'loading') return { kind: 'text', tone: 'muted', text: `tags of ${name}: asking its registry…` };
    if (tags.state === 'failed') return { kind: 'text', tone: 'warning', text: `tags of ${name}: ${sanitizeLine(tags.message)} (type the tag as usual)` };
    return { kind: 'text', tone: 'muted', text: `tags of ${name}, newest versions first: ${rows.length}${rows.length > 0 ? ` (${enter})` : ''}` };
  }
  if (wanted.kind !== 'search' || search.state === 'idle' || search.term !== wanted.term) return undefined;
  if (search.state === 'searching') return { kind: 'text', tone: 'muted', text: 'searching…' };
  if (search.state === 'failed') return { kind: 'text', tone: 'warning', text: `the index cannot be reached: ${sanitizeLine(search.message)}; type the reference as usual` };
  const where = sanitizeLine(search.answer.where);
  return { kind: 'text', tone: 'muted', text: rows.length === 0 ? `${where}: no repository matches` : `${where}: ${rows.length} ${rows.length === 1 ? 'repository' : 'repositories'} (${enter})` };
}

/**
 * The picker's blocks under the image field: a status line, then a window of rows around the
 * cursor (› marks it). `enter` says how to reach the list (the keymap's words).
 */
export function pickerBlocks(picker: Picker, image: string, width: number, enter: string): DialogBlock[] {
  const rows = rowsOf(picker, image);
  const status = statusLine(picker, image, rows, enter);
  if (!status) return [];
  const blocks: DialogBlock[] = [{ ...status, wrap: 'truncate' }];
  if (rows.length === 0) return blocks;
  const cursor = picker.cursor;
  const start = Math.max(0, Math.min((cursor ?? 0) - Math.floor(LIST_ROWS / 2), rows.length - LIST_ROWS));
  const shown = rows.slice(start, start + LIST_ROWS);
  shown.forEach((row, i) => {
    const at = start + i === cursor;
    const text = row.kind === 'tag' ? sanitizeLine(row.tag) : hitLine(row);
    blocks.push({ kind: 'text', wrap: 'truncate', bold: at, tone: at ? 'accent' : undefined, text: truncate(`${at ? '›' : ' '} ${text}`, width) });
  });
  const rest = rows.length - start - shown.length;
  if (start > 0 || rest > 0) blocks.push({ kind: 'more', text: `  ${start > 0 ? `${start} above` : ''}${start > 0 && rest > 0 ? ' · ' : ''}${rest > 0 ? `${rest} more` : ''}` });
  return blocks;
}
