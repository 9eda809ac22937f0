/**
 * The work behind edit and recreate (its decisions are dialogs/recreate.ts): reading a container
 * and its image back into the run form, and the step machine of state/actions/recreate.ts. The
 * steps do not take the dialog's abort signal: leaving the dialog halfway through a replace must
 * not strand the old container under its aside name, so the machine runs to its end and, with
 * the dialog gone, says how it ended in the status bar.
 */
import { recreateContainer, type RecreateOutcome } from '../../state/actions/recreate.ts';
import { composeOf, recreateUser } from '../../state/actions/recreate-users.ts';
import { projectOf } from '../../state/compose/project.ts';
import { ownName } from '../../state/containers.ts';
import { describeError } from '../../engine/errors.ts';
import { runOptionsFromInspect, type ImageForRun, type InspectForRun } from '../../state/run-line/from-inspect.ts';
import { readRunEnv } from '../../state/run-line/read-env.ts';
import type { RecreateReply, UpdateReply } from '../commands.ts';
import { failure, type HandlerTable, type RunnerEnv } from './work.ts';

function reply(env: RunnerEnv, overlay: number, result: RecreateReply): void {
  env.dispatch({ type: 'dialog', overlay, result });
}

/** How a recreate ended, in one line (for the status bar once the dialog is gone). */
export function outcomeLine(name: string, outcome: RecreateOutcome): { text: string; tone: 'info' | 'error' } {
  switch (outcome.kind) {
    case 'done':
      return { text: `recreated ${name}${outcome.note ? ` (${outcome.note})` : ''}`, tone: 'info' };
    case 'rolled-back':
      return { text: `rolled back: ${outcome.reason}; ${name} is back as it was`, tone: 'error' };
    case 'stuck':
      return { text: `${outcome.reason} — ${outcome.state}`, tone: 'error' };
  }
}

function replyUpdate(env: RunnerEnv, overlay: number, result: UpdateReply): void {
  env.dispatch({ type: 'dialog', overlay, result });
}

export const recreateHandlers: HandlerTable<'recreate-load' | 'recreate-run' | 'image-update' | 'image-update-recreate'> = {
  'image-update': ({ overlay, reference, imageId }, env) => {
    const { pulls, client, engineStore } = env;
    const { sync } = env.session;
    void (async () => {
      const pullId = pulls.start({ reference });
      replyUpdate(env, overlay, { kind: 'pulling', pullId });
      const final = await pulls.settled(pullId);
      if (final?.status !== 'done') throw new Error(final?.status === 'error' ? `pull failed: ${final.error ?? 'unknown error'}` : 'the pull was cancelled');
      await Promise.all([sync.refreshImages(), sync.refreshContainers()]).catch(() => undefined);
      const now = (await client.inspectImage(reference)) as { Id?: string };
      const users = engineStore
        .getState()
        .containers.items.filter((c) => c.ImageID === imageId && now.Id !== imageId)
        .map((c) => ({ id: c.Id, name: ownName(c.Names) || c.Id.slice(0, 12) }));
      replyUpdate(env, overlay, { kind: 'updated', imageId: now.Id ?? imageId, users });
    })().catch((error: unknown) => replyUpdate(env, overlay, { kind: 'failed', message: describeError(error) }));
  },
  'image-update-recreate': ({ overlay, users }, env) => {
    const { client } = env;
    const { sync } = env.session;
    const { signal } = env.work(overlay).abort;
    void (async () => {
      for (const user of users) {
        const result = await recreateUser(client, user);
        if (!signal.aborted) replyUpdate(env, overlay, { kind: 'user', result });
        else env.dispatch({ type: 'notify', text: `${result.name}: ${result.text}`, tone: result.ok ? 'info' : 'error' });
      }
      await sync.refreshContainers().catch(() => undefined);
      if (!signal.aborted) replyUpdate(env, overlay, { kind: 'users-done' });
    })();
  },
  'recreate-load': ({ overlay, containerId }, env) => {
    const { client } = env;
    const { signal } = env.work(overlay).abort;
    void (async () => {
      const inspect = await client.inspectContainer(containerId, signal);
      const compose = composeOf(inspect);
      const project = projectOf(inspect.Config?.Labels ?? undefined);
      if (compose) return reply(env, overlay, { kind: 'compose', ...compose, ...(project && { scope: { project, service: compose.service, profiles: [] } }) });
      // The image it was made from (by id: its tag may have moved on since), for what it set itself.
      const image = inspect.Image ? await client.inspectImage(inspect.Image, signal).catch(() => ({})) : {};
      const { options, notRebuilt } = runOptionsFromInspect(inspect as InspectForRun, image as ImageForRun);
      const running = inspect.State?.Running === true || inspect.State?.Restarting === true || inspect.State?.Paused === true;
      reply(env, overlay, { kind: 'loaded', options, notRebuilt, running });
    })().catch((error: unknown) => {
      const message = failure(error, signal);
      if (message !== undefined) reply(env, overlay, { kind: 'load-failed', message });
    });
  },
  'recreate-run': ({ overlay, old, spec, replace }, env) => {
    const { client } = env;
    const { sync } = env.session;
    const { signal } = env.work(overlay).abort;
    void (async (): Promise<RecreateOutcome> => {
      const read = await readRunEnv(spec.extras);
      if (!read.ok) return { kind: 'stuck', reason: read.message, state: `nothing was changed: ${old.name} is as it was` };
      return recreateContainer(client, { old, spec: { ...spec, env: read.env, detached: true }, replace }, (step) => {
        if (!signal.aborted) reply(env, overlay, { kind: 'step', step });
      });
    })()
      .catch((error: unknown): RecreateOutcome => ({ kind: 'stuck', reason: failure(error) ?? 'stopped', state: 'see the Containers pane' }))
      .then(async (outcome) => {
        await sync.refreshContainers().catch(() => undefined);
        if (!signal.aborted) return reply(env, overlay, { kind: 'finished', outcome });
        const line = outcomeLine(spec.name ?? old.name, outcome);
        env.dispatch({ type: 'notify', text: line.text, tone: line.tone });
      });
  },
};
