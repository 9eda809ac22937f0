/**
 * The component that draws each pane, by id (the pane's keys and rows are in registry.ts). Each
 * gets the app state and the engine state and draws what they say; none keeps state of its own.
 */
import type { ReactElement } from 'react';
import { selectedIndex } from '../../state/app/navigation.ts';
import { paneView, type AppState, type PaneId } from '../../state/app/types.ts';
import type { EngineState } from '../../state/engine-state.ts';
import { selectContainerIds, selectImageKeys } from '../rows/select.ts';
import { ContainersPane } from './containers-pane.tsx';
import { ImagesPane } from './images-pane.tsx';
import { PullsPane } from './pulls-pane.tsx';
import { containerRowsOf, imageRowsOf } from './registry.ts';

export interface PaneProps {
  state: AppState;
  engine: EngineState;
  width: number;
  height: number;
  nowMs: number;
}

export const paneComponents: Record<PaneId, (props: PaneProps) => ReactElement> = {
  containers: ({ state, engine, width, height, nowMs }) => {
    const rows = containerRowsOf(state, { engine });
    const view = paneView(state, 'containers');
    return (
      <ContainersPane
        rows={rows}
        selectedIndex={selectedIndex(view, selectContainerIds(rows))}
        loaded={engine.containers.loaded}
        stale={engine.containers.stale}
        showAll={state.showAll}
        filter={view.filter}
        sort={view.sort}
        width={width}
        height={height}
        nowMs={nowMs}
      />
    );
  },
  images: ({ state, engine, width, height, nowMs }) => {
    const rows = imageRowsOf(state, { engine });
    const view = paneView(state, 'images');
    return (
      <ImagesPane
        rows={rows}
        selectedIndex={selectedIndex(view, selectImageKeys(rows))}
        loaded={engine.images.loaded}
        stale={engine.images.stale}
        filter={view.filter}
        sort={view.sort}
        width={width}
        height={height}
        nowMs={nowMs}
      />
    );
  },
  pulls: ({ state, width, height }) => <PullsPane width={width} height={height} view={paneView(state, 'pulls')} />,
};
