/**
 * What the diff and the file browser read, and a copy in: the container's changes since its
 * image (for the diff view and the commit dialog), a path for the browser, and PUT archive.
 */
import { copyInAction } from '../../state/action-log/copies.ts';
import { oneAction } from '../../state/action-log/one-action.ts';
import { containerLabel } from '../../state/actions/labels.ts';
import { openPath } from '../../state/files/browse.ts';
import { copyIn } from '../../state/files/copy-in.ts';
import { diffLines } from '../views/diff.ts';
import { reply } from './reply.ts';
import { failure, type HandlerTable } from './work.ts';

/** The browser's read under way, by its overlay's work: the next waits for it. */
const reads = new WeakMap<object, Promise<void>>();

export const fileHandlers: HandlerTable<'container-diff-load' | 'container-changes' | 'files-open' | 'container-copy-in'> = {
  'container-diff-load': (c, env) => {
    const { signal } = env.work(c.overlay).abort;
    env.client.containerChanges(c.containerId, signal).then(
      (changes) => env.dispatch({ type: 'view', overlay: c.overlay, result: { kind: 'lines', lines: diffLines(changes) } }),
      (error: unknown) => {
        const message = failure(error, signal);
        if (message !== undefined) env.dispatch({ type: 'view', overlay: c.overlay, result: { kind: 'lines', lines: [`error: ${message}`] } });
      },
    );
  },
  'container-changes': (c, env) => {
    const { signal } = env.work(c.overlay).abort;
    env.client.containerChanges(c.containerId, signal).then(
      (changes) => reply(env, c.overlay, { kind: 'changes', changes }),
      (error: unknown) => {
        const message = failure(error, signal);
        if (message !== undefined) reply(env, c.overlay, { kind: 'changes', message });
      },
    );
  },
  'files-open': (c, env) => {
    const work = env.work(c.overlay);
    const { signal } = work.abort;
    const { client } = env;
    // One read at a time per browser, answered in the order asked: the engine mounts a stopped
    // container's filesystem for each archive request, and two at once were seen to list a
    // directory as empty.
    const read = (reads.get(work) ?? Promise.resolve()).then(() => {
      // The diff is asked along with the listing: the markers come with it (a failure leaves them out).
      const changes = c.changes ? client.containerChanges(c.containerId, signal).catch(() => undefined) : Promise.resolve(undefined);
      return Promise.all([openPath(client, c.containerId, c.path, signal), changes]);
    });
    reads.set(
      work,
      read.then(
        () => undefined,
        () => undefined,
      ),
    );
    read.then(
      ([opened, changed]) => env.dispatch({ type: 'view', overlay: c.overlay, result: { kind: 'opened', opened, ...(changed && { changes: changed }) } }),
      (error: unknown) => {
        const message = failure(error, signal);
        if (message !== undefined) env.dispatch({ type: 'view', overlay: c.overlay, result: { kind: 'opened', error: message } });
      },
    );
  },
  'container-copy-in': (c, env) => {
    const { signal } = env.work(c.overlay).abort;
    oneAction(env.client, copyInAction(c), (client) => copyIn(client, { containerId: c.containerId, label: containerLabel(c.name, c.containerId), source: c.source, directory: c.directory, overwrite: c.overwrite, signal })).then(
      (outcome) => reply(env, c.overlay, outcome),
      (error: unknown) => {
        const message = failure(error, signal);
        if (message !== undefined) reply(env, c.overlay, { kind: 'failed', message });
      },
    );
  },
};
