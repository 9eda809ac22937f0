import { useMemo } from 'react';
import type { BuildStepsOverlay } from '../../app/types.ts';
import { buildName, buildStepLines } from '../../app/rows/build-rows.ts';
import { sanitizeLine } from '../../app/format/index.ts';
import { useClock } from '../hooks/use-clock.ts';
import { ScrollView } from '../widgets/scroll-view.tsx';
import { useDerived, useKeymap } from '../runtime-context.tsx';

/** A build's steps and their log lines (app/rows/build-rows.ts, sanitised there); a running one's times tick. */
export function BuildStepsView({ overlay, width, height }: { overlay: BuildStepsOverlay; width: number; height: number }) {
  const keymap = useKeymap();
  const build = useDerived((_s, ctx) => ctx.builds.builds.find((b) => b.id === overlay.buildId), [overlay.buildId], Object.is);
  const running = build?.status === 'running' || build?.status === 'preparing';
  const now = useClock(running ? 1000 : 0);
  const lines = useMemo(() => (build ? buildStepLines(build, now) : ['this build is no longer kept']), [build, now]);
  const title = build ? sanitizeLine(buildName(build)) : 'build';
  const hint = `${running ? `${keymap.label('cancel-pull')} cancel · ` : ''}${keymap.shortLabel('close')} back`;
  return <ScrollView title={`${title}  (${hint})`} lines={lines} top={overlay.top} width={width} height={height} search={overlay.search} />;
}
