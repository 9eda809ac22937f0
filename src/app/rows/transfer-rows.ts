/**
 * The Pulls pane's rows: the pulls and pushes (state/pulls) and the builds (state/builds) of
 * this session, newest first. One list, so that moving, selecting and revealing treat a build
 * as they treat a pull.
 */
import type { BuildState } from '../../state/builds/build-reducer.ts';
import type { PullState } from '../../state/pulls/pull-reducer.ts';
import { memoLast } from './memo.ts';

export type TransferRow = PullState | BuildState;

export function isBuild(row: TransferRow | undefined): row is BuildState {
  return row?.kind === 'build';
}

export const transferRows = memoLast((pulls: readonly PullState[], builds: readonly BuildState[]): readonly TransferRow[] => {
  if (builds.length === 0) return pulls;
  if (pulls.length === 0) return builds;
  return [...pulls, ...builds].sort((a, b) => b.startedAt - a.startedAt);
});

export const selectTransferIds = memoLast((rows: readonly TransferRow[]): readonly string[] => rows.map((r) => r.id));

/** Whether a row is still going (a build reading its context counts). */
export function isRunning(row: TransferRow): boolean {
  return row.status === 'running' || row.status === 'preparing';
}
