/**
 * The sources a fleet's other engines keep beside the engine shown's (sources.ts): each one's
 * volumes and networks (read while their pane is shown, as the first engine's), its event log and
 * its incidents, fed by its own session's /events. The merged states (fleet-lists.ts) are what
 * the panes read. Live figures, exact times, the pulse and the swarm stay the engine shown's.
 */
import type { EngineEvent } from '../../engine/types.ts';
import { EventLog, type EventLogState } from '../events/event-log.ts';
import { IncidentLog, type IncidentOptions, type IncidentsState } from '../incidents/incident-log.ts';
import type { Demands } from '../live-source.ts';
import { ResourceLists, type ResourcesState } from '../resources/resource-lists.ts';
import type { FleetEngine } from './fleet.ts';

interface Kept {
  engine: FleetEngine;
  resources: ResourceLists;
  events: EventLog;
  incidents: IncidentLog;
  off: () => void;
}

/** One other engine's states, by its short name. */
export interface OtherStates {
  name: string;
  resources: ResourcesState;
  events: EventLogState;
  incidents: IncidentsState;
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

  /** The fleet's other engines now: sources for new ones, the gone ones' stopped. */
  follow(engines: readonly FleetEngine[]): void {
    const same = engines.length === this.kept.length && engines.every((e, i) => this.kept[i]?.engine === e);
    if (same) return;
    const keep = new Map(this.kept.map((k) => [k.engine, k]));
    const next = engines.map((engine) => keep.get(engine) ?? this.open(engine));
    for (const k of this.kept) if (!engines.includes(k.engine)) this.close(k);
    this.kept = next;
    for (const k of next) k.resources.watch(this.demands);
    this.changed();
  }

  watch(demands: Demands): void {
    this.demands = demands;
    for (const k of this.kept) k.resources.watch(demands);
  }

  states(): OtherStates[] {
    return this.kept.map((k) => ({ name: k.engine.name, resources: k.resources.store.getState(), events: k.events.store.getState(), incidents: k.incidents.store.getState() }));
  }

  stop(): void {
    for (const k of this.kept) this.close(k);
    this.kept = [];
  }

  private open(engine: FleetEngine): Kept {
    const resources = new ResourceLists(() => engine.session.client);
    const events = new EventLog();
    const incidents = new IncidentLog(() => engine.session.client, this.incidentOptions);
    const onEvent = (event: EngineEvent) => {
      resources.onEngineEvent(event);
      events.onEngineEvent(event);
      incidents.onEngineEvent(event);
    };
    const offs = [engine.session.sync.onEvent(onEvent), resources.store.subscribe(this.changed), events.store.subscribe(this.changed), incidents.store.subscribe(this.changed)];
    return { engine, resources, events, incidents, off: () => offs.forEach((off) => off()) };
  }

  private close(k: Kept): void {
    k.off();
    k.resources.stop();
    k.events.stop();
    k.incidents.stop();
  }
}
