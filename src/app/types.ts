/**
 * Everything a key can change, in one value: the app store's state. Components draw it; the
 * reducers (app/keys for keys, the dialog modules in app/dialogs for their own keys and
 * results) map one state to the next; nothing else holds a copy.
 */
import type { LogViewState } from '../state/logs/view-model.ts';
import type { LogHistoryInfo } from '../state/logs/log-history.ts';
import type { QueryOptions } from '../state/logs/query.ts';
import type { LogStream } from '../state/logs/types.ts';
import type { EngineChoice } from '../state/engine-switch.ts';
import type { HistoryEntry } from '../engine/images.ts';
import type { ActionId } from './keys/keymap.ts';
import type { ChangeKind } from '../engine/changes.ts';
import type { FileEntry } from '../state/files/tar-listing.ts';
import type { ContainerFacts } from '../state/describe/container-facts.ts';
import type { CheckRun } from '../state/describe/health-check.ts';
import type { RelationRoot } from '../state/relations/gather.ts';
import type { RelationNode } from '../state/relations/tree.ts';
import type { PortRow } from '../state/forwards/port-list.ts';
import type { ForwardRow } from '../state/forwards/forwards.ts';
import type { DiskSection } from '../state/disk/disk-report.ts';

/** What `i` inspects. */
export type InspectTarget = 'container' | 'image' | 'volume' | 'network';

/** A pane's id (app/panes: each pane's module declares its own; '' is the first pane). */
export type PaneId = string;

/** What a pane keeps of its own beyond selection, filter and sort (showing all, a grouping…). */
export type PaneOptions = Readonly<Record<string, boolean | readonly string[]>>;

export interface SelectionAnchor {
  of: string;
  /** Row keys in the order they were shown then, `of` among them. */
  order: readonly string[];
}

export interface PaneView {
  selectedId?: string;
  /** Index of the selection when last seen: where the cursor lands if that row and its neighbours all go. */
  selectedIndex: number;
  /**
   * The rows around the selection when it was made (`of` is the selected row; navigation.ts
   * followSelection): when its row goes, the cursor lands on the nearest of them still shown, so
   * where it lands depends on which rows went, never on rows that came meanwhile or on how the
   * engine's news was batched.
   */
  anchor?: SelectionAnchor;
  filter: string;
  /** The row order (rows/sort.ts); 'created' is the engine's newest-first order. */
  sort: string;
  /** The pane's own options, typed by its module (panes/pane.ts `paneOptions`). */
  options?: PaneOptions;
  /**
   * The marked rows' keys (app/marks.ts), in the order they were marked: the last is where a
   * range mark starts. Keys, not positions: marks stay through refreshes, sorts and filters.
   */
  marks?: readonly string[];
  /** The order `sort` reads the other way round (`O`): the header's arrow turns with it. */
  reversed?: boolean;
}

export interface Notice {
  text: string;
  tone: 'info' | 'error';
  /** Which notice this is: the timer that ends it ends only this one. */
  seq: number;
  /** Said by something in the background (an incident opening), not by what the user did. */
  background?: true;
}

/** A background notice held back while the user's own notice is still shown. */
export interface WaitingNotice {
  text: string;
  tone: Notice['tone'];
}

/** What quitting would lose (in words), and the key that asked: pressed again, it quits. */
export interface QuitQuestion {
  key: 'quit' | 'interrupt';
  lost: readonly string[];
}

export interface TerminalSize {
  columns: number;
  rows: number;
}

interface OverlayBase {
  /** Unique for the app's life: results of work started for an overlay find it (or find it gone) by this. */
  id: number;
  /** In a fleet: the engine what it shows or does is on (app/fleet/route.ts); absent: the engine shown. */
  engine?: string;
  /** The protected engines whose names were typed for the action that opened it (fleet/route.ts `confirmTo`). */
  confirmed?: readonly string[];
}

/**
 * A scroll view's search (views/text-search.ts): `prompt` while `/` asks for the text, `find`
 * once kept, `at` the line of the current match.
 */
export interface TextSearch {
  prompt?: string;
  find?: string;
  at?: number;
}

export interface HelpOverlay extends OverlayBase {
  kind: 'help';
  top: number;
  search?: TextSearch;
}

export interface InspectOverlay extends OverlayBase {
  kind: 'inspect';
  target: InspectTarget;
  objectId: string;
  title: string;
  /** The view's own heading, when it is not an inspect (a container's changes, a file's text). */
  caption?: string;
  /** Pretty JSON once it arrived (engine text: sanitised when drawn); undefined while loading. */
  lines?: readonly string[];
  top: number;
  search?: TextSearch;
}

