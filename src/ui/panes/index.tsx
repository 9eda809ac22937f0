/**
 * The component that draws each pane, by id (the pane's keys and rows are in registry.ts). Each
 * gets the app state and the engine state and draws what they say; none keeps state of its own.
 */
import type { ReactElement } from 'react';
import { selectedIndex } from '../../state/app/navigation.ts';
import { paneView, type AppState, type PaneId, type PaneView } from '../../state/app/types.ts';
import type { EngineState } from '../../state/engine-state.ts';
import { selectContainerIds, selectImageKeys } from '../rows/select.ts';
import { useOptionalStore } from '../hooks/use-store.ts';
import { useServices } from '../services.tsx';
import { ContainersPane } from './containers-pane.tsx';
import { EventsPaneLive } from './events-pane.tsx';
import { ImagesPane } from './images-pane.tsx';
import { PullsPane } from './pulls-pane.tsx';
import { ResourcePane } from './resource-pane.tsx';
import { SwarmPane } from './swarm-pane.tsx';
import { containerRowsOf, imageRowsOf } from './registry.ts';

export interface PaneProps {
  state: AppState;
  engine: EngineState;
  width: number;
  height: number;
  nowMs: number;
}

/** What a list pane is given from the store: its rows, where the selection is, its data's state. */
function listProps<R>(rows: readonly R[], ids: readonly string[], view: PaneView, list: { loaded: boolean; stale: boolean }) {
  return { rows, selectedIndex: selectedIndex(view, ids), loaded: list.loaded, stale: list.stale, filter: view.filter, sort: view.sort };
}

/** The containers as the store orders them: by CPU or memory too, so the figures are read here. */
function ContainersPaneLive({ state, engine, width, height, nowMs }: PaneProps) {
  const stats = useOptionalStore(useServices().stats?.store);
  const rows = containerRowsOf(state, { engine, stats });
  const props = listProps(rows, selectContainerIds(rows), paneView(state, 'containers'), engine.containers);
  return <ContainersPane {...props} showAll={state.showAll} width={width} height={height} nowMs={nowMs} answeredAtMs={engine.containers.refreshedAt ?? nowMs} showStats={state.showStats} />;
}

export const paneComponents: Record<PaneId, (props: PaneProps) => ReactElement> = {
  containers: (props) => <ContainersPaneLive {...props} />,
  images: ({ state, engine, width, height, nowMs }) => {
    const rows = imageRowsOf(state, { engine });
    const props = listProps(rows, selectImageKeys(rows), paneView(state, 'images'), engine.images);
    return <ImagesPane {...props} width={width} height={height} nowMs={nowMs} />;
  },
  pulls: ({ state, width, height }) => <PullsPane width={width} height={height} view={paneView(state, 'pulls')} />,
  volumes: ({ state, engine, width, height }) => <ResourcePane kind="volumes" state={state} engine={engine} width={width} height={height} />,
  networks: ({ state, engine, width, height }) => <ResourcePane kind="networks" state={state} engine={engine} width={width} height={height} />,
  services: ({ state, width, height, nowMs }) => <SwarmPane kind="services" state={state} width={width} height={height} nowMs={nowMs} />,
  nodes: ({ state, width, height, nowMs }) => <SwarmPane kind="nodes" state={state} width={width} height={height} nowMs={nowMs} />,
  events: ({ state, engine, width, height }) => <EventsPaneLive state={state} width={width} height={height} live={engine.connection.eventsLive} />,
};
