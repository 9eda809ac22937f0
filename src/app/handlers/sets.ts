/**
 * The marked rows acted on (state/actions/set.ts): a stop, restart or kill AT_ONCE at a time,
 * the other verbs one after another; each result reported to the dialog as it comes, under its
 * row's index, so the rows show theirs in place. Halting (Esc while it runs) stops issuing
 * requests; closing the dialog aborts the ones under way too.
 *
 * The results are handed to the dialog at the end of the event loop's turn they came in, all of
 * that turn's together: each answer is read in a callback of its own, and a dispatch there is a
 * React render and an Ink frame of its own. In B21 (a bulk stop of 50 on two cores busy with
 * dockerd's own work on the stops) the engine had answered all 50 while berth was still drawing
 * them one frame each, ~20 ms apart, for 0.3–1.5 s after the engine's last `stop` event.
 * `setImmediate` runs after every callback of the poll phase, so the answers read in one turn are
 * one frame; each still goes to its own row, and the end is reported after the last of them.
 */
import { actOnEach, actOnItem, AT_ONCE, PARALLEL_VERBS, TRANSFERS, type SetItem } from '../../state/actions/set.ts';
import { perTurn } from './per-turn.ts';
import { reply } from './reply.ts';
import { refreshAfterRemoval } from './resources.ts';
import type { HandlerTable, OverlayWork } from './work.ts';

/** Each running set's halt, by its overlay's work. */
const halts = new WeakMap<OverlayWork, AbortController>();

export const setHandlers: HandlerTable<'set-act' | 'set-halt'> = {
  'set-act': (c, env) => {
    const work = env.work(c.overlay);
    const halt = new AbortController();
    halts.set(work, halt);
    const { signal } = work.abort;
    const kinds = new Set(c.items.map((item) => item.kind));
    const fleet = env.services.sources.fleet;
    // A pull or a push is queued in the Pulls pane (its bars and its end are there); the row says so.
    const queue = (item: SetItem): Promise<string> => {
      const reference = item.tag ?? item.name;
      if (fleet && item.engine !== undefined && item.engine !== fleet.primaryName) return Promise.reject(new Error(`pulls and pushes go to ${fleet.primaryName}, the fleet's first engine`));
      env.pulls.start({ reference, ...(c.verb === 'push' && { push: true }) });
      return Promise.resolve(`${c.verb === 'push' ? 'push' : 'pull'} of ${reference} queued in the Pulls pane`);
    };
    // In a fleet each row's request goes to its own engine.
    const clientOf = (item: SetItem) => {
      if (item.engine === undefined || !fleet || item.engine === fleet.primaryName) return env.client;
      const client = fleet.client(item.engine);
      if (!client) throw new Error(`${item.engine} is no longer in the fleet`);
      return client;
    };
    const act = TRANSFERS.has(c.verb) ? queue : (item: SetItem) => actOnItem(clientOf(item), c.verb, item, c.options, signal);
    const results = perTurn();
    actOnEach(c.items, act, {
      halt: AbortSignal.any([halt.signal, signal]),
      concurrency: PARALLEL_VERBS.has(c.verb) ? AT_ONCE : 1,
      // The results held so far go first: a row started after them is never shown beside them as under way.
      onStart: (index) => {
        results.flush();
        reply(env, c.overlay, { kind: 'set-started', index });
      },
      onResult: (index, outcome) => results.later(() => reply(env, c.overlay, { kind: 'set-item', index, ok: outcome.ok, message: outcome.message })),
    })
      .then(async ({ halted }) => {
        results.flush();
        if (c.verb === 'remove') for (const kind of kinds) await refreshAfterRemoval(env, kind).catch(() => undefined);
        reply(env, c.overlay, { kind: 'set-ended', halted });
      })
      .finally(() => halts.delete(work))
      .catch(() => undefined);
  },
  'set-halt': (c, env) => {
    const work = env.existing(c.overlay);
    if (work) halts.get(work)?.abort();
  },
};
