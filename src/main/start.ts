import { setStampFormat } from '../app/format/log-stamp.ts';
import type { Instance } from 'ink';
import { homedir } from 'node:os';
import { describeError } from '../engine/errors.ts';
import { ActionLog } from '../state/action-log/action-log.ts';
import { saveCodeCache } from '../tuning/code-cache.ts';
import { longPassCompilers, underLeanCompilers } from '../tuning/lean-compilers.ts';
import { leverOn } from '../tuning/levers.ts';
import { limitYoungGenerationAfterStart, onceQuiet, releaseStartupMemory, underStartupFlags } from '../tuning/memory.ts';
import { closeEngineSession, openEngineSession, startEngineSession, type EngineSession, type SessionOptions } from '../state/engine-session.ts';
import { firstData } from './first-data.ts';
import { fleetFromSettings, openFleet, showFleet } from './fleet.ts';
import { keptFleet } from './fleet-choice.ts';
import { EngineSwitchboard, engineSwitching } from '../state/engine-switch.ts';
import { PullManager } from '../state/pulls/pull-manager.ts';
import { LiveSources } from '../state/sources.ts';
import { setLongPassHooks } from '../state/logs/long-pass.ts';
import { demoFromEnv } from './demo-env.ts';
import { osc52 } from '../app/clipboard.ts';
import { alertSequence } from '../app/alerts.ts';
import type { Runtime } from '../app/runtime.ts';
import { createHandOver } from './hand-over.ts';
import { terminalServices } from './terminal-services.ts';
import { loadSettings, settingsPath } from './settings.ts';
import { MouseMode } from './mouse-mode.ts';
import { applyTheme } from '../app/theme.ts';
import { installSuspend } from './suspend.ts';
import { workspaceKeeper } from './workspace-keeper.ts';
import type { TerminalControl } from '../ui/terminal-handle.tsx';

export interface AppOptions {
  host?: string;
  context?: string;
  /** A fleet: the engines shown together with the first (repeated -H, --context a,b). */
  fleet?: ReadonlyArray<{ host?: string; context?: string }>;
  apiVersion?: string;
  intervalMs: number;
}

/**
 * Wires engine → state → UI, takes over the terminal, and gives it back intact however berth
 * ends: q, Ctrl-C, SIGTERM, SIGHUP, or an unexpected error (then shown as one line on the
 * normal screen, never a stack trace in the UI).
 */
