/**
 * A pane's list with the split panel beside or under it (`|`), the panel taking `size` percent of
 * the body's width or height (`+`/`-`), the list never less than a few columns or rows.
 */
import { Box } from 'ink';
import type { Pane } from '../../app/panes/pane.ts';
import type { EngineState } from '../../state/engine-state.ts';
import { AgingPaneBody } from './aging-pane-body.tsx';
import { SplitPanel } from './split-panel.tsx';

export function SplitBody({ pane, engine, width, height, place, size }: { pane: Pane; engine: EngineState; width: number; height: number; place: 'beside' | 'under'; size: number }) {
  if (place === 'beside') {
    const panel = Math.min(Math.max(Math.round((width * size) / 100), 12), Math.max(width - 20, 12));
    return (
      <Box flexDirection="row" width={width} height={height}>
        <AgingPaneBody pane={pane} engine={engine} width={width - panel} height={height} />
        <SplitPanel pane={pane} width={panel} height={height} beside />
      </Box>
    );
  }
  const panel = Math.min(Math.max(Math.round((height * size) / 100), 3), Math.max(height - 4, 3));
  return (
    <Box flexDirection="column" width={width} height={height}>
      <AgingPaneBody pane={pane} engine={engine} width={width} height={height - panel} />
      <SplitPanel pane={pane} width={width} height={panel} beside={false} />
    </Box>
  );
}
