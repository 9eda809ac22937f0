/**
 * Commands: what the reducers ask the world to do, as plain data, in one table next to the
 * keymap's actions. A reducer never calls the engine, a timer or the terminal; it returns the
 * next state and a list of these, and the CommandRunner (handlers/runner.ts) carries each out
 * with the handler of its id (handlers/index.ts, handlers grouped by what they touch) and
 * reports back with actions. Tests record them.
 *
 * Ids are `<thing>-<verb>`. Adding one: its shape here, a handler in the file of what it touches;
 * TypeScript then insists on both. A dialog's command reports to the dialog with one of the
 * replies below (`{ type: 'dialog', overlay, result }`), a view's likewise (`{ type: 'view', overlay, result }`).
 */
import type { HistoryEntry } from '../engine/images.ts';
import type { BuildSettings } from '../state/builds/build-reducer.ts';
import type { FileChange } from '../engine/changes.ts';
import type { Opened } from '../state/files/browse.ts';
import type { PortRow } from '../state/forwards/port-list.ts';
import type { ForwardRow } from '../state/forwards/forwards.ts';
import type { ActionId } from './keys/keymap.ts';
import type { RunSpec } from '../state/actions/run-container.ts';
import type { ComposeScope, ComposeVerb } from '../state/compose/args.ts';
import type { ContainerFacts } from '../state/describe/container-facts.ts';
import type { CheckRun } from '../state/describe/health-check.ts';
import type { RelationRoot } from '../state/relations/gather.ts';
import type { RelationNode } from '../state/relations/tree.ts';
import type { ComposeProject } from '../state/compose/project.ts';
import type { RecreateOutcome, RecreateStep } from '../state/actions/recreate.ts';
import type { UserResult } from '../state/actions/recreate-users.ts';
import type { RunOptions } from '../state/run-line/options.ts';
import type { SetItem, SetOptions, SetVerb } from '../state/actions/set.ts';
import type { SessionTarget } from '../state/engine-session.ts';
import type { SwitchOutcome } from '../state/engine-switch.ts';
import type { PruneAnswer } from '../engine/prune.ts';
import type { LogHistoryInfo } from '../state/logs/log-history.ts';
import type { QueryOptions } from '../state/logs/query.ts';
import type { TimeWindow } from '../state/logs/time-window.ts';
import type { PrunePreview, PruneTarget } from '../state/prune/preview.ts';
import type { SearchAnswer } from '../state/registry/search.ts';
import type { BackupJob } from '../state/backups/backup-jobs.ts';
import { NOTICE_MS, withNotice } from './navigation.ts';
import type { AppState, EngineRow, InspectTarget, Notice } from './types.ts';

/** A Compose project's containers (or any set of them) acted on together. */
export type Members = ReadonlyArray<{ id: string; name: string }>;

/** What a swarm confirmation does, as the docker CLI would. */
export type SwarmAction =
  | { kind: 'scale'; serviceId: string; name: string; replicas: number }
  | { kind: 'force-update'; serviceId: string; name: string }
  | { kind: 'rollback'; serviceId: string; name: string }
  | { kind: 'remove-service'; serviceId: string; name: string }
  | { kind: 'drain'; nodeId: string; name: string }
  | { kind: 'activate'; nodeId: string; name: string };

/** The app and the terminal. */
type AppCommand =
  | { type: 'app-quit' }
  /** Gives the terminal back to the shell and stops (Ctrl-Z). */
  | { type: 'app-suspend' }
  /**
   * Dispatches `action` after `ms`; a later timer with the same `key` replaces this one, and one
   * tied to an `overlay` is dropped when that overlay closes.
   */
  | { type: 'timer-start'; ms: number; key?: string; overlay?: number; action: AppAction }
  /** Puts `text` on the clipboard (OSC 52). */
  | { type: 'clipboard-copy'; text: string }
  /** Acknowledges an incident (its seq), or every one. */
  | { type: 'incident-acknowledge'; seq?: number }
  /** Mutes (or unmutes) a container's incidents, by its name, for the session. */
  | { type: 'incident-mute'; name: string }
  /** The overlay closed: whatever runs for it (requests, streams, timers) stops. */
  | { type: 'overlay-release'; overlay: number };

