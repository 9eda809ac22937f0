/**
 * The marked rows acted on (state/actions/set.ts): a stop, restart or kill AT_ONCE at a time,
 * the other verbs one after another; each result reported to the dialog as it comes, under its
 * row's index, so the rows show theirs in place. Halting (Esc while it runs) stops issuing
 * requests; closing the dialog aborts the ones under way too.
 */
import { actOnEach, actOnItem, AT_ONCE, PARALLEL_VERBS, TRANSFERS, type SetItem } from '../../state/actions/set.ts';
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
    actOnEach(c.items, act, {
      halt: AbortSignal.any([halt.signal, signal]),
      concurrency: PARALLEL_VERBS.has(c.verb) ? AT_ONCE : 1,
      onStart: (index) => reply(env, c.overlay, { kind: 'set-started', index }),
      onResult: (index, outcome) => reply(env, c.overlay, { kind: 'set-item', index, ok: outcome.ok, message: outcome.message }),
    })
      .then(async ({ halted }) => {
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
