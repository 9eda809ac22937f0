/** What acts on images and pulls: tag, remove, pull and push (the Pulls pane's), credentials. */
import { describeError } from '../../engine/errors.ts';
import { shortId } from '../../state/actions/labels.ts';
import { removeImage } from '../../state/actions/remove.ts';
import { credentialsAccepted, isCredentialsRefusal } from '../../state/pulls/credentials-check.ts';
import { InvalidReferenceError } from '../../state/pulls/pull-manager.ts';
import { answer, reply } from './reply.ts';
import type { HandlerTable } from './work.ts';

export const imageHandlers: HandlerTable<'image-tag' | 'image-remove' | 'pull-start' | 'pull-cancel' | 'pull-dismiss' | 'credentials-lookup'> = {
  'image-tag': (c, env) => {
    // The reference was checked (checkNewTag): a name and a tag, split at the tag's colon.
    const colon = c.reference.lastIndexOf(':');
    const tagged = `${c.reference} (${shortId(c.imageId)})`;
    answer(env, c.overlay, (signal) => env.client.tagImage(c.imageId, c.reference.slice(0, colon), c.reference.slice(colon + 1), signal).then(() => `tagged ${tagged}`));
  },
  'image-remove': (c, env) => {
    answer(env, c.overlay, (signal) => removeImage(env.client, { imageId: c.imageId, tag: c.tag, force: c.force, noPrune: c.noPrune, signal }));
  },
  'pull-start': (c, env) => {
    let pullId: string;
    try {
      // The typed credentials go to the pull manager here, and nowhere else.
      // A fleet's other engine: the pull runs there, labelled with its name in the Pulls pane.
      pullId = env.pulls.start({ reference: c.reference, auth: c.auth, push: c.push, ...(env.engineName !== undefined && { on: { client: env.client, engine: env.engineName } }) });
    } catch (error) {
      reply(env, c.overlay, { kind: 'failed', message: error instanceof InvalidReferenceError ? error.message : describeError(error) });
      return;
    }
    // The dialog stays open until the registry has taken the credentials or refused them: a
    // refusal goes back to it, fields and all, to be typed again.
    const work = env.work(c.overlay);
    let unsubscribe = (): void => undefined;
    const check = (): boolean => {
      const pull = env.pulls.get(pullId);
      if (pull === undefined || credentialsAccepted(pull) || pull.status === 'cancelled') {
        reply(env, c.overlay, { kind: 'started', pullId });
      } else if (pull.status === 'error') {
        reply(env, c.overlay, { kind: 'failed', message: pull.error ?? 'the pull failed', credentials: isCredentialsRefusal(pull.error) });
      } else return false;
      unsubscribe();
      return true;
    };
    if (check()) return;
    unsubscribe = env.pulls.store.subscribe(() => void check());
    work.cleanups.push(() => unsubscribe());
  },
  'pull-cancel': (command, env) => void env.pulls.cancel(command.pullId),
  'pull-dismiss': (command, env) => void env.pulls.dismiss(command.pullId),
  'credentials-lookup': (c, env) => {
    env.pulls.credentialSource(c.reference).then(
      (description) => reply(env, c.overlay, { kind: 'looked-up', reference: c.reference, description }),
      (error: unknown) => reply(env, c.overlay, { kind: 'lookup-failed', reference: c.reference, message: describeError(error) }),
    );
  },
};
