import { useClock } from '../hooks/use-clock.ts';
import { Box, Text } from 'ink';
import type { LogsOverlay } from '../../app/types.ts';
import type { LogSource } from '../../app/handlers/work.ts';
import type { LogSessionState } from '../../state/logs/log-session.ts';
import type { LogLine } from '../../state/logs/types.ts';
import { filterTop, type FilterRow } from '../../state/logs/filter.ts';
import { queryModes } from '../../state/logs/query.ts';
import { parseTimeWindow } from '../../state/logs/time-window.ts';
import { compiledQuery, filterFor } from '../../app/views/logs-filter.ts';
import { Store } from '../../state/store.ts';
import { sanitizeLine, truncate } from '../../app/format/index.ts';
import { dropColumns, wrapColumns } from '../../app/format/long-lines.ts';
import type { Span } from '../../app/format/json-line.ts';
import { pieceColor, rowPieces, shownLine } from '../../app/views/log-rows.ts';
import { useStore } from '../hooks/use-store.ts';
import { theme } from '../../app/theme.ts';
import { count, historyStatus } from '../../app/views/logs-status.ts';
import { useKeymap } from '../runtime-context.tsx';
import type { ActionId, Keymap } from '../../app/keys/keymap.ts';

interface Props {
  overlay: LogsOverlay;
  /** The session following this container (the CommandRunner keeps it while the view is open). */
  session: LogSource | undefined;
  width: number;
  height: number;
}

const gone = new Store<LogSessionState>({ status: 'connecting', version: 0, runs: 0 });

/**
 * A container's logs: the last 500 lines, then following; ↑ at the top and `g` read older lines
 * (the whole history, a page at a time). stderr is marked with `!` and red,
 * so it reads with NO_COLOR too. The buffer is bounded; the session re-attaches on restart.
 * Scroll, follow, search and the search prompt are the overlay's state in the app store.
 */
export function LogsView({ overlay, session, width, height }: Props) {
  const keymap = useKeymap();
  const state = useStore(session?.store ?? gone);
  const view = overlay.view;
  // Relative stamps age: a tick a second while they are shown, none otherwise.
  useClock(view.showTimestamps && view.stampZone === 'relative' ? 1000 : 0);
  const bodyHeight = Math.max(height - 2, 1);
  const search = view.search;
  const filtered = session ? filterFor(overlay, session.buffer) : undefined;
  const rows = session ? screenRows(session.buffer, view, overlay.length, bodyHeight, width, filtered?.rows, overlay.filter?.anchor ?? 0) : [];
  const query = search === undefined ? undefined : compiledQuery(search.query, overlay.query);
  const ranges = query?.ok === true ? query.ranges : undefined;
  const status =
    state.status === 'error'
      ? `error: ${sanitizeLine(state.error ?? '')}`
      : state.status === 'read'
        ? 'the window is read'
        : state.status === 'stopped'
        ? 'container stopped — waiting for it to start again'
        : state.status === 'connecting'
          ? 'connecting…'
          : overlay.detached === true
            ? 'reading the history'
            : view.follow
            ? 'following'
            : `paused (${keymap.label('bottom')} or ${keymap.label('follow')} follows)`;
  const modes = queryModes(overlay.query ?? {});
  const searchInfo = search ? ` · "${sanitizeLine(search.query)}" ${query?.ok === false ? 'invalid regex' : `${search.current === undefined ? 0 : search.matches.indexOf(search.current) + 1}/${search.matches.length}`}` : '';
  // The line under the lines says how the search reads and what filter mode shows: the loaded
  // lines (the whole-history pass, in the header, counts the rest).
  const streams = overlay.filter?.streams;
  const byQuery = search !== undefined && overlay.filter?.streamsOnly !== true;
  const streamsNote = streams === undefined ? '' : `${streams} only (${keymap.shortLabel('streams')}: ${streams === 'stdout' ? 'stderr only' : 'both'})`;
  const queryLine = search === undefined && streams === undefined ? undefined : !byQuery ? `${streamsNote}: ${count(filtered?.hits ?? 0)} of ${count(overlay.length)} lines loaded` : [
    streamsNote,
    filtered === undefined ? '' : `filter ±${overlay.filter?.context ?? 0}: ${count(filtered.hits)} matching of ${count(overlay.length)} loaded${overlay.history?.older === true || overlay.history?.newer === true ? ` (${keymap.shortLabel('next-match')} reads further matches in)` : ''}`,
    modes === '' ? 'plain text, any case' : modes,
    query?.ok === false ? `invalid regex: ${sanitizeLine(query.error)}` : '',
    `${keymap.shortLabel('filter-lines')} filter ${keymap.shortLabel('context-lines')} context ${keymap.shortLabel('toggle-regex')} regex ${keymap.shortLabel('toggle-case')} case`,
  ].filter(Boolean).join(' · ');
  // A set's logs (a project's, a service's) are each member's last 200 lines, then live: a swarm
  // service's log has no `until` and its `tail` counts per task, so it cannot be paged back.
  const limited = overlay.history !== undefined ? '' : overlay.containerId.startsWith('service:') ? ' (the last 200 of each task; service logs cannot page back)' : ' (the last 200 of each container)';
  const header = `logs ${sanitizeLine(overlay.name)} · ${status} · ${historyStatus(overlay.length, overlay.history, { up: keymap.shortLabel('up'), down: keymap.shortLabel('down') })}${limited}${windowStatus(state.window, session)}${searchInfo}`;
  return (
    <Box flexDirection="column" width={width} height={height}>
      <Text bold color={state.status === 'error' ? theme.error : theme.accent} wrap="truncate">
        {truncate(header, width)}
      </Text>
      <Box flexDirection="column" height={bodyHeight}>
        {rows.length === 0 ? (
          <Text color={theme.muted}>{state.status === 'connecting' ? '' : 'no output yet'}</Text>
        ) : (
          rows.map((row) =>
            row.line === undefined ? (
              <Text key={`gap.${row.index}`} color={theme.muted} wrap="truncate">{`  ┄ ${count(row.gap ?? 0)} line${row.gap === 1 ? '' : 's'} ┄`}</Text>
            ) : (
              <LogRow key={`${row.index}.${row.part}`} line={row.line} text={row.text} offset={row.offset} spans={row.spans} first={row.part === 0} ranges={ranges} current={search?.current === row.index} selected={selectedAt(overlay.select, row.index)} />
            ),
          )
        )}
      </Box>
      <Text color={theme.muted} wrap="truncate">
        {overlay.prompt !== undefined ? (overlay.promptFor === 'time' ? timePromptLine(overlay.prompt, keymap) : promptLine(overlay.prompt, overlay, keymap)) : overlay.select !== undefined ? selectLine(overlay.select, keymap) : (queryLine ?? movementHint(keymap))}
      </Text>
    </Box>
  );
}

