import { Box, Text, useApp } from 'ink';
import { useEffect, useLayoutEffect, useReducer, useRef } from 'react';
import { selectedIndex } from '../../app/navigation.ts';
import type { Pane } from '../../app/panes/pane.ts';
import { blockHeight } from '../../app/rows/pull-rows.ts';
import { buildBlockHeight } from '../../app/rows/build-rows.ts';
import { isBuild, isRunning, selectTransferIds, transferRows } from '../../app/rows/transfer-rows.ts';
import { theme } from '../../app/theme.ts';
import { paneView } from '../../app/types.ts';
import type { TransferRow } from '../../app/rows/transfer-rows.ts';
import { useDerived, useKeymap } from '../runtime-context.tsx';
import { BuildBlock } from './build-block.tsx';
import { PullBlock, SPINNER_IDLE_MS, SPINNER_INTERVAL_MS } from './pull-blocks.tsx';

interface Props {
  /** The pane's module: its view in the app store says which block is selected (keys move it; "pull started" sets it). */
  pane: Pane;
  width: number;
  height: number;
}

const GAP = 1;

/**
 * The pulls, newest first, one block each. Only what fits is drawn: the window starts at the
 * first block that keeps the selected one in view, and a block that does not fit whole
 * collapses its layers.
 */
export function PullsPane({ pane, width, height }: Props) {
  const keymap = useKeymap();
  // The pulls, the selection, and only whether the engine answers: list refreshes must not redraw the pulls.
  const { list, currentEngine, engineSilent, view: shown } = useDerived(
    // Builds are blocks here too (app/rows/transfer-rows.ts).
    (state, ctx) => ({ list: transferRows(ctx.pulls.pulls, ctx.builds.builds), currentEngine: ctx.pulls.engine, engineSilent: ctx.engine.connection.notResponding !== undefined, view: paneView(state, pane.id) }),
    [pane],
  );
  const running = list.some(isRunning);
  // One clock for every spinner and elapsed time, and only while something runs. It fires
  // SPINNER_IDLE_MS after the last render, whatever caused it: while progress arrives the
  // store's renders turn the spinner, and the clock draws only when they stop.
  const [, tick] = useReducer((n: number) => n + 1, 0);
  useEffect(() => {
    if (!running) return undefined;
    const timer = setTimeout(tick, SPINNER_IDLE_MS);
    return () => clearTimeout(timer);
  });
  const now = Date.now();
  const nowSecond = Math.floor(now / 1000) * 1000;
  const spinnerFrame = Math.floor(now / SPINNER_INTERVAL_MS);

  // A pull that ends is news a person waits for (bench B6 times it): its frame is drawn at once,
  // not at the end of Ink's render throttle.
  const { waitUntilRenderFlush } = useApp();
  const ended = list.length - list.filter(isRunning).length;
  const endedBefore = useRef(ended);
  useLayoutEffect(() => {
    if (ended > endedBefore.current) void waitUntilRenderFlush();
    endedBefore.current = ended;
  }, [ended, waitUntilRenderFlush]);

  const index = selectedIndex(shown, selectTransferIds(list));
  // Which block the window started at last frame: drawing memory only, no key reads it.
  const topRef = useRef(0);

  if (list.length === 0) {
    return (
      <Box width={width} height={height}>
        <Text color={theme.muted}>{`no transfers yet (${keymap.label('pull')} pulls an image; ${keymap.label('save-tar')} saves one to a tar)`}</Text>
      </Box>
    );
  }

  const heights = list.map((p) => (isBuild(p) ? buildBlockHeight(p, width) : blockHeight(p, width, p.status === 'running' ? nowSecond : 0)));
  let view = windowOf(heights, index, height, topRef.current);
  const partial = view.first > 0 || view.last < list.length - 1;
  // When not everything fits, one line says so and how to get there.
  if (partial) view = windowOf(heights, index, height - 1, topRef.current);
  topRef.current = view.first;

  return (
    <Box flexDirection="column" width={width} height={height}>
      {view.blocks.map(({ i, maxLines }) => {
        const pull = list[i] as TransferRow;
        if (isBuild(pull)) {
          return (
            <Box key={pull.id} flexDirection="column" marginBottom={i < view.last ? GAP : 0}>
              <BuildBlock build={pull} width={width} nowMs={isRunning(pull) ? nowSecond : 0} selected={i === index} maxLines={maxLines} spinnerFrame={isRunning(pull) ? spinnerFrame : 0} currentEngine={currentEngine} />
            </Box>
          );
        }
        return (
          <Box key={pull.id} flexDirection="column" marginBottom={i < view.last ? GAP : 0}>
            <PullBlock
              pull={pull}
              width={width}
              // A finished block needs no clock: unchanged props let it skip rendering altogether.
              nowMs={pull.status === 'running' ? nowSecond : 0}
              selected={i === index}
              maxLines={maxLines}
              spinnerFrame={pull.status === 'running' ? spinnerFrame : 0}
              // Only the engine berth watches can be known silent; a pull elsewhere blames its registry.
              engineSilent={engineSilent && (pull.engine === undefined || pull.engine === currentEngine)}
              currentEngine={currentEngine}
              cancelKey={keymap.label('cancel-pull')}
            />
          </Box>
        );
      })}
      {partial ? (
        <Text color={theme.muted} wrap="truncate">
          {`transfer ${index + 1} of ${list.length} · ${keymap.shortLabel('up')}/${keymap.shortLabel('down')} for the others`}
        </Text>
      ) : null}
    </Box>
  );
}

interface Window {
  first: number;
  last: number;
  blocks: { i: number; maxLines: number }[];
}

/**
 * Which blocks to draw in `height` lines: from `top`, moved only as far as needed to show
 * the selected block from its title (like a list window), each given the lines left.
 */
export function windowOf(heights: readonly number[], selected: number, height: number, top: number): Window {
  const room = Math.max(1, height);
  let first = Math.min(Math.max(top, 0), Math.max(selected, 0));
  const span = (from: number) => heights.slice(from, selected + 1).reduce((sum, h) => sum + h + GAP, -GAP);
  while (first < selected && span(first) > room) first += 1;
  const blocks: { i: number; maxLines: number }[] = [];
  let left = room;
  for (let i = first; i < heights.length && left > 0; i++) {
    const take = Math.min(heights[i] ?? 1, left);
    blocks.push({ i, maxLines: take });
    left -= take + GAP;
  }
  return { first, last: blocks.at(-1)?.i ?? first, blocks };
}
