/**
 * What acts on containers: start, pause, stop and restart (one, or a Compose project's), kill,
 * rename, commit, remove, copy out, and a shell in one. Each reports back to its dialog (or as a
 * notice); closing a dialog aborts its call (the engine still finishes a stop it has started, as
 * `docker stop` interrupted would).
 */
import { describeError } from '../../engine/errors.ts';
import { copyOutAction } from '../../state/action-log/copies.ts';
import { oneAction } from '../../state/action-log/one-action.ts';
import { commitContainer } from '../../state/actions/commit-container.ts';
import { copyOut } from '../../state/actions/copy-out.ts';
import { containerLabel, shortId } from '../../state/actions/labels.ts';
import { actOnProject } from '../../state/actions/project.ts';
import { removeContainer } from '../../state/actions/remove.ts';
import { restartContainer, startContainer } from '../../state/actions/start-container.ts';
import { stopContainer } from '../../state/actions/stop-container.ts';
import { answer, reply } from './reply.ts';
import { failure, type HandlerTable } from './work.ts';

/** How long a commit's answer waits for the images list that holds the new image (to select it). */
const LIST_BEFORE_ANSWER_MS = 5000;

type ContainerCommands =
  | 'container-shell'
  | 'container-attach'
  | 'container-start'
  | 'project-start'
  | 'container-pause'
  | 'container-stop'
  | 'container-kill'
  | 'container-rename'
  | 'container-commit'
  | 'container-remove'
  | 'container-copy-out';

export const containerHandlers: HandlerTable<ContainerCommands> = {
  'container-shell': (command, env) => {
    const open = env.services.openShell;
    if (!open) {
      env.dispatch({ type: 'notify', text: 'a shell needs berth running in a terminal', tone: 'error' });
      return;
    }
    // One `docker exec -it` entry, its result the shell's exit code.
    oneAction(env.client, {}, (client) => open({ client, containerId: command.containerId, name: command.name })).then(
      (notice) => {
        if (notice) env.dispatch({ type: 'notify', text: notice.text, tone: notice.tone });
      },
      (error: unknown) => env.dispatch({ type: 'notify', text: describeError(error), tone: 'error' }),
    );
  },
  'container-attach': (command, env) => {
    const open = env.services.openAttach;
    const label = containerLabel(command.name, command.containerId);
    if (!open) {
      env.dispatch({ type: 'notify', text: 'attaching needs berth running in a terminal', tone: 'error' });
      return;
    }
    open({ client: env.client, containerId: command.containerId, name: command.name }).then(
      (end) => {
        if (!end) return;
        if (end.ended === 'detached') env.dispatch({ type: 'notify', text: `detached from ${label}; it keeps running` });
        else if (end.error !== undefined) env.dispatch({ type: 'notify', text: `${label} exited: ${end.error}`, tone: 'error' });
        else env.dispatch({ type: 'notify', text: `${label} exited${end.exitCode === undefined ? '' : ` with code ${end.exitCode}`}` });
      },
      (error: unknown) => env.dispatch({ type: 'notify', text: `cannot attach to ${label}: ${describeError(error)}`, tone: 'error' }),
    );
  },
  'container-start': (command, env) => {
    startContainer(env.client, { containerId: command.containerId, name: command.name }).then(
      (message) => env.dispatch({ type: 'notify', text: message }),
      (error: unknown) => env.dispatch({ type: 'notify', text: describeError(error), tone: 'error' }),
    );
  },
  'project-start': (command, env) => {
    actOnProject(env.client, { project: command.project, verb: 'start', members: command.members }).then(
      (message) => env.dispatch({ type: 'notify', text: message }),
      (error: unknown) => env.dispatch({ type: 'notify', text: describeError(error), tone: 'error' }),
    );
  },
  'container-pause': (command, env) => {
    const label = containerLabel(command.name, command.containerId);
    env.client.pauseContainer(command.containerId, command.pause).then(
      () => env.dispatch({ type: 'notify', text: `${command.pause ? 'paused' : 'resumed'} ${label}` }),
      (error: unknown) => env.dispatch({ type: 'notify', text: describeError(error), tone: 'error' }),
    );
  },
  'container-stop': (c, env) => {
    const { client } = env;
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
  'container-kill': (c, env) => {
    const label = containerLabel(c.name, c.containerId);
    answer(env, c.overlay, (signal) => env.client.killContainer(c.containerId, c.signal, signal).then(() => `sent ${c.signal} to ${label}`));
  },
  'container-rename': (c, env) => {
    const label = containerLabel(c.name, c.containerId);
    answer(env, c.overlay, (signal) => env.client.renameContainer(c.containerId, c.newName, signal).then(() => `renamed ${label} to ${c.newName}`));
  },
  'container-commit': (c, env) => {
    const { signal } = env.work(c.overlay).abort;
    commitContainer(env.client, { container: c.containerId, repository: c.repository, tag: c.tag, comment: c.comment, author: c.author, changes: c.changes, pause: c.pause, signal }).then(
      async ({ imageId, reference }) => {
        let message = `committed ${c.label} as ${reference} (${shortId(imageId)})`;
        // The chained steps: another name for the new image, then a push into the Pulls pane.
        let tagged = true;
        if (c.alsoTag !== undefined) {
          const colon = c.alsoTag.lastIndexOf(':');
          // The image is made either way: a refused tag is said, and nothing is pushed.
          tagged = await env.client.tagImage(imageId, c.alsoTag.slice(0, colon), c.alsoTag.slice(colon + 1), signal).then(
            () => true,
            (error: unknown) => {
              message += `, but tagging ${c.alsoTag} failed: ${describeError(error)}`;
              return false;
            },
          );
          if (tagged) message += `, tagged ${c.alsoTag}`;
        }
        if (c.push !== undefined && tagged) {
          try {
            env.pulls.start({ reference: c.push, push: true });
            message += `; pushing ${c.push} (the Pulls pane)`;
          } catch (error) {
            message += `, but pushing ${c.push} did not start: ${describeError(error)}`;
          }
        }
        // The commit event would refresh the list soon anyway; asking first lets the selection land
        // with the answer: were the list read after it, an Enter typed before it arrived closed the
        // dialog, the image was never selected, and a key meant for it went to the container.
        // Bounded: an engine that stops answering right after the commit must not hold back the answer.
        await Promise.race([env.session.sync.refreshImages().catch(() => undefined), new Promise((resolve) => setTimeout(resolve, LIST_BEFORE_ANSWER_MS).unref())]);
        reply(env, c.overlay, { kind: 'done', imageId, reference, message });
      },
      (error: unknown) => {
        const message = failure(error, signal);
        if (message !== undefined) reply(env, c.overlay, { kind: 'failed', message });
      },
    );
  },
  'container-remove': (c, env) => {
    answer(env, c.overlay, (signal) => removeContainer(env.client, { containerId: c.containerId, name: c.name, force: c.force, volumes: c.volumes, signal }));
  },
  'container-copy-out': (c, env) => {
    const { signal } = env.work(c.overlay).abort;
    oneAction(env.client, copyOutAction(c), (client) => copyOut(client, { containerId: c.containerId, label: containerLabel(c.name, c.containerId), source: c.source, directory: c.directory, overwrite: c.overwrite, signal })).then(
      (outcome) => reply(env, c.overlay, outcome),
      (error: unknown) => {
        const message = failure(error, signal);
        if (message !== undefined) reply(env, c.overlay, { kind: 'failed', message });
      },
    );
  },
};