/** A container, or a Compose project's containers. */
type ContainerCommand =
  /** Hands the terminal to a shell in the container until it exits. */
  | { type: 'container-shell'; containerId: string; name: string }
  /** Hands the terminal to the container's own process (docker attach) until it exits or the user detaches. */
  | { type: 'container-attach'; containerId: string; name: string }
  | { type: 'container-start'; containerId: string; name: string }
  | { type: 'project-start'; project: string; members: Members }
  /** Pauses (or, `pause: false`, resumes) every process of the container. */
  | { type: 'container-pause'; containerId: string; name: string; pause: boolean }
  /** Stops or restarts one container, or a project's (`members`; `name` is then the project's). Seconds in `timeout`; undefined leaves it to the container or the engine. */
  | { type: 'container-stop'; overlay: number; containerId: string; name: string; service?: string; timeout?: number; restart: boolean; members?: Members }
  | { type: 'container-kill'; overlay: number; containerId: string; name: string; signal: string }
  | { type: 'container-rename'; overlay: number; containerId: string; name: string; newName: string }
  /**
   * Commits the container (`changes`: Dockerfile instructions; `pause`: the engine's default is
   * on), then tags the new image `alsoTag` and pushes `push` into the Pulls pane, when given.
   */
  | { type: 'container-commit'; overlay: number; containerId: string; label: string; repository: string; tag: string; comment?: string; author?: string; changes?: readonly string[]; pause?: boolean; alsoTag?: string; push?: string }
  /** Reads what changed in the container since its image, for the commit dialog in `overlay`. */
  | { type: 'container-changes'; overlay: number; containerId: string }
  | { type: 'container-remove'; overlay: number; containerId: string; name: string; force: boolean; volumes: boolean }
  | { type: 'container-copy-out'; overlay: number; containerId: string; name: string; source: string; directory: string; overwrite: boolean }
  /** Copies a local file or directory into `directory` in the container; `browser`: the file browser to read it again. */
  | { type: 'container-copy-in'; overlay: number; containerId: string; name: string; source: string; directory: string; overwrite: boolean };

/** Images, pulls and pushes. */
type ImageCommand =
  | { type: 'image-tag'; overlay: number; imageId: string; reference: string }
  | { type: 'image-remove'; overlay: number; imageId: string; tag: string; force: boolean; noPrune: boolean }
  /** Starts a pull (or a push) in the Pulls pane; the typed credentials go to it and nowhere else. */
  | { type: 'pull-start'; overlay: number; reference: string; auth?: { username: string; password: string }; push?: boolean }
  | { type: 'pull-cancel'; pullId: string }
  | { type: 'pull-dismiss'; pullId: string }
  | { type: 'credentials-lookup'; overlay: number; reference: string }
  /** Starts a build in the Pulls pane (state/builds); its settings are kept for building again. */
  | { type: 'build-start'; overlay: number; settings: BuildSettings }
  | { type: 'build-again'; buildId: string }
  | { type: 'build-cancel'; buildId: string }
  | { type: 'build-dismiss'; buildId: string }
  /** The repositories matching `term` (the engine's index, or a typed registry's catalog); a newer one for the overlay cancels this. */
  | { type: 'registry-search'; overlay: number; term: string }
  /** The tags of `repository` in its registry; a newer one for the overlay cancels this. */
  | { type: 'registry-tags'; overlay: number; repository: string }
  /**
   * A backup (save, load, export, a volume's export or restore: state/backups) checked, then
   * started in the Pulls pane (Transfers). `overwrite`: replace the local file there;
   * `intoFiles`: restore into a volume that holds files.
   */
  | { type: 'backup-start'; overlay: number; job: BackupJob; file: string; overwrite: boolean; intoFiles: boolean };

/** Volumes and networks. */
type ResourceCommand =
  | { type: 'volume-create'; overlay: number; name: string }
  | { type: 'volume-remove'; overlay: number; name: string; force: boolean }
  | { type: 'network-create'; overlay: number; name: string }
  | { type: 'network-remove'; overlay: number; id: string; name: string };

/** The marked rows, acted on one after another (state/actions/set.ts), each reporting to the dialog. */
type SetCommand =
  | { type: 'set-act'; overlay: number; verb: SetVerb; items: readonly SetItem[]; options: SetOptions }
  /** A protected engine's name was typed: the action goes on (handlers/engines.ts hands it back as engine-confirmed). */
  | { type: 'engine-confirm'; overlay: number; action: ActionId; confirmed: readonly string[] }
  /** Show these engines together with the one shown (the switcher's fleet). */
  | { type: 'fleet-show'; overlay: number; targets: readonly SessionTarget[]; name: string; /** The engine shown (first in the fleet), when the switcher lists it. */ shown?: SessionTarget }
  /** No new request for the set in `overlay` (the one under way finishes and is reported). */
  | { type: 'set-halt'; overlay: number };

