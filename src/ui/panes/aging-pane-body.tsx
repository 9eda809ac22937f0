/**
 * The pane's body with the clock its ages read (CREATED, STATUS): the clock lives here, not in the
 * screen, so a tick draws the pane again and nothing around it — the status bar, the tabs, the
 * footer (its keys measured against the width) are the same before and after an age turns.
 */
import { useCallback } from 'react';
import type { Pane } from '../../app/panes/pane.ts';
import { nextAgeChange } from '../../app/rows/next-age-change.ts';
import type { EngineState } from '../../state/engine-state.ts';
import { useClockUntil } from '../hooks/use-clock.ts';
import { useDerived } from '../runtime-context.tsx';
import { PaneBody } from './index.tsx';

/**
 * How far behind `docker ps` an age on screen may be (ms): under a minute `docker ps` counts
 * seconds, and a frame each second would cost many times the idle budget; a frame at most this
 * long after the first age changed shows every change up to then at once. Under 10 s with room
 * for an age said only to the second (behind by up to one) and a frame's own time.
 */
const AGE_LAG_MS = 8000;

export function AgingPaneBody({ pane, engine, width, height }: { pane: Pane; engine: EngineState; width: number; height: number }) {
  const times = useDerived((_s, ctx) => ctx.times.byId, [], Object.is);
  // Only CREATED and STATUS read the clock: tick when one the pane draws would read differently,
  // not on a fixed period regardless.
  const list = pane.list;
  const nextTimeChange = useCallback(
    (t: number) => nextAgeChange(list, { containers: engine.containers.items, containersAt: engine.containers.refreshedAt, containersAtBy: engine.containers.refreshedAtBy, images: engine.images.items, times }, t),
    [list, engine.containers.items, engine.images.items, engine.containers.refreshedAt, engine.containers.refreshedAtBy, times],
  );
  // In a fleet, any engine's new answer is fresh.
  const freshAt = Math.max(engine.containers.refreshedAt ?? 0, engine.images.refreshedAt ?? 0, ...Object.values(engine.containers.refreshedAtBy ?? {}), ...Object.values(engine.images.refreshedAtBy ?? {}));
  const now = useClockUntil(nextTimeChange, AGE_LAG_MS, freshAt);
  return <PaneBody pane={pane} width={width} height={height} nowMs={now} />;
}