export interface LogsOverlay extends OverlayBase {
  kind: 'logs';
  containerId: string;
  name: string;
  view: LogViewState;
  /** The search prompt's text while it takes keys. */
  prompt?: string;
  /** Lines in the session's buffer as last reported; what scrolling and search clamp to. */
  length: number;
  /** The whole history's state as last reported (a container's logs): what ↑ at the top and `g` may read. */
  history?: LogHistoryInfo;
  /** The window is away from the live end (an older page pushed the newest out). */
  detached?: boolean;
  /** How the search's query reads: a regex, case-sensitive (both off: plain text, any case). */
  query?: QueryOptions;
  /**
   * Filter mode: only matching lines, with `context` lines either side; `anchor` is the buffer
   * index on top; `streams`: only that stream's lines (`s`), with or without a search;
   * `streamsOnly`: filter mode is off, only the stream choice narrows the view.
   */
  filter?: { context: number; anchor: number; streams?: LogStream; streamsOnly?: boolean };
  /** The prompt asks for a time window (`since [until]`) rather than a search. */
  promptFor?: 'time';
  /** The time window asked for, by its label (the session says its times). */
  window?: string;
  /** Select mode: a cursor line and the other end of the range (buffer indices), for y and J. */
  select?: { anchor: number; cursor: number };
}

/** A dialog's own state (its module, app/dialogs, knows the rest of it); `type` names the module. */
export interface DialogState {
  readonly type: string;
}

export interface DialogOverlay extends OverlayBase {
  kind: 'dialog';
  dialog: DialogState;
  /** Its fields' text when it opened (a prefill): text since is what quitting would lose (quit.ts). */
  opened?: Readonly<Record<string, string>>;
}

/** An engine in the switcher: what it is, and what a probe found there (undefined while asking). */
export interface EngineRow extends EngineChoice {
  reach?: { ok: boolean; text: string };
}

/** The engine switcher: the engines berth could show, the current one marked. */
export interface EnginesOverlay extends OverlayBase {
  kind: 'engines';
  /** The rows chosen for a fleet (Space), by host: Enter shows them together with the engine shown. */
  chosen?: readonly string[];
  /** Undefined until listed. */
  rows?: readonly EngineRow[];
  selected: number;
  /** The name of the engine being switched to, while the switch is under way. */
  switching?: string;
  /** Why the list could not be read, or why the last switch did not happen (the engine's words). */
  error?: string;
}

/** An image's layers (`h`), as `docker history` lists them. */
export interface HistoryOverlay extends OverlayBase {
  kind: 'history';
  imageId: string;
  title: string;
  /** Undefined while loading (engine text: sanitised when drawn). */
  entries?: readonly HistoryEntry[];
  error?: string;
  top: number;
  search?: TextSearch;
}

/** An image's layer explorer (`L`): its archive read as it streams, drawn as lines (views/layer-lines.ts). */
export interface LayersOverlay extends OverlayBase {
  kind: 'layer-explorer';
  imageId: string;
  title: string;
  /** What is shown so far (engine text: sanitised when drawn); undefined until the first answer. */
  lines?: readonly string[];
  /** Over ssh or tcp, the archive is big: how many bytes reading it would move, asked before it is read. */
  ask?: { bytes: number; over: string };
  /** Still reading: the progress line shown above the lines. */
  reading?: string;
  top: number;
  search?: TextSearch;
}

/** A container's resource graphs, current figures and processes (`m`). */
export interface StatsOverlay extends OverlayBase {
  kind: 'stats';
  containerId: string;
  name: string;
  /** `docker top`'s answer, refreshed while the view is open (engine text: sanitised when drawn). */
  top?: { titles: readonly string[]; processes: ReadonlyArray<readonly string[]> };
  /** Why the processes could not be listed (the engine's words). */
  topError?: string;
}

/** A build's steps (Enter on a build in the Pulls pane): each step, its time, its log lines; live while it runs. */
export interface BuildStepsOverlay extends OverlayBase {
  kind: 'build-steps';
  /** The build's id in the builds source (state/builds). */
  buildId: string;
  top: number;
  search?: TextSearch;
}

