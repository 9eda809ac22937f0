import { Box, Text } from 'ink';
import { useCallback, useEffect, useMemo, useRef } from 'react';
import { LogSession } from '../../state/logs/log-session.ts';
import type { LogLine } from '../../state/logs/types.ts';
import { saveLogs } from '../../state/logs/save.ts';
import { findMatches, matchRanges } from '../../state/logs/search.ts';
import { initialLogViewState, reduceLogView, type LogViewAction, type LogViewState } from '../../state/logs/view-model.ts';
import { sanitizeLine, truncate } from '../format/index.ts';
import { useStore } from '../hooks/use-store.ts';
import { useSyncReducer } from '../hooks/use-sync-reducer.ts';
import { KeyPriority, useKeyHandler } from '../keys/key-router.tsx';
import { keyLabel, resolveAction } from '../keys/keymap.ts';
import { useServices } from '../services.tsx';
import { theme } from '../theme.ts';
import { editLine } from '../widgets/line-edit.ts';

interface Props {
  containerId: string;
  name: string;
  width: number;
  height: number;
  onClose: () => void;
  onNotify: (text: string, tone?: 'info' | 'error') => void;
}

/**
 * A container's logs: the last 500 lines, then following. stderr is marked with `!` and red,
 * so it reads with NO_COLOR too. The buffer is bounded; the session re-attaches on restart.
 */
