/**
 * The sources a fleet's other engines keep beside the engine shown's (sources.ts): each one's
 * volumes and networks (read while their pane is shown, as the first engine's), its event log and
 * its incidents, fed by its own session's /events, and its swarm (read while a swarm pane is
 * shown: each manager's cluster apart), and the live figures of its containers the Containers
 * pane shows with `M`. The merged states (fleet-lists.ts) are what the panes read. Exact times
 * and the pulse stay the engine shown's.
 */
import type { EngineEvent } from '../../engine/types.ts';
import { EventLog, type EventLogState } from '../events/event-log.ts';
import { IncidentLog, type IncidentOptions, type IncidentsState } from '../incidents/incident-log.ts';
import type { Demands } from '../live-source.ts';
import { CgroupReader } from '../pulse/cgroup-reader.ts';
import { ResourceLists, type ResourcesState } from '../resources/resource-lists.ts';
import { StatsTracker, type StatsState } from '../stats/stats-tracker.ts';
import { SwarmLists, type SwarmState } from '../swarm/swarm-lists.ts';
import type { FleetEngine } from './fleet.ts';

interface Kept {
  engine: FleetEngine;
  resources: ResourceLists;
  events: EventLog;
  incidents: IncidentLog;
  swarm: SwarmLists;
  stats: StatsTracker;
  off: () => void;
}

/** One other engine's states, by its short name. */
export interface OtherStates {
  name: string;
  resources: ResourcesState;
  events: EventLogState;
  incidents: IncidentsState;
  swarm: SwarmState;
  stats: StatsState;
}

export class FleetSources {
  private kept: Kept[] = [];
  private demands: Demands = {};

  constructor(
    private readonly changed: () => void,
    /** When restarts are a loop, which containers are muted (config.json), as for the engine shown. */
    private readonly incidentOptions: IncidentOptions = {},
  ) {}

  /** The other engines' incident logs, in order (acknowledging and muting reach them: sources.ts). */
  incidentLogs(): IncidentLog[] {
    return this.kept.map((k) => k.incidents);
  }

  /** An other engine's swarm lists, by its short name (a swarm action there reads them again at once). */
  swarmOf(name: string): SwarmLists | undefined {
    return this.kept.find((k) => k.engine.name === name)?.swarm;
  }

  /** The fleet's other engines now: sources for new ones, the gone ones' stopped. */
  follow(engines: readonly FleetEngine[]): void {
    const same = engines.length === this.kept.length && engines.every((e, i) => this.kept[i]?.engine === e);
    if (same) return;
    const keep = new Map(this.kept.map((k) => [k.engine, k]));
    const next = engines.map((engine) => keep.get(engine) ?? this.open(engine));
    for (const k of this.kept) if (!engines.includes(k.engine)) this.close(k);
    this.kept = next;
    for (const k of next) this.watchOne(k);
    this.changed();
  }

  watch(demands: Demands): void {
    this.demands = demands;
    for (const k of this.kept) this.watchOne(k);
  }

  private watchOne(k: Kept): void {
    k.resources.watch(this.demands);
    k.swarm.watch(this.demands);
    k.stats.watch({ stats: this.demands.fleetStats?.[k.engine.name] ?? [] });
  }

  states(): OtherStates[] {
    return this.kept.map((k) => ({ name: k.engine.name, resources: k.resources.store.getState(), events: k.events.store.getState(), incidents: k.incidents.store.getState(), swarm: k.swarm.store.getState(), stats: k.stats.store.getState() }));
  }

  stop(): void {
    for (const k of this.kept) this.close(k);
    this.kept = [];
  }

  private open(engine: FleetEngine): Kept {
    const resources = new ResourceLists(() => engine.session.client);
    const events = new EventLog(engine.session.sync.burst);
    const incidents = new IncidentLog(() => engine.session.client, engine.session.sync.burst, this.incidentOptions);
    const swarm = new SwarmLists(() => engine.session.client);
    const stats = new StatsTracker({ client: () => engine.session.client, podman: () => engine.session.store.getState().connection.engineKind === 'podman', cgroups: () => new CgroupReader() });
    const onEvent = (event: EngineEvent) => {
      resources.onEngineEvent(event);
      events.onEngineEvent(event);
      incidents.onEngineEvent(event);
      swarm.onEngineEvent(event);
    };
    const offs = [engine.session.sync.onEvent(onEvent), ...[resources, events, incidents, swarm, stats].map((source) => source.store.subscribe(this.changed))];
    return { engine, resources, events, incidents, swarm, stats, off: () => offs.forEach((off) => off()) };
  }

  private close(k: Kept): void {
    k.off();
    k.resources.stop();
    k.events.stop();
    k.incidents.stop();
    k.swarm.stop();
    k.stats.stop();
  }
}
