import { Box, Text } from 'ink';
import type { LogsOverlay } from '../../app/types.ts';
import type { LogSource } from '../../app/handlers/work.ts';
import type { LogSessionState } from '../../state/logs/log-session.ts';
import type { LogLine } from '../../state/logs/types.ts';
import { matchRanges } from '../../state/logs/search.ts';
import { Store } from '../../state/store.ts';
import { sanitizeLine, sanitizeTabbed, truncate } from '../../app/format/index.ts';
import { dropColumns, wrapColumns } from '../../app/format/long-lines.ts';
import { useStore } from '../hooks/use-store.ts';
import { theme } from '../../app/theme.ts';
import { historyStatus } from '../../app/views/logs-status.ts';
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
  const bodyHeight = Math.max(height - 2, 1);
  const rows = session ? screenRows(session.buffer, view, overlay.length, bodyHeight, width) : [];
  const search = view.search;
  const status =
    state.status === 'error'
      ? `error: ${sanitizeLine(state.error ?? '')}`
      : state.status === 'stopped'
        ? 'container stopped — waiting for it to start again'
        : state.status === 'connecting'
          ? 'connecting…'
          : overlay.detached === true
            ? 'reading the history'
            : view.follow
            ? 'following'
            : `paused (${keymap.label('bottom')} or ${keymap.label('follow')} follows)`;
  const searchInfo = search ? ` · "${sanitizeLine(search.query)}" ${search.current === undefined ? 0 : search.matches.indexOf(search.current) + 1}/${search.matches.length}` : '';
  // A set's logs (a project's, a service's) are each member's last 200 lines, then live: a swarm
  // service's log has no `until` and its `tail` counts per task, so it cannot be paged back.
  const limited = overlay.history !== undefined ? '' : overlay.containerId.startsWith('service:') ? ' (the last 200 of each task; service logs cannot page back)' : ' (the last 200 of each container)';
  const header = `logs ${sanitizeLine(overlay.name)} · ${status} · ${historyStatus(overlay.length, overlay.history, { up: keymap.shortLabel('up'), down: keymap.shortLabel('down') })}${limited}${searchInfo}`;
  return (
    <Box flexDirection="column" width={width} height={height}>
      <Text bold color={state.status === 'error' ? theme.error : theme.accent} wrap="truncate">
        {truncate(header, width)}
      </Text>
      <Box flexDirection="column" height={bodyHeight}>
        {rows.length === 0 ? (
          <Text color={theme.muted}>{state.status === 'connecting' ? '' : 'no output yet'}</Text>
        ) : (
          rows.map((row) => (
            <LogRow key={`${row.index}.${row.part}`} line={row.line} text={row.text} first={row.part === 0} query={search?.query} current={search?.current === row.index} />
          ))
        )}
      </Box>
      <Text color={theme.muted} wrap="truncate">
        {overlay.prompt !== undefined ? `/${sanitizeLine(overlay.prompt)}█  (${keymap.shortLabel('prompt-keep')} searches, ${keymap.shortLabel('prompt-clear')} cancels)` : movementHint(keymap)}
      </Text>
    </Box>
  );
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
  line: LogLine;
  /** Its index in the buffer, and which of its rows this is (wrapping). */
  index: number;
  part: number;
  /** What this row shows of it (sanitised). */
  text: string;
}

/**
 * The rows on screen: a line each, cut at the width or shifted left by `view.left` columns; or,
 * wrapping, as many rows as each line needs, from the top line down (following: from the last
 * line up, so the newest line is always whole on the bottom row).
 */
function screenRows(buffer: LogSource['buffer'], view: LogsOverlay['view'], length: number, height: number, width: number): ScreenRow[] {
  const room = Math.max(width - 2, 1);
  const shown = (line: LogLine) => `${view.showTimestamps && line.time ? `${line.time} ` : ''}${sanitizeTabbed(line.text)}`;
  const roomFor = (line: LogLine) => Math.max(room - (line.source === undefined ? 0 : sanitizeLine(line.source).length + 3), 1);
  if (view.wrap !== true) {
    return buffer.slice(view.top, Math.min(view.top + height, length)).map((line, i) => ({ line, index: view.top + i, part: 0, text: truncate(dropColumns(shown(line), view.left ?? 0), roomFor(line)) }));
  }
  const wrapped = (index: number): ScreenRow[] => {
    const line = buffer.at(index);
    return line === undefined ? [] : wrapColumns(shown(line), roomFor(line)).map((text, part) => ({ line, index, part, text }));
  };
  const rows: ScreenRow[] = [];
  if (view.follow) {
    for (let i = length - 1; i >= 0 && rows.length < height; i--) rows.unshift(...wrapped(i));
    return rows.slice(-height);
  }
  for (let i = view.top; i < length && rows.length < height; i++) rows.push(...wrapped(i));
  return rows.slice(0, height);
}

function LogRow({ line, text, first, query, current }: { line: LogLine; text: string; first: boolean; query?: string; current: boolean }) {
  const marker = !first ? ' ' : line.stream === 'stderr' ? '!' : ' ';
  // A project's logs: the service first, in its own colour, as `docker compose logs` marks them.
  const source = line.source === undefined ? '' : first ? `${sanitizeLine(line.source)} | ` : ' '.repeat(sanitizeLine(line.source).length + 3);
  const color = line.stream === 'stderr' ? theme.stderr : undefined;
  const prefix = source ? <Text color={theme.sourceColor(line.source ?? '')}>{source}</Text> : null;
  if (!query) {
    return (
      <Text wrap="truncate" color={color}>
        {marker} {prefix}
        {text}
      </Text>
    );
  }
  // Highlight matches within what is shown (the ranges are found on the displayed text).
  const parts: Array<{ text: string; hit: boolean }> = [];
  let at = 0;
  for (const [start, end] of matchRanges(text, query)) {
    if (start > at) parts.push({ text: text.slice(at, start), hit: false });
    parts.push({ text: text.slice(start, end), hit: true });
    at = end;
  }
  if (at < text.length) parts.push({ text: text.slice(at), hit: false });
  return (
    <Text wrap="truncate" color={color} inverse={current}>
      {current ? '>' : marker} {prefix}
      {parts.map((p, i) => (p.hit ? <Text key={i} color={theme.match} bold underline>{p.text}</Text> : <Text key={i}>{p.text}</Text>))}
    </Text>
  );
}
