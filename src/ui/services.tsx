import { createContext, useContext } from 'react';
import type { EngineClient } from '../engine/client.ts';
import type { EngineSwitching } from '../state/engine-switch.ts';
import type { EngineSync } from '../state/engine-sync.ts';
import type { StatsTracker } from '../state/stats/stats-tracker.ts';
import type { EventLog } from '../state/events/event-log.ts';
import type { ResourceLists } from '../state/resources/resource-lists.ts';
import type { SwarmLists } from '../state/swarm/swarm-lists.ts';
import type { EngineState } from '../state/engine-state.ts';
import type { PullManager } from '../state/pulls/pull-manager.ts';
import type { Store } from '../state/store.ts';

/** What the UI talks to: built once in main.tsx (or by a test) and passed down by context. */
export interface Services {
  client: EngineClient;
  engineStore: Store<EngineState>;
  sync: EngineSync;
  pulls: PullManager;
  /** The engine switcher's world (main.tsx; absent in tests that do not switch). */
  engines?: EngineSwitching;
  /** Live resource figures for the Containers pane's columns (absent in tests that do not show them). */
  stats?: StatsTracker;
  /** The engine's events for the Events pane (absent in tests that do not show it). */
  events?: EventLog;
  /** The Volumes and Networks panes' lists (absent in tests that do not show them). */
  resources?: ResourceLists;
  /** The Services and Nodes panes' data (absent in tests that do not show them). */
  swarm?: SwarmLists;
}

export const ServicesContext = createContext<Services | undefined>(undefined);

export function useServices(): Services {
  const services = useContext(ServicesContext);
  if (!services) throw new Error('berth: services are not provided');
  return services;
}
