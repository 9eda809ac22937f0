import type { SwarmState } from '../../state/swarm/swarm-lists.ts';
import type { ResourcesState } from '../../state/resources/resource-lists.ts';
import type { EngineState } from '../../state/engine-state.ts';
import type { EventLogState } from '../../state/events/event-log.ts';
import type { StatsState } from '../../state/stats/stats-tracker.ts';
import type { SearchableLines } from '../../state/logs/search.ts';
import type { PullsState } from '../../state/pulls/pull-manager.ts';
import type { Keymap } from './keymap.ts';

/**
 * What the app reducer may read but not change, given afresh for every key and result: the
 * engine's lists, the pulls, the keymap in force, and the lines a logs view holds (for search).
 * Helpers adding a data source (events, stats…) add it here and in ui/app-store.ts.
 */
export interface UiContext {
  engine: EngineState;
  pulls: PullsState;
  keymap: Keymap;
  /** The engine's events as berth logged them (absent where nothing logs them, as in some tests). */
  events?: EventLogState;
  /** Live resource figures (for ordering rows by them). */
  stats?: StatsState;
  /** The Volumes and Networks panes' lists. */
  resources?: ResourcesState;
  /** Services, tasks and nodes, while the Services or Nodes pane is shown. */
  swarm?: SwarmState;
  logLines(overlay: number): SearchableLines | undefined;
}
