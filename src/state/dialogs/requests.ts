/**
 * The engine calls behind the stop, commit, remove and pull dialogs. Each reports back to its
 * dialog with a result action; closing the dialog aborts the call (the engine still finishes a
 * stop it has started, as `docker stop` interrupted would).
 */
import { copyOut } from '../actions/copy-out.ts';
import { swarmActAndRefresh } from '../swarm/swarm-work.ts';
import { describeError } from '../../engine/errors.ts';
import { commitContainer } from '../actions/commit-container.ts';
import { actOnProject } from '../actions/project.ts';
import { containerLabel, shortId } from '../actions/labels.ts';
import { removeContainer, removeImage } from '../actions/remove.ts';
import { restartContainer } from '../actions/start-container.ts';
import { stopContainer } from '../actions/stop-container.ts';
import { failure, type HandlerTable } from '../app/work.ts';
import { InvalidReferenceError } from '../pulls/pull-manager.ts';
import { answer, reply } from './reply.ts';

export const dialogHandlers: HandlerTable<'stop-container' | 'commit-container' | 'remove' | 'start-pull' | 'lookup-credentials' | 'container-action' | 'copy-out'> = {
  'copy-out': (c, env) => {
    const { signal } = env.work(c.overlay).abort;
    copyOut(env.services.client, { containerId: c.containerId, label: containerLabel(c.name, c.containerId), source: c.source, directory: c.directory, overwrite: c.overwrite, signal }).then(
      (outcome) => reply(env, c.overlay, outcome),
      (error: unknown) => {
        const message = failure(error, signal);
        if (message !== undefined) reply(env, c.overlay, { kind: 'failed', message });
      },
    );
  },
  'container-action': (c, env) => {
    const { client } = env.services;
    const label = containerLabel(c.name, c.containerId);
    if (c.action === 'scale') {
      answer(env, c.overlay, (signal) => swarmActAndRefresh(env, { kind: 'scale', serviceId: c.containerId, name: c.name, replicas: Number(c.value) }, signal));
      return;
    }
    if (c.action === 'create-volume' || c.action === 'create-network') {
      const kind = c.action === 'create-volume' ? 'volumes' : 'networks';
      answer(env, c.overlay, async (signal) => {
        const made = c.action === 'create-volume' ? `volume ${(await client.createVolume(c.value, signal)).Name}` : `network ${c.value} (${shortId((await client.createNetwork(c.value, signal)).Id)})`;
        await env.services.resources?.refresh(kind);
        return `created ${made}`;
      });
      return;
    }
    if (c.action === 'tag') {
      // The value was checked (checkNewTag): a name and a tag, split at the tag's colon.
      const colon = c.value.lastIndexOf(':');
      const tagged = `${c.value} (${shortId(c.containerId)})`;
      answer(env, c.overlay, (signal) => client.tagImage(c.containerId, c.value.slice(0, colon), c.value.slice(colon + 1), signal).then(() => `tagged ${tagged}`));
      return;
    }
    answer(env, c.overlay, (signal) =>
      c.action === 'kill'
        ? client.killContainer(c.containerId, c.value, signal).then(() => `sent ${c.value} to ${label}`)
        : client.renameContainer(c.containerId, c.value, signal).then(() => `renamed ${label} to ${c.value}`),
    );
  },
  'stop-container': (c, env) => {
    const { client } = env.services;
    const members = c.members;
    if (members) {
      answer(env, c.overlay, (signal) => actOnProject(client, { project: c.name, verb: c.restart ? 'restart' : 'stop', members, timeout: c.timeout, signal }));
      return;
    }
    answer(env, c.overlay, (signal) =>
      c.restart
        ? restartContainer(client, { containerId: c.containerId, name: c.name, timeout: c.timeout, signal })
        : stopContainer(client, { containerId: c.containerId, name: c.name, service: c.service, timeout: c.timeout, signal }).then((outcome) => outcome.message),
    );
  },
  'commit-container': (c, env) => {
    const { client, sync } = env.services;
    const { signal } = env.work(c.overlay).abort;
    commitContainer(client, { container: c.containerId, repository: c.repository, tag: c.tag, comment: c.comment, author: c.author, signal }).then(
      async ({ imageId, reference }) => {
        reply(env, c.overlay, { kind: 'done', imageId, reference, message: `committed ${c.label} as ${reference} (${shortId(imageId)})` });
        // The commit event would refresh the list soon anyway; asking now lets the selection land at once.
        await sync.refreshImages().catch(() => undefined);
        reply(env, c.overlay, { kind: 'listed', imageId, reference });
      },
      (error: unknown) => {
        const message = failure(error, signal);
        if (message !== undefined) reply(env, c.overlay, { kind: 'failed', message });
      },
    );
  },
  remove: (c, env) => {
    const { client } = env.services;
    const { target } = c;
    if (target.kind === 'volume' || target.kind === 'network') {
      const kind = target.kind === 'volume' ? 'volumes' : 'networks';
      const name = target.name;
      answer(env, c.overlay, (signal) =>
        (target.kind === 'volume' ? client.removeVolume(target.id, { force: c.force, signal }) : client.removeNetwork(target.id, signal)).then(async () => {
          await env.services.resources?.refresh(kind);
          return `removed ${target.kind} ${name}`;
        }),
      );
      return;
    }
    if (target.kind === 'container') {
      answer(env, c.overlay, (signal) => removeContainer(client, { containerId: target.id, name: target.name, force: c.force, volumes: c.volumes, signal }));
      return;
    }
    answer(env, c.overlay, (signal) => removeImage(client, { imageId: target.id, tag: target.tag, force: c.force, noPrune: c.noPrune, signal }));
  },
  'start-pull': (c, env) => {
    let pullId: string;
    try {
      // The typed credentials go to the pull manager here, and nowhere else.
      pullId = env.services.pulls.start({ reference: c.reference, auth: c.auth, push: c.push });
    } catch (error) {
      reply(env, c.overlay, { kind: 'failed', message: error instanceof InvalidReferenceError ? error.message : describeError(error) });
      return;
    }
    reply(env, c.overlay, { kind: 'started', pullId });
  },
  'lookup-credentials': (c, env) => {
    env.services.pulls.credentialSource(c.reference).then(
      (description) => reply(env, c.overlay, { kind: 'looked-up', reference: c.reference, description }),
      (error: unknown) => reply(env, c.overlay, { kind: 'lookup-failed', reference: c.reference, message: describeError(error) }),
    );
  },
};
