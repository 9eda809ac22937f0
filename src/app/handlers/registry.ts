/**
 * The pull dialog's registry questions (state/registry/search.ts): the repositories matching what
 * is typed, and a repository's tags. One question of each kind per dialog at a time: a newer one
 * aborts the one under way (typing on), and closing the dialog aborts both.
 */
import { repositoryTags, searchRepositories } from '../../state/registry/search.ts';
import type { DialogReply } from '../commands.ts';
import { reply } from './reply.ts';
import { failure, type HandlerTable, type RunnerEnv } from './work.ts';

/** The question under way, by overlay and kind. */
const underWay = new Map<string, AbortController>();

/** Runs `ask` for the overlay, aborting the one of the same kind before it; its answer (or failure) goes back unless superseded. */
function askFor(env: RunnerEnv, overlay: number, kind: 'search' | 'tags', ask: (signal: AbortSignal) => Promise<DialogReply>, failed: (message: string) => DialogReply): void {
  const key = `${overlay}:${kind}`;
  underWay.get(key)?.abort();
  const work = env.work(overlay);
  const mine = new AbortController();
  underWay.set(key, mine);
  // Closing the dialog aborts the overlay's work, this question with it (and `finally` forgets it).
  const signal = AbortSignal.any([mine.signal, work.abort.signal]);
  ask(signal).then(
    (answer) => {
      if (!signal.aborted) reply(env, overlay, answer);
    },
    (error: unknown) => {
      const message = failure(error, signal);
      if (message !== undefined) reply(env, overlay, failed(message));
    },
  ).finally(() => {
    if (underWay.get(key) === mine) underWay.delete(key);
  });
}

export const registryHandlers: HandlerTable<'registry-search' | 'registry-tags'> = {
  'registry-search': (c, env) => {
    const podman = env.session.store.getState().connection.engineKind === 'podman';
    askFor(
      env,
      c.overlay,
      'search',
      async (signal) => ({ kind: 'searched', term: c.term, answer: await searchRepositories(env.client, c.term, podman, signal) }),
      (message) => ({ kind: 'search-failed', term: c.term, message }),
    );
  },
  'registry-tags': (c, env) => {
    askFor(
      env,
      c.overlay,
      'tags',
      async (signal) => ({ kind: 'tags-found', repository: c.repository, tags: await repositoryTags(env.client, c.repository, signal) }),
      (message) => ({ kind: 'tags-failed', repository: c.repository, message }),
    );
  },
};
