/**
 * The work behind the views over the panes: inspect's JSON, a logs view's stream (a LogSession
 * per logs overlay, its buffer outside the store, its growth reported into it) and `w`.
 */
import { describeError } from '../../engine/errors.ts';
import { LogSession } from '../../state/logs/log-session.ts';
import { saveLogs, saveLogStream } from '../../state/logs/save.ts';
import { ExactBytes } from '../../state/logs/exact-bytes.ts';
import { compileQuery } from '../../state/logs/query.ts';
import type { LogLine } from '../../state/logs/types.ts';
import { sanitizeLine, sanitizeTabbed } from '../format/index.ts';
import { nameTask, serviceLogClient } from '../../state/swarm/service-logs.ts';
import { ProjectLogs } from '../../state/logs/project-logs.ts';
import { failure, type HandlerTable, type LogSource, type PagerFeed, type RunnerEnv } from './work.ts';

/**
 * Keeps a logs overlay told of what arrived since the last report: follow keeps the bottom in
 * view, and search and scrolling clamp to what the buffer holds.
 */
function follow(env: RunnerEnv, overlay: number, source: LogSource): void {
  const work = env.work(overlay);
  work.session = source;
  const { buffer } = source;
  let seen = { total: 0, dropped: 0, prepended: 0, droppedBack: 0, epoch: buffer.epoch, state: source.store.getState() };
  const report = () => {
    const state = source.store.getState();
    const total = buffer.length + buffer.dropped;
    const history = state.history;
    const focus = history?.focus;
    const replaced = buffer.epoch !== seen.epoch;
    const added = replaced ? 0 : total - seen.total;
    const dropped = replaced ? 0 : buffer.dropped - seen.dropped;
    const prepended = replaced ? 0 : buffer.prepended - seen.prepended;
    const droppedBack = replaced ? 0 : buffer.droppedBack - seen.droppedBack;
    const focused = focus !== undefined && focus.seq !== seen.state.history?.focus?.seq ? focus.index : undefined;
    const historyChanged = history !== seen.state.history || state.detached !== seen.state.detached;
    seen = { total, dropped: buffer.dropped, prepended: buffer.prepended, droppedBack: buffer.droppedBack, epoch: buffer.epoch, state };
    if (!replaced && added <= 0 && dropped <= 0 && prepended <= 0 && focused === undefined && !historyChanged) return;
    env.dispatch({
      type: 'view',
      overlay,
      result: {
        kind: 'changed',
        added,
        dropped,
        length: buffer.length,
        ...(prepended > 0 ? { prepended, droppedBack } : {}),
        // A jump reports its focus with the new window; a match already held, as a reveal.
        ...(replaced ? { replaced: { focus: focused } } : focused !== undefined ? { reveal: focused } : {}),
        history,
        detached: state.detached,
      },
    });
  };
  work.cleanups.push(source.store.subscribe(report));
}

/** How often the stats view's processes (`docker top`) are asked for again while it is open. */
export const TOP_EVERY_MS = 3000;

