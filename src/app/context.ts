import type { SearchableLines } from '../state/logs/search.ts';
import type { SourceStates } from '../state/sources.ts';
import type { Reduced } from './commands.ts';
import type { CustomSettings } from './custom/types.ts';
import type { Keymap } from './keys/keymap.ts';
import type { AppState } from './types.ts';

/**
 * A command the palette offers besides the keymap's actions, panes and engines (the user's custom
 * actions, config.json): its name and what it does, its key if it has one, and what choosing it
 * does to the state under the palette.
 */
export interface PaletteExtra {
  id: string;
  name: string;
  description: string;
  keyLabel?: string;
  run(state: AppState, ctx: UiContext): Reduced;
}

/**
 * What the app reducer (and the components) may read but not change, given afresh for every key
 * and result: every live source's state (the engine's lists and connection, the pulls, events,
 * live figures, volumes and networks, the swarm: state/sources.ts), the keymap in force, and the
 * lines a logs view or a dialog's output holds (for search). A new source is a field of SourceStates, nothing here.
 */
export interface UiContext extends SourceStates {
  keymap: Keymap;
  /** The palette's extra commands (none until custom actions give some). */
  paletteExtras?: readonly PaletteExtra[];
  logLines(overlay: number): SearchableLines | undefined;
  /** The output a dialog shows (a run's, an exec's, the compose CLI's), held by the runner: for its search. */
  outputLines(overlay: number): SearchableLines | undefined;
  /** The user's custom actions and debug image (config.json); none when absent. */
  custom?: CustomSettings;
  /** Over ssh or tcp, the layer explorer asks before reading an archive bigger than this (config.json `layersAskAboveMB`). */
  layersAskAbove?: number;
}