/** The swarm, prune, and a run. */
type EngineCommand =
  | { type: 'swarm-act'; overlay: number; action: SwarmAction }
  | { type: 'prune-preview'; overlay: number; target: PruneTarget; serial: number }
  | { type: 'prune-run'; overlay: number; target: PruneTarget }
  | { type: 'run-create'; overlay: number; spec: RunSpec }
  | { type: 'run-pull'; overlay: number; reference: string }
  /** Reads a container (and its image) back into the run form, for edit and recreate. */
  | { type: 'recreate-load'; overlay: number; containerId: string }
  /** Creates the edited container beside the old one, or replaces it (state/actions/recreate.ts). */
  | { type: 'recreate-run'; overlay: number; old: { id: string; name: string; running: boolean }; spec: RunSpec; replace: boolean }
  /** Pulls a tag anew (in the Pulls pane) and says which containers ran the image it pointed at. */
  | { type: 'image-update'; overlay: number; reference: string; imageId: string }
  /** Replaces each of these containers with one on the image now under its tag, one after another. */
  | { type: 'image-update-recreate'; overlay: number; users: Members };

/** A Compose project (or one service) through the user's compose CLI (state/compose/). */
type ComposeCommand =
  /** Finds the compose CLI and checks the project's paths are here. */
  | { type: 'compose-probe'; overlay: number; project: ComposeProject }
  /** Runs the CLI for `verb`, its output into the overlay's buffer. */
  | { type: 'compose-run'; overlay: number; verb: ComposeVerb; scope: ComposeScope };

/** Any command in a container, a debug container beside one, a custom action on the host (handlers/exec.ts). */
type ExecCommand =
  /** Runs `cmd` in the container: captured into the dialog's output, or with the terminal handed over. */
  /** (No `cmd`: a shell, with the terminal, as `e`.) */
  | { type: 'exec-run'; overlay: number; containerId: string; name: string; cmd?: string[]; user?: string; workdir?: string; interactive: boolean }
  /** A throwaway tools container sharing the container's processes and network (state/actions/debug-shell.ts). */
  | { type: 'debug-run'; overlay: number; containerId: string; name: string; image: string; cmd?: string[]; user?: string; workdir?: string; interactive: boolean }
  /** A custom action's argv on the host, with the engine berth shows in its environment (`interactive`: with the terminal handed over). */
  | { type: 'host-run'; overlay: number; argv: string[]; interactive?: boolean };

