import { memo, useMemo } from 'react';
import { buildBlockLines } from '../../app/rows/build-rows.ts';
import type { BuildState } from '../../state/builds/build-reducer.ts';
import { SpinnerLines } from './pull-blocks.tsx';

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
  return <SpinnerLines lines={lines} width={width} spinnerFrame={spinnerFrame} />;
});
