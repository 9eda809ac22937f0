/**
 * The app store, the command runner and the live sources, wired: built once per berth by the
 * process glue (main/start.ts), before Ink is mounted and outliving a remount (a shell in a
 * container unmounts Ink; the state stays). Tests build one over their own sources.
 *
 * The reducer's context is read afresh for every key: every source's state, the keymap in force,
 * the logs views' lines. Selections follow their rows through a subscription to the sources,
 * here, not in a React effect: it happens whether or not a frame is drawn. And what the screen
 * needs live (the shown pane's demands, the open views') is worked out here after every change
 * and handed to the sources, which start or stop their own work.
 */
import type { EngineSwitching } from '../state/engine-switch.ts';
import type { Demands, LiveSources } from '../state/sources.ts';
import { AppStore } from './app-store.ts';
import type { UiContext } from './context.ts';
import { throughGate } from './gate/gate.ts';
import { CommandRunner } from './handlers/runner.ts';
import type { RunnerServices } from './handlers/work.ts';
import { KeyStream } from './input/key-stream.ts';
import { defaultKeymap, type Keymap } from './keys/keymap.ts';
import { reduceApp } from './keys/reduce.ts';
import { paneEntry } from './panes/index.ts';
import type { CustomSettings } from './custom/types.ts';
import { paletteExtras } from './custom/run.ts';
import { emptyView, initialAppState, workspaceOf, type AppState, type TerminalSize, type Workspace } from './types.ts';
import { viewDemands } from './views/demands.ts';
import { pulseDemands } from './pulse.ts';
import { panelDemands } from './workspace/panel.ts';
import { incidentNotice } from './rows/incident-rows.ts';
import type { Incident } from '../state/incidents/incident-log.ts';
import { Forwards } from '../state/forwards/forwards.ts';

/** Which incident, in which of its forms, a notice last named. */
function incidentKey(incident: Incident | undefined): string {
  return incident ? `${incident.seq}:${incident.kind}` : '';
}

export interface Runtime {
  store: AppStore<UiContext>;
  runner: CommandRunner;
  sources: LiveSources;
  keymap: Keymap;
  /** What the reducer and the components read besides the app state; the same object until a source changes. */
  context(): UiContext;
  /** Where the key input sends what it reads: decoded into presses, each applied to the store. */
  keys: KeyStream;
  /** The port forwards berth runs: `stop` ends them, helpers removed (the way out waits for it before the engines close). */
  forwards: Forwards;
  /** Stops the runner's work, the subscriptions and the sources (berth is quitting, or a test ends). */
  dispose(): void;
}

export interface RuntimeOptions {
  quit(): void;
  copy(text: string): void;
  openShell?: RunnerServices['openShell'];
  openAttach?: RunnerServices['openAttach'];
  openPager?: RunnerServices['openPager'];
  openHost?: RunnerServices['openHost'];
  suspend?: RunnerServices['suspend'];
  engines?: EngineSwitching;
  terminal: TerminalSize;
  /** The keymap in force (the user's keys over the defaults); the defaults when absent. */
  keymap?: Keymap;
  /** The user's custom actions and the debug shell's image (config.json). */
  custom?: CustomSettings;
  /** Over ssh or tcp, the layer explorer asks before reading an archive bigger than this (config.json). */
  layersAskAbove?: number;
  /** A starting state (tests). */
  initial?: AppState;
  logDir?: () => string;
  /** The split panel and the chosen columns as config.json left them. */
  workspace?: Workspace;
  /** Keeps the arrangement for the next start (config.json `workspace`), called after each change of it. */
  keepWorkspace?(workspace: Workspace): void;
  /** The opt-in alert (a bell, a desktop notification) when an incident opens; absent: the notice alone. */
  alert?(text: string): void;
}

/** The workspace to keep: the panel and columns, and each pane's order from its view (the engine's order, not reversed, is no entry). */
function keptWorkspace(state: AppState): { from: AppState['workspace']; views: AppState['views']; workspace: Workspace } {
  const sorts = Object.fromEntries(Object.entries(state.views).flatMap(([pane, view]) => (view.sort === 'created' && view.reversed !== true ? [] : [[pane, { by: view.sort, ...(view.reversed === true && { reversed: true }) }]])));
  const { sorts: _old, ...rest } = workspaceOf(state);
  return { from: state.workspace, views: state.views, workspace: { ...rest, ...(Object.keys(sorts).length > 0 && { sorts }) } };
}

/** The state berth starts in with config.json's workspace: its arrangement, and each pane's order in its view. */
function withKeptWorkspace(state: AppState, workspace: Workspace): AppState {
  const views = { ...state.views };
  for (const [pane, order] of Object.entries(workspace.sorts ?? {})) views[pane] = { ...(views[pane] ?? emptyView), sort: order.by, ...(order.reversed === true && { reversed: true }) };
  return { ...state, workspace, views };
}