export async function runApp(options: AppOptions): Promise<number> {
  const configPath = settingsPath(process.env, homedir());
  const settings = loadSettings(configPath);
  if (typeof settings === 'string') {
    process.stderr.write(`berth: ${settings}\n`);
    return 2;
  }
  // Before anything draws: components read the theme as they draw.
  applyTheme(settings.theme);
  if (settings.logTimeFormat) setStampFormat(settings.logTimeFormat);
  const alertKind = settings.alert;
  const workspace = workspaceKeeper(configPath, (text) => runtime?.store.dispatch({ type: 'notify', text, tone: 'error' }));
  // The fleet config.json keeps, when nothing on the command line or in the environment names an engine.
  const chosen = options.host || options.context || options.fleet || process.env.DOCKER_HOST || process.env.DOCKER_CONTEXT ? options : { ...options, ...fleetFromSettings(settings.fleet) };
  let session: EngineSession;
  // Every engine berth opens, the first and any switched to, is opened the same way.
  // Every change asked of any engine this session, for the action log pane.
  const actionLog = new ActionLog();
  const sessionOptions: SessionOptions = { apiVersion: options.apiVersion, sync: { intervalMs: options.intervalMs }, demo: demoFromEnv(process.env), actionLog };
  const others: EngineSession[] = [];
  try {
    session = openEngineSession({ host: chosen.host, context: chosen.context }, sessionOptions);
    for (const target of chosen.fleet ?? []) others.push(openEngineSession(target, sessionOptions));
  } catch (error) {
    for (const opened of others) void closeEngineSession(opened).catch(() => undefined);
    // A bad address, context, TLS file or no ssh client: nothing to retry, so say what is wrong (with the hint) and stop.
    process.stderr.write(`berth: ${describeError(error)}\n`);
    return 2;
  }
  // A finished pull refreshes the images list at once rather than waiting for the image event
  // (when it ran on the engine berth shows: one started before a switch has nothing to refresh).
  // Progress at most 8 times a second: each repaint is a full Ink frame (~5 ms of CPU for a
  // 160×50 screen of bars, bench B6) that the engine, pulling on the same machine, could use;
  // bars moving 8 times a second still look smooth.
  const pulls = new PullManager({
    client: session.client,
    engine: session.label,
    onPulled: (pull) => {
      if (pull.engine === undefined || pull.engine === board.current.label) void board.current.sync.refreshImages();
    },
    throttleMs: 166,
  });
  // The engine berth shows can change while it runs (E): new pulls go to the new one, and the
  // old one closes once the pulls still running on it have ended. Its sources (events, figures,
  // volumes and networks, the swarm) are the new engine's from then on.
  const board = new EngineSwitchboard(session, {
    session: sessionOptions,
    onSwitched: (next) => {
      pulls.useEngine(next.client, next.label);
      sources.switched(next);
      // The forwards went to the engine shown before: they end with it (their helpers removed).
      void runtime?.forwards.endAll();
    },
    drain: (previous) => pulls.drain(previous.label),
  });
  const engineStore = board.store;
  const fleet = openFleet(board, others, settings.access);
  const sources = new LiveSources(session, pulls, engineStore, { loop: settings.loop, mute: settings.mute, actionLog, freshnessMs: freshnessPace(process.env.BERTH_FRESHNESS_MS) }, fleet);

  let finished = false;
  let resolveExit: (code: number) => void = () => undefined;
  const exited = new Promise<number>((resolve) => (resolveExit = resolve));

  let instance: Instance | undefined;
  /** Ink's hand-over of the terminal (for a shell, the pager, Ctrl-Z), once Ink is mounted. */
  let terminal: TerminalControl | undefined;
  /** The app store and its command runner. */
  let runtime: Runtime | undefined;
  /** The one way the terminal goes to another program and comes back (shell, attach, run -it, pager). */
  const handOver = createHandOver({ terminal: () => terminal, running: () => !finished, stdin: process.stdin, stdout: process.stdout });
  /** The wheel's reports (config.json `mouse`), on once Ink has the terminal. */
  const mouse = new MouseMode((text) => process.stdout.write(text));

  let stopRelease: () => void = () => undefined;
  /** The forwards ended (their helpers removed), or the time for that ran out. */
  let forwardsEnded: Promise<void> = Promise.resolve();

  // Ctrl-Z and kill -TSTP suspend berth as any terminal program; fg brings it back redrawn.
  const suspender = installSuspend({ terminal: () => terminal, enabled: () => !handOver.active && !finished });

  function finish(code: number, message?: string): void {
    if (finished) return;
    finished = true;
    workspace.flush();
    stopRelease();
    suspender.uninstall();
    mouse.disable();
    // A signal may end berth mid-shell (or before Ink took the input): the terminal still gets its modes back.
    if (process.stdin.isTTY && process.stdin.isRaw) process.stdin.setRawMode(false);
    // The forwards' helpers are removed through the engines' connections: those close after.
    forwardsEnded = bounded(runtime?.forwards.stop(), FORWARDS_END_MS);
    runtime?.dispose();
    sources.stop();
    pulls.stop();
    void forwardsEnded.then(() => {
      void fleet.close().catch(() => undefined);
      void board.close().catch(() => undefined);
    });
    try {
      // Ink gives the normal screen back, and shows the cursor.
      instance?.unmount();
      instance?.cleanup();
    } catch {
      // Nothing more berth can do for the terminal; the message still goes out below.
    }
    if (message) process.stderr.write(`${message}\n`);
    resolveExit(code);
  }

  const onSignal = (signal: NodeJS.Signals) => finish(signal === 'SIGINT' ? 130 : signal === 'SIGHUP' ? 129 : 143);
  process.on('SIGTERM', onSignal);
  process.on('SIGHUP', onSignal);
  process.on('SIGINT', onSignal);
  process.on('uncaughtException', (error) => finish(1, `berth: unexpected error: ${describeError(error)}`));
  process.on('unhandledRejection', (error) => finish(1, `berth: unexpected error: ${describeError(error)}`));

  // The engine first: the version negotiation and the first lists are in flight while the UI
  // (Ink, React, the panes: most of the bundle) compiles, and the first frame then usually
  // shows data at once instead of "loading…" followed by a frame per list that arrives.
  startEngineSession(session);
  fleet.start();
  try {
    const [{ mount }, { createRuntime }] = await Promise.all([
      import('../ui/mount.tsx'),
      import('../app/runtime.ts'),
      // Ink lays out with Yoga, whose WebAssembly compiles meanwhile (yoga.ts).
      import('../ui/yoga.ts').then((yoga) => yoga.yogaReady),
      // Every engine's, in a fleet (first-data.ts).
      firstData([engineStore, ...fleet.engines.map((e) => e.session.store)], FIRST_DATA_WAIT_MS),
    ]);
    if (!finished) {
      runtime = createRuntime(sources, {
        keymap: settings.keymap,
        custom: settings.custom,
        ...(settings.layersAskAbove !== undefined && { layersAskAbove: settings.layersAskAbove }),
        ...(settings.workspace && { workspace: settings.workspace }),
        keepWorkspace: (kept) => workspace.keep(kept),
        engines: { ...engineSwitching(board, sessionOptions, { env: process.env, homedir: homedir() }), showFleet: (targets, shown) => showFleet(fleet, board, targets, sessionOptions, settings.access).then((outcome) => keptFleet(outcome, configPath, shown, targets)) },
        quit: () => finish(0),
        copy: (text) => process.stdout.write(osc52(text)),
        ...(alertKind && { alert: (text: string) => process.stdout.write(alertSequence(alertKind, text)) }),
        ...terminalServices(handOver, process.env),
        suspend: () => void suspender.suspend(),
        terminal: { columns: process.stdout.columns || 80, rows: process.stdout.rows || 24 },
      });
      // Raw before the first frame, not after it (Ink turns it on in an effect that runs once
      // the frame is drawn): a key pressed as the screen appears is a key, not echoed text, and
      // Ctrl-C then is berth's quit key rather than a SIGINT to the shell that started it.
      if (process.stdin.isTTY) process.stdin.setRawMode(true);
      const current = mount(runtime, (control) => (terminal = mouse.handOver(control)));
      if (settings.mouse === true && process.stdout.isTTY) mouse.enable();
      instance = current;
      // A component that throws makes Ink draw the error with its stack and unmount by itself,
      // leaving berth running behind a dead screen: end the way every other failure does.
      current.waitUntilExit().then(
        () => finish(0),
        (error: unknown) => finish(1, `berth: unexpected error: ${describeError(error)}`),
      );
      limitYoungGenerationAfterStart();
      // A whole log read (count, search, save) turns the optimising compiler on while it lasts.
      if (leverOn('lean-compilers')) setLongPassHooks(longPassCompilers);
      crashForTests(process.env.BERTH_TEST_CRASH);
      // Start-up over (first frame drawn, lists in, no key for a while): what it compiled is
      // kept for the next start, then its memory goes back. The cache is made under start-up's
      // V8 flags, which V8 checks when it takes the cache. A pull or a build in progress is not
      // quiet either: its progress moves no app state, and the release's full collections and
      // flushed code (compiled again at once) landed in the middle of it, ~40 % of berth's CPU
      // over a pull started as the screen appeared (bench B6: 14.8–17.1 % without it 7.7–9.8 %).
      stopRelease = onceQuiet([runtime.store, engineStore, pulls.store, sources.builds.store], SETTLED_MS, () => {
        underStartupFlags(() => underLeanCompilers(saveCodeCache));
        releaseStartupMemory();
      });
    }
  } catch (error) {
    finish(1, `berth: ${describeError(error)}`);
  }

  const code = await exited;
  await forwardsEnded;
  // A backup cancelled by quitting removes its helper container and partial file first (bounded).
  await Promise.race([pulls.whenCleanedUp(), new Promise((resolve) => setTimeout(resolve, 3000).unref())]);
  // Timers of in-flight requests must not hold the process open after the screen is gone.
  setTimeout(() => process.exit(code), 200).unref();
  return code;
}

