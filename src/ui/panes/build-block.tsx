import { Box } from 'ink';
import { memo, useMemo } from 'react';
import { buildBlockLines } from '../../app/rows/build-rows.ts';
import type { BuildState } from '../../state/builds/build-reducer.ts';
import { Line, SPINNER_FRAMES } from './pull-blocks.tsx';

interface Props {
  build: BuildState;
  width: number;
  /** For the times of a running build; whole seconds, so its lines are rebuilt once a second at most. */
  nowMs: number;
  selected: boolean;
  maxLines?: number;
  spinnerFrame?: number;
  currentEngine?: string;
}

/** One build in the Pulls pane: its title, how it is built, a line per step (app/rows/build-rows.ts). */
export const BuildBlock = memo(function BuildBlock({ build, width, nowMs, selected, maxLines, spinnerFrame = 0, currentEngine }: Props) {
  const lines = useMemo(() => buildBlockLines(build, { width, nowMs, selected, maxLines, currentEngine }), [build, width, nowMs, selected, maxLines, currentEngine]);
  const glyph = SPINNER_FRAMES[spinnerFrame % SPINNER_FRAMES.length] ?? SPINNER_FRAMES[0];
  return (
    <Box flexDirection="column" width={width}>
      {lines.map((line) => (
        <Line key={line.key} line={line} glyph={line.segments.some((s) => s.spinner) ? glyph : undefined} />
      ))}
    </Box>
  );
});
