/**
 * After an image update: each container that ran the old image, recreated from its own inspect
 * (less what the old image set, so the new image's defaults apply) and replaced, one after
 * another, through the same step machine as edit and recreate (recreate.ts). A Compose service's
 * container is left to compose, and said so.
 */
import type { EngineClient } from '../../engine/client.ts';
import { describeError } from '../../engine/errors.ts';
import type { ContainerInspect } from '../../engine/types.ts';
import { checkRunOptions } from '../run-line/create-body.ts';
import { runOptionsFromInspect, type ImageForRun, type InspectForRun } from '../run-line/from-inspect.ts';
import type { RunOptions } from '../run-line/options.ts';
import { readRunEnv } from '../run-line/read-env.ts';
import { recreateContainer } from './recreate.ts';
import type { RunSpec } from './run-container.ts';

/** What the form would send for these options: the spec, or the first option the checks refuse. */
export function specOfOptions(options: RunOptions): { ok: true; spec: RunSpec } | { ok: false; message: string } {
  const checked = checkRunOptions(options);
  if (!checked.extras) return { ok: false, message: Object.values(checked.errors)[0] ?? 'the options do not check' };
  return {
    ok: true,
    spec: {
      image: options.image,
      ...(options.command.length > 0 && { cmd: [...options.command] }),
      ...(options.name !== '' && { name: options.name }),
      tty: options.tty,
      detached: true,
      ...(options.interactive && { interactive: true }),
      extras: checked.extras,
    },
  };
}

/** Compose's labels on a container it made: its project and service. */
export function composeOf(inspect: ContainerInspect): { project: string; service: string; workingDir?: string } | undefined {
  const labels = inspect.Config?.Labels ?? {};
  const project = labels['com.docker.compose.project'];
  const service = labels['com.docker.compose.service'];
  if (project === undefined || service === undefined) return undefined;
  return { project, service, workingDir: labels['com.docker.compose.project.working_dir'] };
}

export interface UserResult {
  name: string;
  ok: boolean;
  text: string;
}

/** Recreates one container that ran the old image, replacing it; one line says how it went. */
export async function recreateUser(client: EngineClient, user: { id: string; name: string }): Promise<UserResult> {
  const { name } = user;
  try {
    const inspect = await client.inspectContainer(user.id);
    const compose = composeOf(inspect);
    if (compose) return { name, ok: false, text: `a Compose service: docker compose -p ${compose.project} up -d --force-recreate ${compose.service}` };
    const image = inspect.Image ? await client.inspectImage(inspect.Image).catch(() => ({})) : {};
    const { options, notRebuilt } = runOptionsFromInspect(inspect as InspectForRun, image as ImageForRun);
    const made = specOfOptions(options);
    if (!made.ok) return { name, ok: false, text: `not recreated: ${made.message}` };
    const read = await readRunEnv(made.spec.extras);
    if (!read.ok) return { name, ok: false, text: `not recreated: ${read.message}` };
    const running = inspect.State?.Running === true || inspect.State?.Restarting === true;
    const outcome = await recreateContainer(client, { old: { id: user.id, name, running }, spec: { ...made.spec, env: read.env }, replace: true }, () => undefined);
    const lost = notRebuilt.length > 0 ? ` (not carried over: ${notRebuilt.join(' ')})` : '';
    if (outcome.kind === 'done') return { name, ok: true, text: `recreated on the new image${lost}` };
    if (outcome.kind === 'rolled-back') return { name, ok: false, text: `rolled back: ${outcome.reason}; it is back as it was` };
    return { name, ok: false, text: `${outcome.reason} — ${outcome.state}` };
  } catch (error) {
    return { name, ok: false, text: describeError(error) };
  }
}