/** An incident's post-mortem card (Enter on the Incidents pane): its container's logs, inspect and restart from there. */
export interface IncidentOverlay extends OverlayBase {
  kind: 'incident';
  /** The incident's seq in the incidents source (state/incidents). */
  seq: number;
  top: number;
  search?: TextSearch;
}

/** What a command palette entry does when chosen (views/palette.ts). */
export type PaletteRun =
  /** Press the key that does this action on the screen under the palette. */
  | { kind: 'action'; action: ActionId; key: string }
  /** Show this pane (closing the views over the panes). */
  | { kind: 'pane'; pane: PaneId }
  /** Switch to this engine, as the switcher does. */
  | { kind: 'engine'; row: EngineRow }
  /** One of the extra commands the palette was given (UiContext.paletteExtras), by its id. */
  | { kind: 'extra'; id: string };

export interface PaletteEntry {
  /** What it is called: what the query is matched against first. */
  name: string;
  description: string;
  /** Its key as help writes it ('X', 'Enter'), '' when it has none. */
  keyLabel: string;
  run: PaletteRun;
}

/** The command palette (`:`): every action of the screen under it, every pane and engine, by name. */
export interface PaletteOverlay extends OverlayBase {
  kind: 'palette';
  query: string;
  /** The entry under the cursor, in the order the query ranks them. */
  selected: number;
  entries: readonly PaletteEntry[];
}


/** A container's file browser (`F`): one directory's first level, read from the archive API. */
export interface FilesOverlay extends OverlayBase {
  kind: 'files';
  containerId: string;
  name: string;
  /** The directory shown (absolute, in the container). */
  path: string;
  /** Undefined while the directory is read (engine text: sanitised when drawn). */
  entries?: readonly FileEntry[];
  /** The path being read, while it is (the rows shown are the last directory's). */
  loading?: string;
  /** The listing stopped at the cap: entries may be missing (after `cappedIn`, when known). */
  capped?: boolean;
  cappedIn?: string;
  /** Why the directory could not be read (the engine's words). */
  error?: string;
  /** The selected row of `browserRows` (app/views/files.ts). */
  selected: number;
  /** What changed since the image, by absolute path (the diff); undefined until it came. */
  changes?: Readonly<Record<string, ChangeKind>>;
}

/** The column chooser (`,`): a pane's every column, the shown ones first in their order. */
export interface ColumnsOverlay extends OverlayBase {
  kind: 'column-chooser';
  pane: PaneId;
  /** The column under the cursor, by its key (the list reorders as columns are shown and hidden). */
  key: string;
}

/** The views that scroll text and search it (views/text-search.ts). */
export type TextSearchOverlay = HelpOverlay | InspectOverlay | HistoryOverlay | IncidentOverlay | LayersOverlay | BuildStepsOverlay;

/** A view of one container's facts as lines under a cursor (describe, health). */
interface ContainerFactsView extends OverlayBase {
  containerId: string;
  name: string;
  /** Undefined while loading (engine text: sanitised when drawn). */
  facts?: ContainerFacts;
  error?: string;
  /** The line under the cursor (views/item-lines.ts). */
  selected: number;
  search?: TextSearch;
}

/** A container in words (`v`): what it runs, its env (secret-looking values masked), ports, mounts, networks, limits… each a line. */
export interface DescribeOverlay extends ContainerFactsView {
  kind: 'describe';
  /** The values of secret-looking keys are shown. */
  secrets?: boolean;
}

/** A container's health check (`h`): its settings, status, the engine's last probes, and the runs berth made. */
export interface HealthOverlay extends ContainerFactsView {
  kind: 'health';
  /** The checks run from here (`r`), oldest first: the engine keeps no record of them. */
  runs?: readonly CheckRun[];
  /** A run is under way. */
  running?: boolean;
}

/** What a project, container, network or volume touches (`L`), as an indented tree. */
export interface RelationsOverlay extends OverlayBase {
  kind: 'relations';
  root: RelationRoot;
  title: string;
  tree?: RelationNode;
  error?: string;
  selected: number;
  search?: TextSearch;
}

/** A container's ports (`b`): published and exposed, each to open or forward here. */
export interface PortsOverlay extends OverlayBase {
  kind: 'ports';
  containerId: string;
  name: string;
  /** Undefined while the container is inspected. */
  ports?: readonly PortRow[];
  /** Why it could not be inspected (the engine's words). */
  error?: string;
  selected: number;
  /** A URL no browser here could open: drawn as a link (OSC 8) and copied (OSC 52). */
  link?: string;
}