/** What fills the views. */
type ViewCommand =
  /** Fetches the JSON an inspect overlay shows. */
  | { type: 'inspect-load'; overlay: number; target: InspectTarget; objectId: string }
  /** Starts following a container's logs for a logs overlay. */
  | { type: 'logs-open'; overlay: number; containerId: string }
  /** Follows every container of a set (a Compose project's), merged in time order, for a logs overlay. */
  | { type: 'logs-open-project'; overlay: number; members: ReadonlyArray<{ id: string; source: string }> }
  | { type: 'logs-open-service'; overlay: number; serviceId: string; name: string }
  | { type: 'logs-save'; overlay: number; name: string; timestamps: boolean }
  /** Reads another part of a container's whole history into its logs view (log-history.ts). */
  | { type: 'logs-page'; overlay: number; to: 'older' | 'newer' | 'first' | 'last' }
  /** Searches the whole history (query undefined: stops and forgets the search). */
  | { type: 'logs-history-search'; overlay: number; query?: string; options?: QueryOptions }
  | { type: 'logs-search-cancel'; overlay: number }
  /** The loaded lines of a logs view in $PAGER. */
  /** `whole`: the whole history streamed from the engine, not just the loaded lines. */
  | { type: 'logs-pager'; overlay: number; whole?: boolean }
  /** Shows only a time window of a container's log (undefined: all of it again). */
  | { type: 'logs-window'; overlay: number; window?: TimeWindow }
  /** `n`/`N` past the window's matches: the next whole-history match after window line `from`. */
  | { type: 'logs-reveal'; overlay: number; from: number; direction: 1 | -1 }
  /** Reads what changed in the container since its image, as a tree, into the inspect overlay `overlay`. */
  | { type: 'container-diff-load'; overlay: number; containerId: string }
  /** Reads `path` in the container for the file browser in `overlay` (a directory's listing, or a file's text); with `changes`, the diff too. */
  | { type: 'files-open'; overlay: number; containerId: string; path: string; changes: boolean }
  /** Reads a container's inspect for the describe or health view in `overlay` (`follow`: again every few seconds while it is open). */
  | { type: 'facts-load'; overlay: number; containerId: string; follow: boolean }
  /** Runs a container's health check now (its own test, exec'd), for the health view in `overlay`. */
  | { type: 'health-run'; overlay: number; containerId: string; argv: readonly string[]; timeoutNs?: number }
  /** Reads what `root` touches for the relations view in `overlay`. */
  | { type: 'relations-load'; overlay: number; root: RelationRoot }
  /** Reads the image's history for the view in `overlay`. */
  | { type: 'history-load'; overlay: number; imageId: string }
  /** Reads the image's archive for the layer explorer in `overlay`; over ssh or tcp it asks first above `askAbove` bytes (Infinity: asked already). */
  | { type: 'layers-load'; overlay: number; imageId: string; askAbove: number }
  /** Lists the container's processes for the stats view in `overlay`, again every few seconds while it is open. */
  | { type: 'top-follow'; overlay: number; containerId: string }
  /** Lists the engines for the switcher in `overlay`, then asks each whether it answers (unless `probe: false`: the palette only names them). */
  | { type: 'engines-list'; overlay: number; probe?: boolean }
  /** Switches berth to another engine (the switcher in `overlay` hears how it went). */
  | { type: 'engine-switch'; overlay: number; target: SessionTarget; name: string }
  /** Reads the container's ports for the ports view in `overlay`. */
  | { type: 'ports-load'; overlay: number; containerId: string }
  /** Opens a published port in the browser, else shows it as a link in `overlay` and copies it. */
  | { type: 'port-open'; overlay: number; port: number; hostIp: string; hostPort: number }
  /**
   * Forwards the container's port to this machine: through the engine's API to a helper in its
   * network namespace (`engine`), or a published port through the ssh engine's master (`ssh`).
   * `reply: 'dialog'`: the dialog in `overlay` (a typed port's) hears how it went, else a notice says.
   */
  | { type: 'forward-start'; overlay: number; containerId: string; name: string; port: number; way: 'engine' | 'ssh'; image: string; hostIp?: string; hostPort?: number; reply?: 'dialog' }
  /** Ends a forward (its helper removed). */
  | { type: 'forward-cancel'; id: number }
  /** Keeps the forwards view in `overlay` told of every forward while it is open. */
  | { type: 'forwards-follow'; overlay: number };

export type Command = AppCommand | ContainerCommand | ImageCommand | ResourceCommand | SetCommand | EngineCommand | ComposeCommand | ExecCommand | ViewCommand;
export type CommandType = Command['type'];

/** A request's answer from the engine: the one line to show, or the engine's words. */
export type RequestReply = { kind: 'done'; message: string } | { kind: 'failed'; message: string };

export type CommitReply =
  | { kind: 'done'; imageId: string; reference: string; message: string }
  | { kind: 'failed'; message: string }
  /** What the commit would capture (the diff), or why it could not be read. */
  | { kind: 'changes'; changes?: readonly FileChange[]; message?: string };

export type CopyInReply = { kind: 'done'; message: string; target: string } | { kind: 'exists'; target: string } | { kind: 'failed'; message: string };

export type CopyOutReply = { kind: 'done'; message: string } | { kind: 'exists'; target: string } | { kind: 'failed'; message: string };

/** A backup started (its block in the Transfers pane), or what to ask first, or why not. */
export type BackupReply = { kind: 'started'; transferId: string } | { kind: 'exists'; target: string } | { kind: 'not-empty'; volume: string } | { kind: 'failed'; message: string };

export type PruneReply =
  | { kind: 'previewed'; serial: number; preview: PrunePreview }
  | { kind: 'preview-failed'; serial: number; message: string }
  | { kind: 'pruned'; answer: PruneAnswer }
  | { kind: 'prune-failed'; message: string };

