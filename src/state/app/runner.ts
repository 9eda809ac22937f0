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
import { describeError } from '../../engine/errors.ts';
import type { LogBuffer } from '../logs/log-buffer.ts';
import type { AppAction, Command } from './commands.ts';
import type { Handler, HandlerTable, LogSource, OverlayWork, RunnerEnv, RunnerServices } from './work.ts';
import { containerLabel } from '../actions/labels.ts';
import { actOnProject } from '../actions/project.ts';
import { startContainer } from '../actions/start-container.ts';
import { dialogHandlers } from '../dialogs/requests.ts';
import { runHandlers } from '../dialogs/run-controller.ts';
import { pruneHandlers } from '../dialogs/prune-work.ts';
import { swarmHandlers } from '../swarm/swarm-work.ts';
import { engineHandlers } from './engine-work.ts';
import { statsHandlers } from './stats-work.ts';
import { viewHandlers } from './view-work.ts';

const basicHandlers: HandlerTable<'quit' | 'suspend' | 'copy' | 'shell' | 'start-container' | 'start-project' | 'pause-container' | 'cancel-pull' | 'dismiss-pull'> = {
  'start-project': (command, env) => {
    actOnProject(env.services.client, { project: command.project, verb: 'start', members: command.members }).then(
      (message) => env.dispatch({ type: 'notify', text: message }),
      (error: unknown) => env.dispatch({ type: 'notify', text: describeError(error), tone: 'error' }),
    );
  },
  'pause-container': (command, env) => {
    const label = containerLabel(command.name, command.containerId);
    env.services.client.pauseContainer(command.containerId, command.pause).then(
      () => env.dispatch({ type: 'notify', text: `${command.pause ? 'paused' : 'resumed'} ${label}` }),
      (error: unknown) => env.dispatch({ type: 'notify', text: describeError(error), tone: 'error' }),
    );
  },
  quit: (_command, env) => env.services.quit(),
  suspend: (_command, env) => env.services.suspend?.(),
  copy: (command, env) => env.services.copy(command.text),
  shell: (command, env) => {
    const open = env.services.openShell;
    if (!open) {
      env.dispatch({ type: 'notify', text: 'a shell needs berth running in a terminal', tone: 'error' });
      return;
    }
    open({ containerId: command.containerId, name: command.name }).then(
      (notice) => {
        if (notice) env.dispatch({ type: 'notify', text: notice.text, tone: notice.tone });
      },
      (error: unknown) => env.dispatch({ type: 'notify', text: describeError(error), tone: 'error' }),
    );
  },
  'start-container': (command, env) => {
    startContainer(env.services.client, { containerId: command.containerId, name: command.name }).then(
      (message) => env.dispatch({ type: 'notify', text: message }),
      (error: unknown) => env.dispatch({ type: 'notify', text: describeError(error), tone: 'error' }),
    );
  },
  'cancel-pull': (command, env) => void env.services.pulls.cancel(command.pullId),
  'dismiss-pull': (command, env) => void env.services.pulls.dismiss(command.pullId),
};

export class CommandRunner {
  private readonly timers = new Map<string, { timer: NodeJS.Timeout; overlay?: number }>();
  private readonly works = new Map<number, OverlayWork>();
  private counter = 0;
  private stopped = false;
  private readonly env: RunnerEnv;
  private readonly handlers: HandlerTable<Command['type']>;

  constructor(services: RunnerServices, dispatch: (action: AppAction) => void) {
    this.env = {
      services,
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
      ...basicHandlers,
      ...viewHandlers,
      ...engineHandlers,
      ...statsHandlers,
      ...dialogHandlers,
      ...runHandlers,
      ...pruneHandlers,
      ...swarmHandlers,
      after: (command) => this.after(command),
      release: (command) => this.release(command.overlay),
    };
  }

  run = (command: Command): void => {
    if (this.stopped) return;
    const handler = this.handlers[command.type] as Handler<Command>;
    handler(command, this.env);
  };

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

  private after(command: Extract<Command, { type: 'after' }>): void {
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
