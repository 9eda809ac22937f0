/**
 * What every live source is (state/sources.ts holds them in one registry): a store the screen
 * reads, told what the screen needs now, fed its engine's events, stopped with its engine.
 */
import type { EngineEvent } from '../engine/types.ts';
import type { Store } from './store.ts';

/** The engine's resource lists berth shows beside its containers and images. */
export type ResourceKind = 'volumes' | 'networks';

/** What the screen needs kept live now (the shown pane's demands and the open views', merged). */
export interface Demands {
  /** The Volumes or Networks list. */
  resources?: ResourceKind;
  /** The swarm's services, tasks and nodes. */
  swarm?: boolean;
  /** Containers whose live figures are wanted (their ids). */
  stats?: readonly string[];
  /** A fleet's other engines' containers whose live figures are wanted: their ids, by engine name. */
  fleetStats?: Readonly<Record<string, readonly string[]>>;
  /** The pulse line is shown: the host's CPUs and memory, the disk (state/pulse). */
  pulse?: boolean;
  /** The running containers the pulse line sums (their ids): read from their cgroup files where berth can (state/pulse). */
  pulseContainers?: readonly string[];
  /** Containers whose Status ages are on screen and said only to the minute or coarser (their ids): their engine times are wanted. */
  times?: readonly string[];
  /** Images or the containers running them are on screen: whether each tag is outdated is wanted (state/freshness). */
  freshness?: boolean;
  /** The disk usage is on screen (the disk view, the Volumes pane's sizes): `/system/df`, one at a time (state/disk). */
  diskUsage?: boolean;
  /** The SIZE column is shown: every container's size is wanted (state/columns/container-sizes.ts). */
  sizes?: boolean;
  /** The split panel follows a row (state/panel): what it shows of which containers. */
  panel?: PanelDemand;
}

/** What the split panel wants kept live: one container's or a set's logs, or one container's inspect. */
export type PanelDemand = { follow: 'logs'; ids: readonly string[]; names: readonly string[] } | { follow: 'inspect'; id: string };

export interface LiveSource<S> {
  readonly store: Store<S>;
  /** Starts or stops its own work for what the screen needs now. */
  watch(demands: Demands): void;
  /** Its engine reported something (a source that keeps no list of what happens ignores it). */
  onEngineEvent(event: EngineEvent): void;
  stop(): void;
}