export type PullReply =
  | { kind: 'started'; pullId: string }
  /** `credentials`: the registry refused them (the dialog offers to type others). */
  | { kind: 'failed'; message: string; credentials?: boolean }
  /** Typing paused on `reference`: look it up if it is still what the field says. */
  | { kind: 'lookup-due'; reference: string }
  | { kind: 'looked-up'; reference: string; description: string }
  | { kind: 'lookup-failed'; reference: string; message: string }
  /** Typing paused on `term` (or on a repository's tag): search (list its tags) if the field still says so. */
  | { kind: 'search-due'; term: string }
  | { kind: 'searched'; term: string; answer: SearchAnswer }
  | { kind: 'search-failed'; term: string; message: string }
  | { kind: 'tags-due'; repository: string }
  | { kind: 'tags-found'; repository: string; tags: readonly string[] }
  | { kind: 'tags-failed'; repository: string; message: string };

/** How a container's own process gave the terminal back (an attach, a `docker run -it`). */
export type AttachEnd =
  /** The process exited: its code from the wait, or the engine's error (a failed removal, say). */
  | { ended: 'exited'; exitCode?: number; error?: string }
  /** Ctrl-P Ctrl-Q, or the engine let go while the container runs on. */
  | { ended: 'detached' };

export type RunReply =
  | { kind: 'created'; id: string; warnings: readonly string[] }
  | { kind: 'started' }
  | { kind: 'output'; lines: number }
  | { kind: 'exited'; exitCode: number; outputError?: string }
  /** Detached and started; the containers list holds it (`live`: still running). */
  | { kind: 'detached'; id: string; name: string; live: boolean; warnings: readonly string[] }
  | { kind: 'failed'; message: string; missingImage: boolean }
  /** An interactive run (`-i`) had the terminal and gave it back. */
  | { kind: 'handed-back'; id: string; end: AttachEnd }
  | { kind: 'pulling'; pullId: string }
  | { kind: 'pulled' }
  | { kind: 'pull-failed'; message: string };

export type RecreateReply =
  | { kind: 'loaded'; options: RunOptions; notRebuilt: readonly string[]; running: boolean }
  /** A Compose service's container: compose recreates it, from its project's files (`scope`: what the compose CLI runs on). */
  | { kind: 'compose'; project: string; service: string; workingDir?: string; scope?: ComposeScope }
  | { kind: 'load-failed'; message: string }
  | { kind: 'step'; step: RecreateStep }
  | { kind: 'finished'; outcome: RecreateOutcome };

export type UpdateReply =
  | { kind: 'pulling'; pullId: string }
  /** The tag was pulled: the image it names now, and the containers that run the one it named before. */
  | { kind: 'updated'; imageId: string; users: Members }
  | { kind: 'failed'; message: string }
  | { kind: 'user'; result: UserResult }
  | { kind: 'users-done' };

/** A set's progress: a request issued, its result, the end (`halted`: the rest were not tried). */
export type SetReply = { kind: 'set-started'; index: number } | { kind: 'set-item'; index: number; ok: boolean; message: string } | { kind: 'set-ended'; halted: boolean };

export type ComposeReply =
  /** The CLI found ("docker compose", its version) or why not; the project's paths that are not here. */
  | { kind: 'compose-probed'; cli?: { label: string; version: string }; reason?: string; missing: readonly string[] }
  /** The CLI started: the command line it runs. */
  | { kind: 'compose-started'; line: string }
  | { kind: 'compose-output'; lines: number }
  | { kind: 'compose-exited'; code: number | null; signal: string | null }
  | { kind: 'compose-failed'; message: string };

/** What a dialog's commands report back: one of the replies above. */
/** A command's progress, for the exec dialog: output held (lines), how it ended, or the terminal given back. */
export type ExecReply =
  | { kind: 'output'; lines: number }
  | { kind: 'exited'; exitCode?: number }
  | { kind: 'failed'; message: string }
  | { kind: 'handed-back'; text: string; tone: 'info' | 'error' };

/** The build dialog's answer: the build started (it goes on in the Pulls pane), or why not. */
export type BuildReply = { kind: 'started'; buildId: string } | { kind: 'failed'; message: string };

export type DialogReply = BuildReply | ExecReply | RequestReply | CommitReply | CopyOutReply | CopyInReply | BackupReply | PruneReply | PullReply | RunReply | RecreateReply | UpdateReply | SetReply | ComposeReply;

/** The inspect view's text (a JSON document pretty, a diff's tree, or the engine's refusal). */
export type InspectReply = { kind: 'lines'; lines: readonly string[] };

/** An image's layers, or why they could not be read. */
export type HistoryReply = { kind: 'layers'; entries?: readonly HistoryEntry[]; error?: string };

/** The stats view's processes (`docker top`), or why they could not be listed. */
export type StatsReply = { kind: 'processes'; top?: { titles: readonly string[]; processes: ReadonlyArray<readonly string[]> }; error?: string };