export const viewHandlers: HandlerTable<'inspect-load' | 'history-load' | 'logs-open' | 'logs-open-project' | 'logs-open-service' | 'logs-save' | 'logs-page' | 'logs-history-search' | 'logs-search-cancel' | 'logs-window' | 'logs-pager' | 'logs-reveal' | 'top-follow'> = {
  'history-load': (command, env) => {
    const { signal } = env.work(command.overlay).abort;
    env.client.imageHistory(command.imageId, signal).then(
      (entries) => env.dispatch({ type: 'view', overlay: command.overlay, result: { kind: 'layers', entries } }),
      (error: unknown) => {
        const message = failure(error, signal);
        if (message !== undefined) env.dispatch({ type: 'view', overlay: command.overlay, result: { kind: 'layers', error: message } });
      },
    );
  },
  'inspect-load': (command, env) => {
    const { signal } = env.work(command.overlay).abort;
    const { client } = env;
    const loaders = {
      container: () => client.inspectContainer(command.objectId, signal),
      image: () => client.inspectImage(command.objectId, signal),
      volume: () => client.inspectVolume(command.objectId, signal),
      network: () => client.inspectNetwork(command.objectId, signal),
    } satisfies Record<typeof command.target, () => Promise<unknown>>;
    const load = loaders[command.target]();
    load.then(
      (value) => env.dispatch({ type: 'view', overlay: command.overlay, result: { kind: 'lines', lines: JSON.stringify(value, null, 2).split('\n') } }),
      (error: unknown) => {
        const message = failure(error, signal);
        if (message !== undefined) env.dispatch({ type: 'view', overlay: command.overlay, result: { kind: 'lines', lines: [`error: ${message}`] } });
      },
    );
  },
  'logs-open': (command, env) => {
    const { client } = env;
    const { sync } = env.session;
    const session = new LogSession({ client, onEvent: (l) => sync.onEvent(l), onReconnect: (l) => sync.onReconnect(l) }, command.containerId, { history: true });
    follow(env, command.overlay, session);
    session.start();
  },
  'logs-open-project': (command, env) => {
    const { client } = env;
    const { sync } = env.session;
    const logs = new ProjectLogs({ client, onEvent: (l) => sync.onEvent(l), onReconnect: (l) => sync.onReconnect(l) }, command.members);
    follow(env, command.overlay, logs);
    logs.start();
  },
  'logs-open-service': (command, env) => {
    const { client, swarm } = env;
    const { sync } = env.session;
    const member = { id: command.serviceId, source: command.name, rewrite: nameTask((task, node) => swarm.taskLabel(task, node)) };
    const logs = new ProjectLogs({ client: serviceLogClient(client), onEvent: (l) => sync.onEvent(l), onReconnect: (l) => sync.onReconnect(l) }, [member]);
    follow(env, command.overlay, logs);
    logs.start();
  },
  'logs-save': (command, env) => {
    const work = env.existing(command.overlay);
    const history = work?.session?.history;
    if (history !== undefined && work !== undefined) {
      // The whole history, streamed from the engine to the file (never held in memory), its bytes as sent.
      const { signal } = work.abort;
      const { timestamps } = command;
      saveLogStream((onChunk) => history.readBytes(onChunk, { timestamps, signal }), { dir: env.services.logDir(), containerName: command.name, timestamps }).then(
        ({ path, lines }) => env.dispatch({ type: 'notify', text: `saved ${lines} line${lines === 1 ? '' : 's'} to ${path}` }),
        (error: unknown) => {
          const message = failure(error, signal);
          if (message !== undefined) env.dispatch({ type: 'notify', text: `could not save the logs: ${error instanceof Error ? error.message : message}`, tone: 'error' });
        },
      );
      return;
    }
    const lines = env.existing(command.overlay)?.session?.buffer.slice() ?? [];
    saveLogs(lines, { dir: env.services.logDir(), containerName: command.name, timestamps: command.timestamps }).then(
      (path) => env.dispatch({ type: 'notify', text: `saved ${lines.length} line${lines.length === 1 ? '' : 's'} to ${path}` }),
      (error: unknown) => env.dispatch({ type: 'notify', text: `could not save the logs: ${error instanceof Error ? error.message : describeError(error)}`, tone: 'error' }),
    );
  },
  'logs-page': (command, env) => {
    const history = env.existing(command.overlay)?.session?.history;
    if (command.to === 'older') history?.older();
    else if (command.to === 'newer') history?.newer();
    else if (command.to === 'first') history?.first();
    else history?.last();
  },
  'logs-history-search': (command, env) => {
    const history = env.existing(command.overlay)?.session?.history;
    const query = command.query === undefined ? undefined : compileQuery(command.query, command.options);
    // An invalid regex searches nothing (the view says why).
    if (command.query === undefined || query?.ok !== true) history?.search(undefined);
    else history?.search(command.query, query.test);
  },
  'logs-pager': (command, env) => {
    const open = env.services.openPager;
    if (!open) {
      env.dispatch({ type: 'notify', text: 'a pager needs berth running in a terminal', tone: 'error' });
      return;
    }
    // The loaded lines: what the screen would show of each (control sequences gone), timestamps as the view has them off.
    const shown = (line: LogLine) => `${line.source === undefined ? '' : `${sanitizeLine(line.source)} | `}${sanitizeTabbed(line.text)}`;
    const session = env.existing(command.overlay)?.session;
    const history = session?.history;
    // The whole history: byte for byte what `docker logs` prints (less -R shows its colours).
    const feed: PagerFeed =
      command.whole === true && history !== undefined
        ? (write, signal) => {
            const exact = new ExactBytes({ markStderr: false, timestamps: false });
            return history.readBytes((chunk) => write(exact.push(chunk)), { timestamps: false, signal }).then((ended) => ended && write(exact.end()));
          }
        : (session?.buffer.slice() ?? []).map(shown);
    open(feed).then(
      (notice) => {
        if (notice) env.dispatch({ type: 'notify', text: notice.text, tone: notice.tone });
      },
      (error: unknown) => env.dispatch({ type: 'notify', text: describeError(error), tone: 'error' }),
    );
  },
  'logs-window': (command, env) => {
    env.existing(command.overlay)?.session?.setWindow?.(command.window);
  },
  'logs-search-cancel': (command, env) => {
    env.existing(command.overlay)?.session?.history?.cancelSearch();
  },
  'logs-reveal': (command, env) => {
    env.existing(command.overlay)?.session?.history?.reveal(command.from, command.direction);
  },
  // The stats view's processes: asked when it opens and every TOP_EVERY_MS after, one request at a time.
  'top-follow': (command, env) => {
    const work = env.work(command.overlay);
    const { signal } = work.abort;
    let timer: NodeJS.Timeout | undefined;
    const ask = () => {
      env.client.top(command.containerId, signal).then(
        (top) => env.dispatch({ type: 'view', overlay: command.overlay, result: { kind: 'processes', top } }),
        (error: unknown) => {
          const message = failure(error, signal);
          if (message !== undefined) env.dispatch({ type: 'view', overlay: command.overlay, result: { kind: 'processes', error: message } });
        },
      ).finally(() => {
        if (!signal.aborted) timer = setTimeout(ask, TOP_EVERY_MS);
      });
    };
    work.cleanups.push(() => clearTimeout(timer));
    ask();
  },
};
