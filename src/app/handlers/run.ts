/**
 * The work behind the run dialog (its decisions are run.ts): `docker run`'s create → wait →
 * start → stream → exit through runContainer, the output kept in a bounded buffer outside the
 * store (the dialog's view draws from it) and its growth reported at most every OUTPUT_FRAME_MS,
 * and the pull of a missing image through the app's PullManager, so it also shows in the Pulls
 * pane and outlives the dialog.
 */
import { isMissingImage, runContainer, type RunOutcome } from '../../state/actions/run-container.ts';
import { exitResult, oneAction, type ActionResult } from '../../state/action-log/one-action.ts';
import { failure, type HandlerTable, type RunnerEnv } from './work.ts';
import { isLive, ownName } from '../../state/containers.ts';
import { overlayOutput } from './output.ts';
import { describeError } from '../../engine/errors.ts';
import { readRunEnv } from '../../state/run-line/read-env.ts';
import { shortId } from '../../state/actions/labels.ts';
import type { AttachEnd, RunReply } from '../commands.ts';

/** The run's own input could not be read (an env file): said as it is, nothing was sent. */
class RunInputError extends Error {}

/** A foreground run's exit code (an interactive one's, once it exited rather than detached). */
function runResult(outcome: RunOutcome | { kind: 'handed-back'; end: AttachEnd | undefined }): ActionResult | undefined {
  if (outcome.kind === 'exited') return exitResult(outcome.exitCode);
  if (outcome.kind !== 'handed-back') return undefined;
  // Not handed over (berth quits, or the terminal is taken): created, never started.
  if (outcome.end === undefined) return { kind: 'cancelled' };
  return outcome.end.ended === 'exited' ? exitResult(outcome.end.exitCode) : undefined;
}

function reply(env: RunnerEnv, overlay: number, result: RunReply): void {
  env.dispatch({ type: 'dialog', overlay, result });
}

export const runHandlers: HandlerTable<'run-create' | 'run-pull'> = {
  'run-create': ({ overlay, spec }, env) => {
    const { client, engineStore } = env;
    const { sync } = env.session;
    const work = env.work(overlay);
    const { signal } = work.abort;
    const output = overlayOutput(env, overlay, (lines) => reply(env, overlay, { kind: 'output', lines }));
    readRunEnv(spec.extras)
      .then((read) => {
        if (!read.ok) throw new RunInputError(read.message);
        // One `docker run` entry for the create, start (through the hand-over when -i) and wait; its result the exit code.
        return oneAction(client, { run: true, result: runResult }, async (client) => {
          const outcome = await runContainer(client, { ...spec, env: read.env }, {
            signal,
            onCreated: ({ id, warnings }) => reply(env, overlay, { kind: 'created', id, warnings }),
            onStarted: () => reply(env, overlay, { kind: 'started' }),
            onLines: (lines) => {
              output.append(lines);
            },
          });
          // An interactive run has the terminal until it ends; a refused attach or start fails the run like any other step.
          if (outcome.kind !== 'interactive') return outcome;
          const open = env.services.openAttach;
          if (!open) throw new RunInputError('an interactive run (-i) needs berth running in a terminal');
          const autoRemove = spec.extras?.hostConfig.AutoRemove === true;
          const end = await open({ client, containerId: outcome.id, name: spec.name ?? shortId(outcome.id), run: { tty: spec.tty, autoRemove } });
          return { kind: 'handed-back' as const, id: outcome.id, end };
        });
      })
      .then(
        async (outcome) => {
          if (outcome.kind === 'handed-back') {
            if (outcome.end) reply(env, overlay, { kind: 'handed-back', id: outcome.id, end: outcome.end });
            return;
          }
          if (outcome.kind === 'exited') {
            output.report();
            reply(env, overlay, { kind: 'exited', exitCode: outcome.exitCode, outputError: outcome.outputError });
            return;
          }
          // Select only once the list holds the container, or the pane would move the cursor elsewhere.
          await sync.refreshContainers().catch(() => undefined);
          const item = engineStore.getState().containers.items.find((c) => c.Id === outcome.id);
          reply(env, overlay, { kind: 'detached', id: outcome.id, name: ownName(item?.Names), live: !item || isLive(item), warnings: outcome.warnings });
        },
        (error: unknown) => {
          const message = error instanceof RunInputError ? error.message : failure(error, signal);
          if (message === undefined) return;
          // What it wrote before the failure stays on screen.
          if (output.buffer.length > 0) output.report();
          reply(env, overlay, { kind: 'failed', message, missingImage: isMissingImage(error) });
        },
      );
  },
  'run-pull': ({ overlay, reference }, env) => {
    const { pulls } = env;
    const { sync } = env.session;
    let pullId: string;
    try {
      pullId = pulls.start({ reference });
    } catch (error) {
      reply(env, overlay, { kind: 'pull-failed', message: describeError(error) });
      return;
    }
    reply(env, overlay, { kind: 'pulling', pullId });
    void pulls.settled(pullId).then((final) => {
      if (final?.status === 'done') {
        void sync.refreshImages().catch(() => undefined);
        reply(env, overlay, { kind: 'pulled' });
        return;
      }
      reply(env, overlay, { kind: 'pull-failed', message: final?.status === 'error' ? `pull failed: ${final.error ?? 'unknown error'}` : 'the pull was cancelled' });
    });
  },
};