/** The engines berth could show (for the switcher and the palette), one's answer to a probe, a switch's end (berth is on the new engine if `outcome.ok`). */
export type EnginesReply =
  | { kind: 'listed'; rows: readonly EngineRow[]; error?: string }
  | { kind: 'probed'; host: string; reach: { ok: boolean; text: string } }
  | { kind: 'switched'; name: string; outcome: SwitchOutcome };

/** What the file browser asked for (files-open): a directory, a file's text, or why not; the diff when asked. */
export type FilesReply = { kind: 'opened'; opened?: Opened; error?: string; changes?: readonly FileChange[] };

/** A logs view's buffer gained `added` lines and evicted `dropped`; it now holds `length`. */
export interface LogsReply {
  kind: 'changed';
  added: number;
  dropped: number;
  length: number;
  /** Older lines put in at the front, and how many that pushed out at the end. */
  prepended?: number;
  droppedBack?: number;
  /** The buffer holds another part of the log now: show `focus` (undefined: follow the end). */
  replaced?: { focus?: number };
  /** Show this line (a whole-history match already held). */
  reveal?: number;
  history?: LogHistoryInfo;
  detached?: boolean;
}

/** A container's facts (describe, health), or why they could not be read. */
export type FactsReply = { kind: 'facts'; facts?: ContainerFacts; error?: string };

/** How a health check run from berth went. */
export type CheckReply = { kind: 'checked'; run: CheckRun };

/** What a thing touches, or why it could not be read. */
export type RelationsReply = { kind: 'related'; tree?: RelationNode; error?: string };

/** The layer explorer's: a question before a big read over the network, its progress (with what is read so far), the whole, or the engine's words. */
export type LayersReply = { kind: 'layers-ask'; bytes: number; over: string } | { kind: 'layers-progress'; reading: string; lines?: readonly string[] } | { kind: 'layers-done'; lines: readonly string[] } | { kind: 'layers-failed'; message: string };

/** A container's ports, or why it could not be read; a URL no browser could open, to show as a link. */
export type PortsReply = { kind: 'ports-listed'; ports?: readonly PortRow[]; error?: string } | { kind: 'port-link'; url: string };

/** The forwards as they are now. */
export type ForwardsReply = { kind: 'forwards-listed'; rows: readonly ForwardRow[] };

export type ViewReply = InspectReply | HistoryReply | LayersReply | StatsReply | EnginesReply | FilesReply | LogsReply | FactsReply | CheckReply | RelationsReply | PortsReply | ForwardsReply;

/** What comes back into the store from outside a key: results, timers, resizes, data changes. */
/** What opens a dialog: its id as `type`, and what its module's `open` reads (app/dialogs/). */
export interface DialogRequest {
  readonly type: string;
  readonly [field: string]: unknown;
}

export type AppAction =
  /** `background`: not said by what the user did; it waits while the user's own notice is shown. */
  | { type: 'notify'; text: string; tone?: Notice['tone']; background?: true }
  | { type: 'notice-expired'; seq: number }
  | { type: 'resize'; columns: number; rows: number }
  /** A source changed (the engine's lists, the pulls…): selections follow their ids. */
  | { type: 'sources-changed' }
  /** A protected engine's name was typed in the dialog `overlay`: it closes and `action` runs again, those engines confirmed. */
  | { type: 'engine-confirmed'; overlay: number; action: ActionId; confirmed: readonly string[] }
  /** Opens a dialog from outside a key (a test): a request of the dialog module named by its `type`. */
  | { type: 'open-dialog'; request: DialogRequest }
  /** A result for the view in overlay `overlay` (its module's; ignored once it has closed, unless the module says otherwise). */
  | { type: 'view'; overlay: number; result: ViewReply }
  /** A result for the dialog in overlay `overlay` (ignored once it has closed). */
  | { type: 'dialog'; overlay: number; result: DialogReply };

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
  return notifyAs(state, text, tone, false, commands);
}

/** `notify`, for a notice said in the background (`background`) or by what the user did. */
export function notifyAs(state: AppState, text: string, tone: Notice['tone'], background: boolean, commands: readonly Command[] = []): Reduced {
  const [next, notice] = withNotice(state, text, tone, background);
  return { state: next, commands: [...commands, { type: 'timer-start', ms: NOTICE_MS, key: 'notice', action: { type: 'notice-expired', seq: notice.seq } }] };
}
