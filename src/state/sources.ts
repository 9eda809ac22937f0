/**
 * The live sources berth reads, in one registry: per engine, the engine's own lists and
 * connection (its session's store and sync loop) and every source in `SOURCES` (its event log,
 * its containers' live figures and start and end times, its volumes and networks, its swarm: each a LiveSource,
 * live-source.ts); and, across engines, the pulls. Each source is made once per engine session,
 * fed that engine's `/events`, watched only while something on screen needs it (`watch(demands)`)
 * and stopped with the session. The app reads every source's state in one value (`states()`), and
 * hears one change signal (`subscribe`).
 *
 * Adding a source: one entry in `SOURCES`; its state is then a field of `SourceStates`, and a
 * pane reads it from its context and says when it needs it in its `demands`.
 *
 * Per engine from the start: the sources of the engine shown are `current`, a switch replaces
 * them with the new engine's (the old engine's stop), and a thing's rows are keyed by its engine
 * and its id (`rowKey`), so several engines share a table in a fleet (fleet/: the other engines'
 * sessions beside the one shown, their lists merged into the states the panes read).
 */
import type { EngineClient } from '../engine/client.ts';
import { ActionLog, type ActionLogState } from './action-log/action-log.ts';
import type { EngineEvent } from '../engine/types.ts';
import { DiskUsageSource } from './disk/disk-usage-source.ts';
import type { EngineSession } from './engine-session.ts';
import type { EngineState } from './engine-state.ts';
import { NO_FLEET, type Fleet, type FleetState } from './fleet/fleet.ts';
import { fleetEngineState, fleetEvents, fleetIncidents, fleetResources, fleetStats, fleetSwarm, incidentOrigin } from './fleet/fleet-lists.ts';
import { FleetSources } from './fleet/fleet-sources.ts';
import { EventLog } from './events/event-log.ts';
import { ImageFreshness } from './freshness/image-freshness.ts';
import { IncidentLog } from './incidents/incident-log.ts';
import { CgroupReader } from './pulse/cgroup-reader.ts';
import { EnginePulse } from './pulse/engine-pulse.ts';
import type { LoopPolicy, MuteRule } from './incidents/detect.ts';
import type { Demands, LiveSource } from './live-source.ts';
import type { PullManager, PullsState } from './pulls/pull-manager.ts';
import { BuildManager, type BuildsState } from './builds/build-manager.ts';
import { ResourceLists } from './resources/resource-lists.ts';
import { StatsTracker } from './stats/stats-tracker.ts';
import { StatusTimes } from './status-times.ts';
import type { Store } from './store.ts';
import { SwarmLists } from './swarm/swarm-lists.ts';
import { ContainerSizes } from './columns/container-sizes.ts';
import { PanelFeed } from './panel/panel-feed.ts';

export type { Demands };

/** What a source's data comes from: the parts of an engine session sources use. */
export type SourceSession = Pick<EngineSession, 'client' | 'store' | 'sync' | 'label'>;

/** What the user's settings say about the sources (config.json). */
export interface SourceOptions {
  /** When restarts are a loop (incidents). */
  loop?: LoopPolicy;
  /** Containers whose incidents are muted. */
  mute?: readonly MuteRule[];
  /** The changes asked of the engines, across switches (a log of its own when not given). */
  actionLog?: ActionLog;
  /** Between two registry questions of the image freshness check (0: never ask). */
  freshnessMs?: number;
}