/** Select mode's line: how many lines are selected and what to do with them. */
function selectLine(select: NonNullable<LogsOverlay['select']>, keymap: Keymap): string {
  const lines = Math.abs(select.cursor - select.anchor) + 1;
  return `select: ${count(lines)} line${lines === 1 ? '' : 's'} (${keymap.shortLabel('up')}/${keymap.shortLabel('down')} move) · ${keymap.shortLabel('copy-lines')} copies · ${keymap.shortLabel('pretty-json')} pretty JSON of the cursor’s line · ${keymap.shortLabel('select-lines')} or ${keymap.shortLabel('close')} leaves`;
}

/** The time prompt: what is typed, and why it cannot be read yet. */
function timePromptLine(prompt: string, keymap: Keymap): string {
  const window = prompt.trim() === '' ? undefined : parseTimeWindow(prompt);
  const problem = typeof window === 'string' ? ` · ${sanitizeLine(window)}` : '';
  return `since [until]: ${sanitizeLine(prompt)}█  (10m, 2h, 1d ago or RFC 3339; ${keymap.shortLabel('prompt-keep')} shows it, empty: all)${problem}`;
}

/** The status line's part for a time window: its name, its times, and how much of it the view holds. */
function windowStatus(window: LogSessionState['window'], session: LogSource | undefined): string {
  if (window === undefined) return '';
  const range = window.sinceMs === undefined && window.untilMs === undefined ? '' : ` (${clock(window.sinceMs)}–${window.untilMs === undefined ? 'now' : clock(window.untilMs)})`;
  const held = session?.buffer.length ?? 0;
  const read = held + (session === undefined ? 0 : session.buffer.dropped - window.droppedBefore);
  return ` · window: ${window.label}${range}${read > held ? ` · the newest ${count(held)} of its ${count(read)} lines` : ''}`;
}

/** A time in UTC as the engine writes it, to the second (the date only when not today). */
function clock(ms: number | undefined): string {
  if (ms === undefined) return 'the start';
  const iso = new Date(ms).toISOString();
  const today = new Date().toISOString().slice(0, 10);
  return iso.startsWith(today) ? `${iso.slice(11, 19)}Z` : `${iso.slice(0, 19)}Z`;
}

/** The search prompt: what is typed, how it reads (regex, case), and an invalid regex's error. */
function promptLine(prompt: string, overlay: LogsOverlay, keymap: Keymap): string {
  const modes = queryModes(overlay.query ?? {});
  const compiled = compiledQuery(prompt, overlay.query);
  const problem = compiled.ok ? '' : ` · invalid regex: ${sanitizeLine(compiled.error)}`;
  const what = overlay.filter !== undefined ? 'filters' : 'searches';
  return `/${sanitizeLine(prompt)}█  (${modes ? `${modes}; ` : ''}${keymap.shortLabel('prompt-keep')} ${what}, ${keymap.shortLabel('prompt-clear')} cancels)${problem}`;
}

/**
 * The keys the footer below has no room for (it lists follow, search, save…), from the keymap in
 * force, so a user's own keys show here too.
 */