/** The port forwards berth runs (`B`): each one's address here, target, way, connections and bytes. */
export interface ForwardsOverlay extends OverlayBase {
  kind: 'forwards';
  /** Undefined until the list is first heard. */
  rows?: readonly ForwardRow[];
  selected: number;
}

/** The disk usage (`W`): the four kinds as `docker system df` lists them, or one kind's items (Enter). */
export interface DiskOverlay extends OverlayBase {
  kind: 'disk';
  /** The kind whose items are shown; undefined: the four kinds. */
  section?: DiskSection;
  /** The selected row's index (where the selection lands when its row went away). */
  selected: number;
  /** The selected item's key (app/rows/disk-rows.ts): the selection follows it as the answer changes. */
  selectedKey?: string;
  /** The kind's row the items were opened from: where going back lands. */
  from?: number;
}

export type Overlay =
  | HelpOverlay
  | InspectOverlay
  | LogsOverlay
  | DialogOverlay
  | EnginesOverlay
  | StatsOverlay
  | HistoryOverlay
  | IncidentOverlay
  | PaletteOverlay
  | FilesOverlay
  | BuildStepsOverlay
  | DescribeOverlay
  | HealthOverlay
  | RelationsOverlay
  | LayersOverlay
  | PortsOverlay
  | ForwardsOverlay
  | DiskOverlay
  | ColumnsOverlay;

/** Where the split panel stands beside a pane's list (`|` cycles): hidden by default. */
export type PanelPlace = 'off' | 'beside' | 'under';
/** What the split panel shows of the selected row (`\` cycles). */
export type PanelShows = 'logs' | 'stats' | 'inspect';

/**
 * The workspace's arrangement: the split panel (where, what, how big) and each pane's chosen
 * columns. Kept in config.json (`workspace`) whenever it changes, read back at the next start.
 */
export interface Workspace {
  panel: PanelPlace;
  shows: PanelShows;
  /** The panel's share of the body, in percent (`+`/`-`). */
  size: number;
  /** Per pane: the columns shown, in order (column keys); a pane absent shows its defaults. */
  columns: Readonly<Record<PaneId, readonly string[]>>;
  /**
   * Per pane: the order as last left (`o`, `O`), read at start into the panes' views (which hold
   * it while berth runs: runtime.ts writes it back from there); a pane absent: the engine's order.
   */
  sorts?: Readonly<Record<PaneId, { by: string; reversed?: boolean }>>;
}

export const defaultWorkspace: Workspace = { panel: 'off', shows: 'logs', size: 40, columns: {} };

export interface AppState {
  /** The pane shown ('' until one is chosen: the first). */
  pane: PaneId;
  /** Per pane; a pane never visited has none yet (see `paneView`). */
  views: Readonly<Record<PaneId, PaneView>>;
  /** The filter prompt of the current pane is taking keystrokes. */
  filtering: boolean;
  /** Views and dialogs over the panes, the last on top: it gets the keys. */
  overlays: readonly Overlay[];
  notice?: Notice;
  /**
   * A background notice that came while the user's own was shown: the answer to what the user
   * did is not replaced by news from elsewhere (an incident on another container); it is said
   * once that answer has had its time.
   */
  waitingNotice?: WaitingNotice;
  /**
   * Quitting would lose something, and the key that quits asked first: the message line shows
   * the question until the next key answers it (quit.ts).
   */
  quitQuestion?: QuitQuestion;
  /** The engine's pulse line is shown (`H`). */
  pulse?: boolean;
  /** What paging needs: set at start and on every resize. */
  terminal: TerminalSize;
  /** Source of overlay ids and notice numbers. */
  serial: number;
  /** The split panel and the chosen columns (absent: the defaults). */
  workspace?: Workspace;
  /** Commands run through the exec dialog this session, by image, newest first. */
  recent?: Readonly<Record<string, readonly string[]>>;
}

export const emptyView: PaneView = { selectedIndex: 0, filter: '', sort: 'created' };

export function initialAppState(terminal: TerminalSize = { columns: 80, rows: 24 }, pane: PaneId = ''): AppState {
  return { pane, views: {}, filtering: false, overlays: [], terminal, serial: 0 };
}

export function paneView(state: AppState, pane: PaneId): PaneView {
  return state.views[pane] ?? emptyView;
}

export function workspaceOf(state: AppState): Workspace {
  return state.workspace ?? defaultWorkspace;
}

export function topOverlay(state: AppState): Overlay | undefined {
  return state.overlays[state.overlays.length - 1];
}