/** What the screen needs live: the shown pane's demands and the open views'. */
export function demandsOf(state: AppState, ctx: UiContext): Demands {
  const shown = paneEntry(state.pane);
  const pane = shown.demands?.(state, ctx) ?? {};
  const views = viewDemands(state);
  const pulse = pulseDemands(state, ctx);
  // The split panel's: its one stream (or inspect), or its container's figures.
  const panel = panelDemands(state, ctx, shown);
  const stats = [...new Set([...(pane.stats ?? []), ...(views.stats ?? []), ...(pulse.stats ?? []), ...(panel.stats ?? [])])];
  return { ...pane, ...(pulse.pulse && { pulse: true, pulseContainers: pulse.pulseContainers ?? [] }), ...(stats.length > 0 && { stats }), ...(views.diskUsage && { diskUsage: true }), ...(panel.panel && { panel: panel.panel }) };
}

export function createRuntime(sources: LiveSources, options: RuntimeOptions): Runtime {
  const keymap = options.keymap ?? defaultKeymap;
  // The runner reports into the store, and the store's context reads the runner's log buffers:
  // each is only called later, once both exist.
  // The forwards outlive the views that list them, and end with berth (start.ts waits for them).
  const forwards = new Forwards();
  const runner: CommandRunner = new CommandRunner(
    {
      sources,
      engines: options.engines,
      quit: options.quit,
      copy: options.copy,
      openShell: options.openShell,
      openAttach: options.openAttach,
      openPager: options.openPager,
      openHost: options.openHost,
      suspend: options.suspend,
      logDir: options.logDir ?? (() => process.cwd()),
      forwards,
    },
    (action) => store.dispatch(action),
  );
  const logLines: UiContext['logLines'] = (overlay) => runner.logSession(overlay)?.buffer;
  const outputLines: UiContext['outputLines'] = (overlay) => runner.runOutput(overlay);
  let made: { from: ReturnType<LiveSources['states']>; ctx: UiContext } | undefined;
  const extras = paletteExtras(options.custom);
  const context = (): UiContext => {
    const from = sources.states();
    if (made?.from !== from) made = { from, ctx: { ...from, keymap, logLines, outputLines, ...(options.custom && { custom: options.custom }), ...(options.layersAskAbove !== undefined && { layersAskAbove: options.layersAskAbove }), ...(extras.length > 0 && { paletteExtras: extras }) } };
    return made.ctx;
  };
  const first = options.initial ?? initialAppState(options.terminal);
  const store = new AppStore<UiContext>(options.workspace ? withKeptWorkspace(first, options.workspace) : first, reduceApp, context);
  // Every command passes the one gate (gate/gate.ts): a change is refused on a read-only engine
  // (and an unconfirmed one on a protected engine), and in a fleet a command goes to the engine
  // of the thing it acts on (app/fleet/route.ts).
  store.setRunner(throughGate(store, context, runner.run));

  // A notice names each incident as it opens or gets worse (a crash that became a loop, an OOM),
  // on whatever screen is shown; the status bar keeps the count.
  let announced = { log: sources.current.incidents, key: incidentKey(sources.states().incidents.latest) };
  const announce = () => {
    const log = sources.current.incidents;
    const latest = sources.states().incidents.latest;
    const key = incidentKey(latest);
    const fresh = log !== announced.log ? key !== '' : key !== announced.key;
    announced = { log, key };
    if (!fresh || !latest || latest.acknowledged) return;
    const text = incidentNotice(latest);
    store.dispatch({ type: 'notify', text, tone: 'error', background: true });
    options.alert?.(text);
  };

  // The arrangement is kept as the user leaves it: each change of it handed on (main writes the file).
  let kept = keptWorkspace(store.getState());
  let keptText = JSON.stringify(kept.workspace);
  const keepWorkspace = () => {
    const state = store.getState();
    if (state.workspace === kept.from && state.views === kept.views) return;
    const next = keptWorkspace(state);
    const text = JSON.stringify(next.workspace);
    kept = next;
    if (text === keptText) return;
    keptText = text;
    options.keepWorkspace?.(next.workspace);
  };

  let watched = '';
  const watch = () => {
    const demands = demandsOf(store.getState(), context());
    const key = JSON.stringify(demands);
    if (key === watched) return;
    watched = key;
    sources.watch(demands);
  };
  const unsubscribe = [
    sources.subscribe(() => {
      store.dispatch({ type: 'sources-changed' });
      announce();
      watch();
    }),
    store.subscribe(watch),
    store.subscribe(keepWorkspace),
  ];
  watch();
  return {
    store,
    runner,
    sources,
    keymap,
    context,
    keys: new KeyStream(store),
    forwards,
    dispose() {
      for (const off of unsubscribe) off();
      void forwards.stop();
      runner.stop();
      sources.stop();
    },
  };
}
