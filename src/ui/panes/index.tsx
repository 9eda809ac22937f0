/**
 * A pane's body, by the kind of view its module declares: a table (most), or a component of its
 * own kind (the pulls' blocks). A new table pane needs nothing here.
 */
import type { Pane } from '../../app/panes/pane.ts';
import { PullsPane } from './pulls-pane.tsx';
import { TablePane } from './table-pane.tsx';

export function PaneBody({ pane, width, height, nowMs }: { pane: Pane; width: number; height: number; nowMs: number }) {
  const view = pane.view;
  switch (view.kind) {
    case 'table':
      return <TablePane pane={pane} view={view} width={width} height={height} nowMs={nowMs} />;
    case 'pull-blocks':
      return <PullsPane pane={pane} width={width} height={height} />;
  }
}