export function LogsView({ containerId, name, width, height, onClose, onNotify }: Props) {
  const { client, sync } = useServices();
  const session = useMemo(
    () => new LogSession({ client, onEvent: (l) => sync.onEvent(l), onReconnect: (l) => sync.onReconnect(l) }, containerId),
    [client, sync, containerId],
  );
  useEffect(() => {
    session.start();
    return () => session.close();
  }, [session]);
  const state = useStore(session.store);
  const buffer = session.buffer;

  const bodyHeight = Math.max(height - 2, 1);
  // Both read through refs in the key handler: a burst of keys ("/warn⏎") must see each other.
  const [view, setView, viewRef] = useSyncReducer(replace<LogViewState>, initialLogViewState);
  const [prompt, setPrompt, promptRef] = useSyncReducer(replace<string | undefined>, () => undefined);
  const matcher = useCallback((query: string, start: number, end: number) => findMatches(buffer, query, { start, end }), [buffer]);
  const apply = useCallback(
    (action: LogViewAction) => setView(reduceLogView(viewRef.current, action, { length: buffer.length, height: bodyHeight, matcher })),
    [buffer, bodyHeight, matcher, setView, viewRef],
  );

  // Fold what arrived since the last render into the view (follow keeps the bottom in view).
  const seen = useRef({ total: 0, dropped: 0 });
  useEffect(() => {
    const total = buffer.length + buffer.dropped;
    const added = total - seen.current.total;
    const dropped = buffer.dropped - seen.current.dropped;
    seen.current = { total, dropped: buffer.dropped };
    if (added > 0 || dropped > 0) apply({ type: 'lines-appended', added, dropped });
  }, [state.version, buffer, apply]);
  useEffect(() => apply({ type: 'resize' }), [bodyHeight, apply]);

  useKeyHandler(KeyPriority.view, (press) => {
    const prompt = promptRef.current;
    if (prompt !== undefined) {
      if (press.name === 'escape') setPrompt(undefined);
      else if (press.name === 'return') {
        setPrompt(undefined);
        if (prompt.trim() === '') apply({ type: 'clear-search' });
        else apply({ type: 'search', query: prompt });
      } else setPrompt(editLine(prompt, press));
      return true;
    }
    const action = resolveAction('logs', press.name);
    switch (action) {
      case 'up':
        apply({ type: 'scroll', by: -1 });
        return true;
      case 'down':
        apply({ type: 'scroll', by: 1 });
        return true;
      case 'page-up':
        apply({ type: 'page', direction: -1 });
        return true;
      case 'page-down':
        apply({ type: 'page', direction: 1 });
        return true;
      case 'top':
        apply({ type: 'top' });
        return true;
      case 'bottom':
        apply({ type: 'bottom' });
        return true;
      case 'follow':
        apply({ type: 'toggle-follow' });
        return true;
      case 'timestamps':
        apply({ type: 'toggle-timestamps' });
        return true;
      case 'search':
        setPrompt('');
        return true;
      case 'next-match':
        apply({ type: 'next-match' });
        return true;
      case 'prev-match':
        apply({ type: 'prev-match' });
        return true;
      case 'save-logs': {
        const at = buffer.slice();
        onNotify(`saving ${at.length} lines…`);
        saveLogs(at, { dir: process.cwd(), containerName: name, timestamps: viewRef.current.showTimestamps }).then(
          (path) => onNotify(`saved ${at.length} lines to ${path}`),
          (error: unknown) => onNotify(`could not save the logs: ${(error as Error).message}`, 'error'),
        );
        return true;
      }
      case 'close':
        if (viewRef.current.search) apply({ type: 'clear-search' });
        else onClose();
        return true;
      default:
        return false;
    }
  });

  const lines = buffer.slice(view.top, view.top + bodyHeight);
  const search = view.search;
  const status =
    state.status === 'error'
      ? `error: ${sanitizeLine(state.error ?? '')}`
      : state.status === 'stopped'
        ? 'container stopped — waiting for it to start again'
        : state.status === 'connecting'
          ? 'connecting…'
          : view.follow
            ? 'following'
            : `paused (${keyLabel('bottom')} or ${keyLabel('follow')} follows)`;
  const searchInfo = search ? ` · "${sanitizeLine(search.query)}" ${search.current === undefined ? 0 : search.matches.indexOf(search.current) + 1}/${search.matches.length}` : '';
  const header = `logs ${sanitizeLine(name)} · ${status} · ${buffer.length} lines${searchInfo}`;
  return (
    <Box flexDirection="column" width={width} height={height}>
      <Text bold color={state.status === 'error' ? theme.error : theme.accent} wrap="truncate">
        {truncate(header, width)}
      </Text>
      <Box flexDirection="column" height={bodyHeight}>
        {lines.length === 0 ? (
          <Text color={theme.muted}>{state.status === 'connecting' ? '' : 'no output yet'}</Text>
        ) : (
          lines.map((line, i) => (
            <LogRow key={view.top + i} line={line} width={width} timestamps={view.showTimestamps} query={search?.query} current={search?.current === view.top + i} />
          ))
        )}
      </Box>
      <Text color={theme.muted} wrap="truncate">
        {prompt !== undefined ? `/${prompt}█  (Enter searches, Esc cancels)` : movementHint()}
      </Text>
    </Box>
  );
}

/**
 * The keys the footer below has no room for (it lists follow, search, save…), from the keymap in
 * force, so a user's own keys show here too.
 */
function movementHint(): string {
  const label = keyLabel;
  return `scroll ${label('up')} ${label('down')} ${label('page-up')} ${label('page-down')} · ${label('top')} top · ${label('bottom')} bottom and follow · ${label('prev-match')} previous match`;
}

function LogRow({ line, width, timestamps, query, current }: { line: LogLine; width: number; timestamps: boolean; query?: string; current: boolean }) {
  const marker = line.stream === 'stderr' ? '!' : ' ';
  const stamp = timestamps && line.time ? `${line.time} ` : '';
  const text = truncate(`${stamp}${sanitizeLine(line.text)}`, Math.max(width - 2, 1));
  const color = line.stream === 'stderr' ? theme.stderr : undefined;
  if (!query) {
    return (
      <Text wrap="truncate" color={color}>
        {marker} {text}
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
      {current ? '>' : marker} {parts.map((p, i) => (p.hit ? <Text key={i} color={theme.match} bold underline>{p.text}</Text> : <Text key={i}>{p.text}</Text>))}
    </Text>
  );
}

function replace<T>(_previous: T, next: T): T {
  return next;
}