/**
 * A test hook, kept in the build on purpose (test/e2e/terminal-safety.test.ts): BERTH_TEST_CRASH=1
 * throws from a timer once the first frame is drawn — an uncaught exception — so the tests can
 * check that the terminal is restored and a single line is printed. (BERTH_TEST_CRASH=render
 * makes a component throw instead; see ui/mount.tsx.)
 */
function crashForTests(mode: string | undefined): void {
  if (mode !== '1') return;
  setTimeout(() => {
    throw new Error('BERTH_TEST_CRASH: a deliberate crash for the tests');
  }, 300);
}

/** How long quitting waits for the forwards' helpers to be removed (an engine that does not answer must not hold berth). */
const FORWARDS_END_MS = 5000;

/** `work`, or nothing once `ms` have passed; never rejects. */
function bounded(work: Promise<void> | undefined, ms: number): Promise<void> {
  if (!work) return Promise.resolve();
  return new Promise((resolve) => {
    const timer = setTimeout(resolve, ms);
    timer.unref();
    work.then(
      () => (clearTimeout(timer), resolve()),
      () => (clearTimeout(timer), resolve()),
    );
  });
}

/** How long the screen stays still (no key, no list changing) before start-up's memory is given back. */
const SETTLED_MS = 1500;

/** How long start-up may wait for the first container lists before drawing "loading…" instead. */
const FIRST_DATA_WAIT_MS = 250;

/**
 * BERTH_FRESHNESS_MS: the pace of the image freshness check, ms between two registry questions
 * (0 turns it off; the tests make it quick). Unset or not a number: the source's own pace.
 */
function freshnessPace(text: string | undefined): number | undefined {
  if (text === undefined || !/^\d+$/.test(text.trim())) return undefined;
  return Number(text.trim());
}
