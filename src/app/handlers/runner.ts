/**
 * Carries out the commands the reducers return, outside React, and reports back by dispatching
 * actions into the app store, as PullManager does for pulls. Each command type has one handler
 * in a table; TypeScript holds the table to the `Command` union, so a new command without a
 * handler does not compile.
 *
 * Work started for an overlay (a request, a log stream, a run's output) is kept per overlay and
 * stopped by `release` when the overlay closes; its results, should any still arrive, find the
 * overlay gone and are dropped by the reducer.
 */
import type { LogBuffer } from '../../state/logs/log-buffer.ts';
import type { AppAction, Command } from '../commands.ts';
import { handlers } from './index.ts';
import type { PullClient } from '../../state/pulls/pull-manager.ts';
import type { Handler, HandlerTable, LogSource, OverlayWork, RunnerEnv, RunnerPulls, RunnerServices } from './work.ts';

/**
 * The pulls as a command routed to a fleet's other engine sees them: a pull or push it starts
 * (an image's update, a run's missing image, a commit's push) goes to that engine, as a typed
 * pull there does (handlers/images.ts), unless it names its engine itself; a transfer's block
 * names the engine too. Before, these went to the engine shown (the sweep of issue 47 found it).
 */
export function pullsOn(pulls: RunnerPulls, on: { client: PullClient; engine: string }): RunnerPulls {
  return {
    start: (options) => pulls.start({ ...options, on: options.on ?? on }),
    startTransfer: (spec, to) => pulls.startTransfer(spec, to ?? { engine: on.engine }),
    settled: (...args) => pulls.settled(...args),
    get: (...args) => pulls.get(...args),
    cancel: (...args) => pulls.cancel(...args),
    dismiss: (...args) => pulls.dismiss(...args),
    credentialSource: (...args) => pulls.credentialSource(...args),
    get store() {
      return pulls.store;
    },
  };
}

export class CommandRunner {
  private readonly timers = new Map<string, { timer: NodeJS.Timeout; overlay?: number }>();
  private readonly works = new Map<number, OverlayWork>();
  private counter = 0;
  private stopped = false;
  private readonly env: RunnerEnv;
  private readonly handlers: HandlerTable<Command['type']>;

  constructor(
    private readonly services: RunnerServices,
    dispatch: (action: AppAction) => void,
  ) {
    const { sources } = services;
    this.env = {
      services,
      get client() {
        return sources.client;
      },
      get session() {
        return sources.current.session;
      },
      get engineStore() {
        return sources.current.session.store;
      },
      get resources() {
        return sources.current.resources;
      },
      get swarm() {
        return sources.current.swarm;
      },
      pulls: sources.pulls,
      dispatch: (action) => {
        if (!this.stopped) dispatch(action);
      },
      work: (overlay) => {
        let work = this.works.get(overlay);
        if (!work) {
          work = { abort: new AbortController(), cleanups: [] };
          this.works.set(overlay, work);
        }
        return work;
      },
      existing: (overlay) => this.works.get(overlay),
    };
    this.handlers = {
      ...handlers,
      'timer-start': (command) => this.after(command),
      'overlay-release': (command) => this.release(command.overlay),
    };
  }

  /** Carries the command out on `engine` (a fleet's engine, by short name: app/fleet/route.ts), else on the engine shown. */
  run = (command: Command, engine?: string): void => {
    if (this.stopped) return;
    const env = this.envFor(engine);
    if (!env) return;
    const handler = this.handlers[command.type] as Handler<Command>;
    handler(command, env);
  };

  /** The env of a fleet's other engine: its client, session and lists; undefined (and said) where that cannot be. */
  private envFor(engine: string | undefined): RunnerEnv | undefined {
    const fleet = this.services.sources.fleet;
    if (engine === undefined || !fleet || engine === fleet.primaryName) return this.env;
    const session = fleet.session(engine);
    const refuse = (text: string) => {
      this.env.dispatch({ type: 'notify', text, tone: 'error' });
      return undefined;
    };
    if (!session) return refuse(`${engine} is no longer in the fleet`);
    const base = this.env;
    const sources = this.services.sources;
    return {
      services: base.services,
      client: session.client,
      session,
      engineStore: session.store,
      get resources() {
        return base.resources;
      },
      // Its own swarm: a service scaled there is read again there.
      get swarm() {
        return sources.otherSwarm(engine) ?? base.swarm;
      },
      // A pull or push a command starts runs on its engine: the manager's own client is the engine shown's.
      pulls: pullsOn(base.pulls, { client: session.client, engine }),
      engineName: engine,
      dispatch: base.dispatch,
      work: base.work,
      existing: base.existing,
    };
  }

  /** The log session of a logs overlay, for its view to draw from. */
  logSession(overlay: number): LogSource | undefined {
    return this.works.get(overlay)?.session;
  }

  /** A run dialog's output buffer, for its view to draw from. */
  runOutput(overlay: number): LogBuffer | undefined {
    return this.works.get(overlay)?.output;
  }

  /** Ends everything (berth is quitting). */
  stop(): void {
    for (const id of [...this.works.keys()]) this.release(id);
    for (const { timer } of this.timers.values()) clearTimeout(timer);
    this.timers.clear();
    this.stopped = true;
  }

  private after(command: Extract<Command, { type: 'timer-start' }>): void {
    const key = command.key ?? `timer-${(this.counter += 1)}`;
    const previous = this.timers.get(key);
    if (previous) clearTimeout(previous.timer);
    const timer = setTimeout(() => {
      this.timers.delete(key);
      this.env.dispatch(command.action);
    }, command.ms);
    // A notice waiting to fade must not keep a quitting process alive.
    timer.unref();
    this.timers.set(key, { timer, overlay: command.overlay });
  }

  private release(overlay: number): void {
    for (const [key, entry] of this.timers) {
      if (entry.overlay === overlay) {
        clearTimeout(entry.timer);
        this.timers.delete(key);
      }
    }
    const work = this.works.get(overlay);
    if (!work) return;
    this.works.delete(overlay);
    work.abort.abort();
    work.session?.close();
    for (const cleanup of work.cleanups.splice(0)) cleanup();
  }
}