function movementHint(keymap: Keymap): string {
  const label = (action: ActionId) => keymap.label(action);
  return `scroll ${label('up')} ${label('down')} ${label('page-up')} ${label('page-down')} · ${label('top')} top · ${label('bottom')} bottom and follow · ${label('prev-match')} previous match`;
}

interface ScreenRow {
  /** Undefined: filter mode's gap of `gap` lines left out. */
  line: LogLine | undefined;
  gap?: number;
  /** Its index in the buffer, and which of its rows this is (wrapping). */
  index: number;
  part: number;
  /** What this row shows of it (sanitised). */
  text: string;
  /** Where `text` starts in the shown line, and that line's colour spans. */
  offset: number;
  spans: readonly Span[];
}

/**
 * The rows on screen: a line each, cut at the width or shifted left by `view.left` columns; or,
 * wrapping, as many rows as each line needs, from the top line down (following: from the last
 * line up, so the newest line is always whole on the bottom row).
 */
function screenRows(buffer: LogSource['buffer'], view: LogsOverlay['view'], length: number, height: number, width: number, filtered: readonly FilterRow[] | undefined, anchor: number): ScreenRow[] {
  const room = Math.max(width - 2, 1);
  const zone = view.showTimestamps ? (view.stampZone ?? 'utc') : undefined;
  const now = Date.now();
  const roomFor = (line: LogLine) => Math.max(room - (line.source === undefined ? 0 : sanitizeLine(line.source).length + 3), 1);
  // Filter mode: the rows are the filter's (matches, context, gaps); otherwise every line in turn.
  const total = filtered?.length ?? length;
  const top = filtered === undefined ? view.top : filterTop(filtered, anchor, height, view.follow);
  const rowAt = (at: number): ScreenRow[] => {
    const entry = filtered?.[at];
    if (entry?.gap !== undefined) return [{ line: undefined, gap: entry.gap, index: entry.index, part: 0, text: '', offset: 0, spans: [] }];
    const index = entry?.index ?? at;
    const line = buffer.at(index);
    if (line === undefined) return [];
    const { text: full, spans } = shownLine(line, zone, now);
    if (view.wrap !== true) {
      const rest = dropColumns(full, view.left ?? 0);
      return [{ line, index, part: 0, text: truncate(rest, roomFor(line)), offset: full.length - rest.length, spans }];
    }
    let offset = 0;
    return wrapColumns(full, roomFor(line)).map((text, part) => {
      const row = { line, index, part, text, offset, spans };
      offset += text.length;
      return row;
    });
  };
  const rows: ScreenRow[] = [];
  if (view.follow && view.wrap === true) {
    for (let i = total - 1; i >= 0 && rows.length < height; i--) rows.unshift(...rowAt(i));
    return rows.slice(-height);
  }
  for (let i = top; i < total && rows.length < height; i++) rows.push(...rowAt(i));
  return rows.slice(0, height);
}

/** In select mode: 'cursor' for the cursor's line, 'range' for the others selected. */
function selectedAt(select: LogsOverlay['select'], index: number): 'cursor' | 'range' | undefined {
  if (select === undefined) return undefined;
  if (index === select.cursor) return 'cursor';
  return index >= Math.min(select.anchor, select.cursor) && index <= Math.max(select.anchor, select.cursor) ? 'range' : undefined;
}

function LogRow({ line, text, offset, spans, first, ranges, current, selected }: { line: LogLine; text: string; offset: number; spans: readonly Span[]; first: boolean; ranges?: (text: string) => Array<[number, number]>; current: boolean; selected?: 'cursor' | 'range' }) {
  const marker = !first ? ' ' : line.stream === 'stderr' ? '!' : ' ';
  // A project's logs: the service first, in its own colour, as `docker compose logs` marks them.
  const source = line.source === undefined ? '' : first ? `${sanitizeLine(line.source)} | ` : ' '.repeat(sanitizeLine(line.source).length + 3);
  const color = line.stream === 'stderr' ? theme.stderr : undefined;
  const prefix = source ? <Text color={theme.sourceColor(line.source ?? '')}>{source}</Text> : null;
  // Colours (JSON tokens, the level) and search hits, on the same characters of what is shown.
  const pieces = rowPieces(text, offset, spans, ranges?.(text) ?? []);
  const highlighted = current || selected !== undefined;
  // On the theme's own selection colours, the pieces' colours (chosen for the background) give way to its foreground.
  const plain = highlighted && theme.selectionColoured;
  return (
    <Text wrap="truncate" {...(plain ? theme.selection : { color, inverse: highlighted })}>
      {selected === 'cursor' && first ? '▶' : current ? '>' : selected !== undefined ? '▌' : marker} {plain ? source : prefix}
      {pieces.map((p, i) => (p.hit ? <Text key={i} color={plain ? undefined : theme.match} bold underline>{p.text}</Text> : <Text key={i} color={plain ? undefined : pieceColor(p.kind)}>{p.text}</Text>))}
    </Text>
  );
}
