/**
 * The component that draws each view over the panes, by the drawing kind its module declares
 * (app/views: the kind, not the view); dialogs go through DialogHost. A view's keys and state are
 * its module's.
 */
import type { ReactElement } from 'react';
import type { AppState, BuildStepsOverlay, ColumnsOverlay, DiskOverlay, EnginesOverlay, FilesOverlay, ForwardsOverlay, HelpOverlay, HistoryOverlay, IncidentOverlay, InspectOverlay, LayersOverlay, LogsOverlay, Overlay, PaletteOverlay, PortsOverlay, StatsOverlay } from '../../app/types.ts';
import { viewOf } from '../../app/views/index.ts';
import type { ViewDrawing } from '../../app/views/module.ts';
import { DialogHost } from '../dialogs/dialog-host.tsx';
import { helpContexts } from '../../app/keys/contexts.ts';
import type { CommandRunner } from '../../app/handlers/runner.ts';
import { BuildStepsView } from './build-steps-view.tsx';
import { DiskView } from './disk-view.tsx';
import { EnginesView } from './engines-view.tsx';
import { FilesView } from './files-view.tsx';
import { ForwardsView } from './forwards-view.tsx';
import { PortsView } from './ports-view.tsx';
import { HelpView } from './help-view.tsx';
import { PaletteView } from './palette-view.tsx';
import { HistoryView } from './history-view.tsx';
import { IncidentView } from './incident-view.tsx';
import { StatsView } from './stats-view.tsx';
import { InspectView } from './inspect-view.tsx';
import { LogsView } from './logs-view.tsx';
import { ItemLinesView } from './item-lines-view.tsx';
import type { ItemOverlay } from '../../app/views/item-lines.ts';
import { LayersView } from './layers-view.tsx';
import { ColumnsView } from './columns-view.tsx';

interface Props<O extends Overlay> {
  overlay: O;
  state: AppState;
  runner: CommandRunner;
  width: number;
  height: number;
}

/** Each drawing kind's component; the overlay is the one its module declares that kind for. */
const drawings: { [D in ViewDrawing]: (props: Props<Overlay>) => ReactElement } = {
  'key-list': ({ overlay, state, width, height }) => <HelpView overlay={overlay as HelpOverlay} contexts={helpContexts(state)} width={width} height={height} />,
  'json-lines': ({ overlay, width, height }) => <InspectView overlay={overlay as InspectOverlay} width={width} height={height} />,
  'log-lines': ({ overlay, runner, width, height }) => <LogsView overlay={overlay as LogsOverlay} session={runner.logSession(overlay.id)} width={width} height={height} />,
  'engine-list': ({ overlay, width, height }) => <EnginesView overlay={overlay as EnginesOverlay} width={width} height={height} />,
  'resource-graphs': ({ overlay, width, height }) => <StatsView overlay={overlay as StatsOverlay} width={width} height={height} />,
  'layer-table': ({ overlay, width, height }) => <HistoryView overlay={overlay as HistoryOverlay} width={width} height={height} />,
  'post-mortem': ({ overlay, width, height }) => <IncidentView overlay={overlay as IncidentOverlay} width={width} height={height} />,
  'command-list': ({ overlay, width, height }) => <PaletteView overlay={overlay as PaletteOverlay} width={width} height={height} />,
  'file-tree': ({ overlay, width, height }) => <FilesView overlay={overlay as FilesOverlay} width={width} height={height} />,
  'build-steps': ({ overlay, width, height }) => <BuildStepsView overlay={overlay as BuildStepsOverlay} width={width} height={height} />,
  'item-lines': ({ overlay, width, height }) => <ItemLinesView overlay={overlay as ItemOverlay} width={width} height={height} />,
  'layer-tree': ({ overlay, width, height }) => <LayersView overlay={overlay as LayersOverlay} width={width} height={height} />,
  'port-list': ({ overlay, width, height }) => <PortsView overlay={overlay as PortsOverlay} width={width} height={height} />,
  'forward-list': ({ overlay, width, height }) => <ForwardsView overlay={overlay as ForwardsOverlay} width={width} height={height} />,
  'disk-usage': ({ overlay, width, height }) => <DiskView overlay={overlay as DiskOverlay} width={width} height={height} />,
  'column-list': ({ overlay, state, width, height }) => <ColumnsView overlay={overlay as ColumnsOverlay} state={state} width={width} height={height} />,
};

export function OverlayView(props: Props<Overlay>) {
  const overlay = props.overlay;
  if (overlay.kind === 'dialog') return <DialogHost overlay={overlay} width={props.width} height={props.height} />;
  const view = viewOf(overlay);
  if (!view) return null;
  const Drawing = drawings[view.draws];
  return <Drawing {...props} />;
}
