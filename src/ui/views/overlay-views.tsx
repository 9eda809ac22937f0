/**
 * The component that draws each kind of view over the panes (dialogs go through DialogHost). The
 * views' keys are in keys/overlays.ts; their state is the overlay's, in the app store.
 */
import type { ReactElement } from 'react';
import type { AppState, Overlay } from '../../app/types.ts';
import { DialogHost } from '../dialogs/dialog-host.tsx';
import { helpContexts } from '../../app/keys/contexts.ts';
import type { CommandRunner } from '../../app/handlers/runner.ts';
import { EnginesView } from './engines-view.tsx';
import { FilesView } from './files-view.tsx';
import { HelpView } from './help-view.tsx';
import { PaletteView } from './palette-view.tsx';
import { HistoryView } from './history-view.tsx';
import { IncidentView } from './incident-view.tsx';
import { StatsView } from './stats-view.tsx';
import { InspectView } from './inspect-view.tsx';
import { LogsView } from './logs-view.tsx';

interface Props<O extends Overlay> {
  overlay: O;
  state: AppState;
  runner: CommandRunner;
  width: number;
  height: number;
}

type Views = { [K in Overlay['kind']]: (props: Props<Extract<Overlay, { kind: K }>>) => ReactElement };

export const overlayViews: Views = {
  help: ({ overlay, state, width, height }) => <HelpView overlay={overlay} contexts={helpContexts(state)} width={width} height={height} />,
  inspect: ({ overlay, width, height }) => <InspectView overlay={overlay} width={width} height={height} />,
  logs: ({ overlay, runner, width, height }) => <LogsView overlay={overlay} session={runner.logSession(overlay.id)} width={width} height={height} />,
  dialog: ({ overlay, width, height }) => <DialogHost overlay={overlay} width={width} height={height} />,
  engines: ({ overlay, width, height }) => <EnginesView overlay={overlay} width={width} height={height} />,
  stats: ({ overlay, width, height }) => <StatsView overlay={overlay} width={width} height={height} />,
  history: ({ overlay, width, height }) => <HistoryView overlay={overlay} width={width} height={height} />,
  incident: ({ overlay, width, height }) => <IncidentView overlay={overlay} width={width} height={height} />,
  palette: ({ overlay, width, height }) => <PaletteView overlay={overlay} width={width} height={height} />,
  files: ({ overlay, width, height }) => <FilesView overlay={overlay} width={width} height={height} />,
};

export function OverlayView(props: Props<Overlay>) {
  const View = overlayViews[props.overlay.kind] as (props: Props<Overlay>) => ReactElement;
  return <View {...props} />;
}