/** Every per-engine source, by the name its state has in `SourceStates`: how each is made for a session. */
const SOURCES = {
  // A burst of events published as one change with its list (state/burst-pace.ts).
  events: (session: SourceSession) => new EventLog(session.sync.burst),
  incidents: (session: SourceSession, options: SourceOptions) => new IncidentLog(() => session.client, session.sync.burst, options),
  stats: (session: SourceSession) => new StatsTracker({ client: () => session.client, podman: () => session.store.getState().connection.engineKind === 'podman', cgroups: () => new CgroupReader() }),
  resources: (session: SourceSession) => new ResourceLists(() => session.client),
  swarm: (session: SourceSession) => new SwarmLists(() => session.client),
  times: (session: SourceSession) => new StatusTimes(() => session.client),
  pulse: (session: SourceSession) => new EnginePulse(() => session.client),
  diskUsage: (session: SourceSession) => new DiskUsageSource(() => session.client),
  sizes: (session: SourceSession) => new ContainerSizes(() => session.client),
  panel: (session: SourceSession) => new PanelFeed({ client: session.client, onEvent: (l) => session.sync.onEvent(l), onReconnect: (l) => session.sync.onReconnect(l) }),
  freshness: (session: SourceSession, options: SourceOptions) =>
    new ImageFreshness(() => session.client, () => session.store.getState().images.items, () => session.store.getState().connection.engineKind === 'podman', options.freshnessMs, session.store.subscribe),
} satisfies Record<string, (session: SourceSession, options: SourceOptions) => LiveSource<unknown>>;

type SourceName = keyof typeof SOURCES;
const NAMES = Object.keys(SOURCES) as SourceName[];

/** One engine's sources: its session, and each source of the registry. */
export type EngineSources = { session: SourceSession } & { [K in SourceName]: ReturnType<(typeof SOURCES)[K]> };

type StateOf<T> = T extends LiveSource<infer S> ? S : never;

/** Every source's state, as the reducer and the components read them. */
export type SourceStates = { engine: EngineState; pulls: PullsState; builds: BuildsState; actionLog: ActionLogState; fleet?: FleetState } & { [K in SourceName]: StateOf<EngineSources[K]> };

/** A thing's key in a table: its engine and its id (never shown). */
export function rowKey(engine: string, id: string): string {
  return `${engine}\u001f${id}`;
}

/** The id in a row key. */
export function idOfKey(key: string): string {
  const at = key.indexOf('\u001f');
  return at < 0 ? key : key.slice(at + 1);
}

function openEngineSources(session: SourceSession, options: SourceOptions): EngineSources {
  // Each entry's maker gives its own type; the object as a whole is checked by EngineSources.
  const made = Object.fromEntries(NAMES.map((name) => [name, SOURCES[name](session, options)]));
  return { session, ...made } as EngineSources;
}

function each(sources: EngineSources): LiveSource<unknown>[] {
  return NAMES.map((name) => sources[name]);
}

export class LiveSources {
  private engine: EngineSources;
  private unfollow: () => void;
  private readonly listeners = new Set<() => void>();
  private snapshot: SourceStates | undefined;
  private demands: Demands = {};
  private stopped = false;
  /** A notification of the changes so far is queued (changed()). */
  private notifying = false;
  /** Every change berth asked of an engine this session (state/action-log). */
  readonly actionLog: ActionLog;
  /** The builds of this session, on whichever engine each started (state/builds). */
  readonly builds = new BuildManager();
  /** The fleet's other engines' volumes, networks and events (fleet/fleet-sources.ts). */
  private readonly others: FleetSources;
  private readonly unfollowFleet: () => void;

  constructor(
    session: SourceSession,
    readonly pulls: PullManager,
    /** The engine store the screen reads (the switchboard's, which follows a switch). */
    private readonly engineStore: Store<EngineState> = session.store,
    private readonly options: SourceOptions = {},
    /** Several engines shown together: their containers and images are `engine`'s lists (fleet/fleet-lists.ts). */
    readonly fleet?: Fleet,
  ) {
    this.actionLog = options.actionLog ?? new ActionLog();
    this.others = new FleetSources(() => this.changed(), { loop: options.loop, mute: options.mute });
    this.engine = openEngineSources(session, options);
    this.unfollow = this.follow(this.engine);
    // A fleet's store follows the engine shown and the others: heard instead of the engine store, once a change.
    this.unfollowFleet = fleet
      ? fleet.store.subscribe(() => {
          this.others.follow(fleet.engines);
          this.changed();
        })
      : () => undefined;
    if (fleet) this.others.follow(fleet.engines);
  }

  /** The sources of the engine shown. */
  get current(): EngineSources {
    return this.engine;
  }

