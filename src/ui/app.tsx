/**
 * The screen: status bar, banner (when the engine is unreachable), tabs, the pane or the overlay
 * on top, the message line and the footer. It draws the app store's state and the engine's; what
 * keys do is keys/reduce.ts, and nothing here keeps state a key can change.
 */
import { Box, Text } from 'ink';
import { useCallback, useMemo } from 'react';
import { paneView, topOverlay } from '../state/app/types.ts';
import type { PullsState } from '../state/pulls/pull-manager.ts';
import { isLive } from '../state/containers.ts';
import { plural, sanitizeLine, truncate } from './format/index.ts';
import { nextRelativeChange } from './format/time.ts';
import { useClockUntil } from './hooks/use-clock.ts';
import { useOptionalStore, useStore, useStoreValue } from './hooks/use-store.ts';
import { contextsFor } from './keys/contexts.ts';
import { bodyHeight } from './layout.ts';
import { paneComponents } from './panes/index.tsx';
import { nextStatusChange } from './rows/container-rows.ts';
import { containerRowsOf, eventRowsOf, imageRowsOf } from './panes/registry.ts';
import { useRuntime } from './runtime.tsx';
import { useServices } from './services.tsx';
import { theme } from './theme.ts';
import { OverlayView } from './views/overlay-views.tsx';
import { EngineErrorLine, UnreachableBanner } from './widgets/banner.tsx';
import { Footer } from './widgets/footer.tsx';
import { StatusBar } from './widgets/status-bar.tsx';
import { Tabs } from './widgets/tabs.tsx';

export function App() {
  const { engineStore, pulls, events } = useServices();
  const eventLog = useOptionalStore(events?.store);
  const { store, runner } = useRuntime();
  const state = useStore(store);
  const engine = useStore(engineStore);
  const pullSummary = useStoreValue(pulls.store, summarizePulls);
  const { columns: width, rows } = state.terminal;

  // Only CREATED and STATUS read the clock: tick when one of them would read differently (at most
  // every 11 s), not on a fixed period regardless; each tick repaints the whole screen.
  const nextTimeChange = useCallback(
    (t: number) =>
      Math.min(
        earliestRelativeChange([engine.containers.items, engine.images.items], t),
        nextStatusChange(engine.containers.items, engine.containers.refreshedAt ?? t, t),
      ),
    [engine.containers.items, engine.images.items, engine.containers.refreshedAt],
  );
  // 11 s, a little over the 10 s safety poll: when a poll brings changed status texts ("Up 40
  // seconds"), its render repaints the times too and the tick waits for the next poll, rather
  // than firing just before it and painting the screen twice.
  const freshAt = Math.max(engine.containers.refreshedAt ?? 0, engine.images.refreshedAt ?? 0);
  // On the minute grid: every age on screen that changes within a minute changes in one frame.
  const now = useClockUntil(nextTimeChange, 11_000, freshAt, 60_000);

  const running = useMemo(() => engine.containers.items.filter(isLive).length, [engine.containers.items]);
  const overlay = topOverlay(state);
  const view = paneView(state, state.pane);
  const unreachable = engine.connection.status === 'unreachable';
  const backgroundError = !unreachable && engine.connection.error ? engine.connection.error : undefined;
  const height = bodyHeight(state.terminal, engine);

  const summary = (() => {
    const stale = engine.containers.stale
      ? ' [stale]'
      : engine.containers.partial && state.showAll && state.pane === 'containers'
        ? ' [the stopped ones are on their way]'
        : '';
    const filter = view.filter ? ` · filter "${view.filter}"` : '';
    const sort = view.sort === 'created' ? '' : ` · by ${view.sort}`;
    if (state.pane === 'containers') return `${state.showAll ? 'all' : 'running'}: ${containerRowsOf(state, { engine }).length}${filter}${sort}${stale}`;
    if (state.pane === 'images') return `${plural(imageRowsOf(state, { engine }).length, 'tag')}${filter}${sort}${stale}`;
    if (state.pane === 'events') return `${plural(eventRowsOf(state, { events: eventLog }).length, 'event')}${filter}`;
    return pullSummary;
  })();

  const Pane = paneComponents[state.pane];
  const body = overlay ? (
    <OverlayView overlay={overlay} state={state} runner={runner} width={width} height={height} />
  ) : (
    <Pane state={state} engine={engine} width={width} height={height} nowMs={now} />
  );

  const messageLine = state.filtering ? `/${view.filter}█  (Enter keeps, Esc clears)` : state.notice ? sanitizeLine(state.notice.text) : '';

  return (
    <Box flexDirection="column" width={width} height={rows - 1}>
      <StatusBar engine={engine} width={width} running={running} />
      {unreachable ? <UnreachableBanner connection={engine.connection} width={width} /> : null}
      {backgroundError ? <EngineErrorLine message={backgroundError} width={width} /> : null}
      <Tabs active={state.pane} summary={summary} width={width} />
      <Box height={height} flexDirection="column">
        {body}
      </Box>
      <Text color={state.notice?.tone === 'error' && !state.filtering ? theme.error : undefined} wrap="truncate">
        {truncate(messageLine, width) || ' '}
      </Text>
      <Footer contexts={contextsFor(state)} width={width} />
    </Box>
  );
}

/** "2 pulls, 1 running" (or nothing): all the frame around the panes needs of the pulls. */
function summarizePulls({ pulls }: PullsState): string {
  const active = pulls.filter((p) => p.status === 'running').length;
  return pulls.length === 0 ? '' : `${pulls.length} pull${pulls.length === 1 ? '' : 's'}, ${active} running`;
}

function earliestRelativeChange(lists: ReadonlyArray<readonly { Created?: number }[]>, nowMs: number): number {
  let earliest = Infinity;
  for (const list of lists) for (const item of list) earliest = Math.min(earliest, nextRelativeChange(item.Created, nowMs));
  return earliest;
}
