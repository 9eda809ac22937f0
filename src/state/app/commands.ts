/**
 * Commands: what the reducers ask the world to do, as plain data. A reducer never calls the
 * engine, a timer or the terminal; it returns the next state and a list of these, and the
 * CommandRunner (runner.ts) carries them out and reports back with actions. Tests record them.
 *
 * Adding one: its shape here (or in the module that emits it, joined into `Command` below) and
 * a handler in the runner's table (runner.ts), which TypeScript then insists on.
 */
import type { DialogCommand, DialogRequest, DialogResult } from '../dialogs/dialog.ts';
import type { HistoryEntry } from '../../engine/images.ts';
import type { SessionTarget } from '../engine-session.ts';
import type { SwitchOutcome } from '../engine-switch.ts';
import { NOTICE_MS, withNotice } from './navigation.ts';
import type { AppState, EngineRow, Notice, InspectTarget } from './types.ts';

export type Command =
  | { type: 'quit' }
  | { type: 'suspend' }
  /**
   * Dispatches `action` after `ms`; a later timer with the same `key` replaces this one, and one
   * tied to an `overlay` is dropped when that overlay closes.
   */
  | { type: 'after'; ms: number; key?: string; overlay?: number; action: AppAction }
  /** Puts `text` on the clipboard (OSC 52). */
  | { type: 'copy'; text: string }
  /** Hands the terminal to a shell in the container until it exits. */
  | { type: 'shell'; containerId: string; name: string }
  | { type: 'start-container'; containerId: string; name: string }
  /** Starts a Compose project's stopped containers. */
  | { type: 'start-project'; project: string; members: ReadonlyArray<{ id: string; name: string }> }
  /** Pauses (or, `pause: false`, resumes) every process of the container. */
  | { type: 'pause-container'; containerId: string; name: string; pause: boolean }
  | { type: 'cancel-pull'; pullId: string }
  | { type: 'dismiss-pull'; pullId: string }
  /** Fetches the JSON an inspect overlay shows. */
  | { type: 'inspect'; overlay: number; target: InspectTarget; objectId: string }
  /** Starts following a container's logs for a logs overlay. */
  | { type: 'open-logs'; overlay: number; containerId: string }
  /** Follows every container of a Compose project, merged in time order, for a logs overlay. */
  | { type: 'open-project-logs'; overlay: number; members: ReadonlyArray<{ id: string; source: string }> }
  | { type: 'open-service-logs'; overlay: number; serviceId: string; name: string }
  | { type: 'save-logs'; overlay: number; name: string; timestamps: boolean }
  /** Reads the image's history for the view in `overlay`. */
  | { type: 'image-history'; overlay: number; imageId: string }
  /** Lists the container's processes for the stats view in `overlay`, again every few seconds while it is open. */
  | { type: 'follow-top'; overlay: number; containerId: string }
  /** Lists the engines for the switcher in `overlay`, then asks each whether it answers. */
  | { type: 'list-engines'; overlay: number }
  /** Switches berth to another engine (the switcher in `overlay` hears how it went). */
  | { type: 'switch-engine'; overlay: number; target: SessionTarget; name: string }
  /** The overlay closed: whatever runs for it (requests, streams, timers) stops. */
  | { type: 'release'; overlay: number }
  | DialogCommand;

/** What comes back into the store from outside a key: results, timers, resizes, data changes. */
export type AppAction =
  | { type: 'notify'; text: string; tone?: Notice['tone'] }
  | { type: 'notice-expired'; seq: number }
  | { type: 'resize'; columns: number; rows: number }
  /** The engine's lists or the pulls changed: selections follow their ids. */
  | { type: 'sources-changed' }
  | { type: 'inspect-loaded'; overlay: number; lines: readonly string[] }
  /** A logs overlay's buffer gained `added` lines and evicted `dropped`; it now holds `length`. */
  | { type: 'logs-changed'; overlay: number; added: number; dropped: number; length: number }
  | { type: 'history-loaded'; overlay: number; entries?: readonly HistoryEntry[]; error?: string }
  | { type: 'top-loaded'; overlay: number; top?: { titles: readonly string[]; processes: ReadonlyArray<readonly string[]> }; error?: string }
  | { type: 'engines-listed'; overlay: number; rows: readonly EngineRow[]; error?: string }
  | { type: 'engine-probed'; overlay: number; host: string; reach: { ok: boolean; text: string } }
  /** A switch ended; berth is on the new engine if `outcome.ok`. */
  | { type: 'engine-switched'; overlay: number; name: string; outcome: SwitchOutcome }
  /** Opens a dialog from outside a key (a test, a command line flag). */
  | { type: 'open-dialog'; request: DialogRequest }
  /** A result for the dialog in overlay `overlay` (ignored once it has closed). */
  | { type: 'dialog'; overlay: number; result: DialogResult };

/** A reducer's answer: the next state and what to do about it. */
export interface Reduced {
  state: AppState;
  commands: readonly Command[];
}

export function reduced(state: AppState, ...commands: Command[]): Reduced {
  return { state, commands };
}

/** Shows a notice and schedules its end: no clock is read while drawing. */
export function notify(state: AppState, text: string, tone: Notice['tone'] = 'info', ...commands: Command[]): Reduced {
  const [next, notice] = withNotice(state, text, tone);
  return { state: next, commands: [...commands, { type: 'after', ms: NOTICE_MS, key: 'notice', action: { type: 'notice-expired', seq: notice.seq } }] };
}