  /** The shown engine's client, for the work commands do. */
  get client(): EngineClient {
    return this.engine.session.client;
  }

  /** Every source's state; the same object until one of them changes. */
  states = (): SourceStates => {
    if (this.snapshot) return this.snapshot;
    const fleet = this.fleet?.store.getState() ?? NO_FLEET;
    const own = Object.fromEntries(NAMES.map((name) => [name, this.engine[name].store.getState()])) as Omit<SourceStates, 'engine' | 'pulls' | 'builds' | 'actionLog' | 'fleet'>;
    const others = this.others.states();
    const first = this.fleet?.primaryName ?? '';
    this.snapshot = {
      ...own,
      engine: fleetEngineState(fleet, this.engineStore.getState()),
      pulls: this.pulls.store.getState(),
      builds: this.builds.store.getState(),
      actionLog: this.actionLog.store.getState(),
      ...(this.fleet && { fleet }),
      resources: fleetResources(first, own.resources, others),
      events: fleetEvents(first, own.events, others),
      incidents: fleetIncidents(first, own.incidents, others),
      swarm: fleetSwarm(first, own.swarm, others),
      stats: fleetStats(first, own.stats, others),
    };
    return this.snapshot;
  };

  subscribe = (listener: () => void): (() => void) => {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  };

  /**
   * The incident logs an incident's seq (as the app's list numbers it) is in, with its own seq
   * there; every log, and no seq, for all of them (acknowledge all, mute).
   */
  incidentLogsFor(seq?: number): Array<{ log: IncidentLog; seq?: number }> {
    const logs = [this.engine.incidents, ...this.others.incidentLogs()];
    if (logs.length === 1) return [{ log: this.engine.incidents, ...(seq !== undefined && { seq }) }];
    if (seq === undefined) return logs.map((log) => ({ log }));
    const origin = incidentOrigin(seq);
    const log = logs[origin.engine];
    return log ? [{ log, seq: origin.seq }] : [];
  }

  /** A fleet's other engine's swarm lists, by its short name. */
  otherSwarm(name: string): SwarmLists | undefined {
    return this.others.swarmOf(name);
  }

  /** What the screen needs live now; each source starts or stops its own work. */
  watch(demands: Demands): void {
    this.demands = demands;
    for (const source of each(this.engine)) source.watch(demands);
    this.others.watch(demands);
  }

  /** Another engine is shown now: its sources replace the last one's, which stop. */
  switched(session: SourceSession): void {
    if (this.stopped) return;
    this.unfollow();
    for (const source of each(this.engine)) source.stop();
    this.engine = openEngineSources(session, this.options);
    this.unfollow = this.follow(this.engine);
    this.watch(this.demands);
    this.changed();
  }

  stop(): void {
    if (this.stopped) return;
    this.stopped = true;
    this.unfollow();
    this.unfollowFleet();
    this.others.stop();
    this.builds.stop();
    for (const source of each(this.engine)) source.stop();
  }

  private follow(sources: EngineSources): () => void {
    const changed = () => this.changed();
    const onEvent = (event: EngineEvent) => {
      for (const source of each(sources)) source.onEngineEvent(event);
    };
    const offs = [sources.session.sync.onEvent(onEvent), ...(this.fleet ? [] : [this.engineStore.subscribe(changed)]), this.pulls.store.subscribe(changed), this.builds.store.subscribe(changed), this.actionLog.store.subscribe(changed), ...each(sources).map((source) => source.store.subscribe(changed))];
    return () => {
      for (const off of offs) off();
    };
  }

  /**
   * Listeners hear of the changes once the code that made them is done (a microtask later): a
   * burst's log, incidents and list, published together (burst-pace.ts), are one notification,
   * and one pass over everything derived from the sources, rather than one each. The snapshot is
   * dropped at once, so a read in between sees every change.
   */
  private changed(): void {
    this.snapshot = undefined;
    if (this.notifying) return;
    this.notifying = true;
    queueMicrotask(() => {
      this.notifying = false;
      for (const listener of [...this.listeners]) listener();
    });
  }
}
