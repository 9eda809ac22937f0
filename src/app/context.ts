import type { SearchableLines } from '../state/logs/search.ts';
import type { SourceStates } from '../state/sources.ts';
import type { CustomSettings } from './custom/config.ts';
import type { Keymap } from './keys/keymap.ts';

/**
 * What the app reducer (and the components) may read but not change, given afresh for every key
 * and result: every live source's state (the engine's lists and connection, the pulls, events,
 * live figures, volumes and networks, the swarm: state/sources.ts), the keymap in force, and the
 * lines a logs view holds (for search). A new source is a field of SourceStates, nothing here.
 */
export interface UiContext extends SourceStates {
  keymap: Keymap;
  logLines(overlay: number): SearchableLines | undefined;
  /** The user's custom actions and debug image (config.json); none when absent. */
  custom?: CustomSettings;
}
