/**
 * The screen: status bar, banner (when the engine is unreachable), tabs, the pane or the overlay
 * on top, the message line and the footer. It draws the app store's state and the sources'; what
 * keys do is app/keys/reduce.ts, and nothing here keeps state a key can change. What a pane shows
 * (its rows, its tab's summary) is its module's (app/panes/); nothing here names a pane.
 */
import { Box, Text } from 'ink';
import { truncate } from '../app/format/index.ts';
import { noticeLines } from '../app/banner-lines.ts';
import { contextsFor } from '../app/keys/contexts.ts';
import { bodyHeight, shownNotice } from '../app/layout.ts';
import { summaryWithMarks } from '../app/marks.ts';
import { paneEntry } from '../app/panes/index.ts';
import { quitQuestionText } from '../app/quit.ts';
import { theme } from '../app/theme.ts';
import { paneView, topOverlay, workspaceOf } from '../app/types.ts';
import { SplitBody } from './panes/split-body.tsx';
import { liveCount } from '../state/containers.ts';
import { unacknowledged } from '../state/incidents/detect.ts';
import type { EngineState } from '../state/engine-state.ts';
import { AgingPaneBody } from './panes/aging-pane-body.tsx';
import { useAppState, useDerived, useKeymap, useRuntime } from './runtime-context.tsx';
import { OverlayView } from './views/overlay-views.tsx';
import { EngineErrorLine, UnreachableBanner } from './widgets/banner.tsx';
import { Footer } from './widgets/footer.tsx';
import { CHANGES, selectedReadOnly } from '../app/fleet/access.ts';
import { StatusBar } from './widgets/status-bar.tsx';
import { PulseLine } from './widgets/pulse-line.tsx';
import { Tabs } from './widgets/tabs.tsx';

/** The engine's state alone: the frame around the panes draws again when it changes, not when a pull moves. */
function useEngine(): EngineState {
  return useDerived((_state, ctx) => ctx.engine, [], Object.is);
}

export function Screen() {
  const { runner } = useRuntime();
  const keymap = useKeymap();
  const state = useAppState();
  const engine = useEngine();
  const { columns: width, rows } = state.terminal;
  const pane = paneEntry(state.pane);
  // The marks' count after the pane's own words ("running: 5 · 3 marked").
  const summary = useDerived((s, ctx) => summaryWithMarks(paneEntry(s.pane).summary(s, ctx), s, s.pane), [], Object.is);

  const running = useDerived((_s, ctx) => liveCount(ctx.engine.containers.items), [], Object.is);
  const incidents = useDerived((_s, ctx) => unacknowledged(ctx.incidents.incidents), [], Object.is);
  const fleet = useDerived((_s, ctx) => ctx.fleet, [], Object.is);
  // The selected row is on a read-only engine: the footer offers none of the changes it refuses.
  const readOnly = useDerived((s, ctx) => selectedReadOnly(s, ctx), [], Object.is);
  const overlay = topOverlay(state);
  const view = paneView(state, pane.id);
  const unreachable = engine.connection.status === 'unreachable';
  const backgroundError = !unreachable && engine.connection.error ? engine.connection.error : undefined;
  // A notice on its own (not the quit question, not the filter prompt) wraps rather than being cut.
  const noticeText = shownNotice(state);
  const height = bodyHeight(state.terminal, engine, state.pulse, noticeText);

  const workspace = workspaceOf(state);
  const body = overlay ? (
    <OverlayView overlay={overlay} state={state} runner={runner} width={width} height={height} />
  ) : workspace.panel === 'off' ? (
    <AgingPaneBody pane={pane} engine={engine} width={width} height={height} />
  ) : (
    <SplitBody pane={pane} engine={engine} width={width} height={height} place={workspace.panel} size={workspace.size} />
  );

  const messageLine = state.quitQuestion
    ? quitQuestionText(state.quitQuestion, keymap, width)
    : state.filtering
      ? `/${view.filter}█  (${keymap.shortLabel('prompt-keep')} keeps, ${keymap.shortLabel('prompt-clear')} clears)`
      : '';
  const alarming = state.quitQuestion !== undefined || (state.notice?.tone === 'error' && !state.filtering);

  return (
    <Box flexDirection="column" width={width} height={rows - 1}>
      <StatusBar engine={engine} width={width} running={running} incidents={incidents} fleet={fleet} />
      {state.pulse ? <PulseLine width={width} /> : null}
      {unreachable ? <UnreachableBanner connection={engine.connection} width={width} /> : null}
      {backgroundError ? <EngineErrorLine message={backgroundError} width={width} /> : null}
      <Tabs active={pane.id} summary={summary} width={width} />
      <Box height={height} flexDirection="column">
        {body}
      </Box>
      {noticeText !== undefined ? (
        noticeLines(noticeText, width).map((line, i) => (
          <Text key={`n${i}`} color={alarming ? theme.error : undefined} wrap="truncate">
            {line || ' '}
          </Text>
        ))
      ) : (
        <Text color={alarming ? theme.error : undefined} wrap="truncate">
          {truncate(messageLine, width) || ' '}
        </Text>
      )}
      <Footer contexts={contextsFor(state)} width={width} hidden={readOnly ? CHANGES : undefined} />
    </Box>
  );
}
