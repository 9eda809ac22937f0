/**
 * The work behind the exec dialog (its decisions are dialogs/exec.ts): a command in a container,
 * captured (its output in a bounded buffer the dialog draws from, its growth reported at most
 * every OUTPUT_FRAME_MS) or with the terminal handed over; the debug container beside it; a
 * custom action's command on the host. Each reports to the dialog; closing it stops watching.
 */
import { describeError } from '../../engine/errors.ts';
import { debugSpec, removeDebugContainer } from '../../state/actions/debug-shell.ts';
import { execCaptured } from '../../state/actions/exec-command.ts';
import { exitResult, oneAction, type ActionResult } from '../../state/action-log/one-action.ts';
import { engineEnv, runOnHost } from '../../state/actions/host-command.ts';
import { containerLabel } from '../../state/actions/labels.ts';
import { isMissingImage, runContainer } from '../../state/actions/run-container.ts';
import type { LogLine } from '../../state/logs/types.ts';
import type { AttachEnd, ExecReply } from '../commands.ts';
import { overlayOutput } from './output.ts';
import { failure, type HandlerTable, type RunnerEnv } from './work.ts';

function reply(env: RunnerEnv, overlay: number, result: ExecReply): void {
  env.dispatch({ type: 'dialog', overlay, result });
}

/** Runs `work` with its output captured for the overlay, then says how it ended. */
function captured(env: RunnerEnv, overlay: number, work: (signal: AbortSignal, onLines: (lines: LogLine[]) => void) => Promise<number | undefined>): void {
  const record = env.work(overlay);
  const { signal } = record.abort;
  const output = overlayOutput(env, overlay, (lines) => reply(env, overlay, { kind: 'output', lines }));
  const onLines = (lines: LogLine[]) => output.append(lines);
  work(signal, onLines).then(
    (exitCode) => {
      output.report();
      reply(env, overlay, { kind: 'exited', exitCode });
    },
    (error: unknown) => {
      const message = failure(error, signal);
      if (message === undefined) return;
      if (output.buffer.length > 0) output.report();
      reply(env, overlay, { kind: 'failed', message });
    },
  );
}

/** The debug image is not here: the engine's words, and what to do about it. */
function missingDebugImage(error: unknown, image: string): unknown {
  if (!isMissingImage(error)) return error;
  return new Error(`${describeError(error)} — the debug shell's image ${image} is not here: pull it, or name another in config.json "debugImage"`);
}

export const execHandlers: HandlerTable<'exec-run' | 'debug-run' | 'host-run'> = {
  'exec-run': (command, env) => {
    const { overlay, containerId, cmd, user, workdir } = command;
    if (!command.interactive) {
      if (!cmd) {
        reply(env, overlay, { kind: 'failed', message: 'no command to run' });
        return;
      }
      // One `docker exec` entry for the create, start and exit-code reads; its result the exit code.
      captured(env, overlay, (signal, onLines) => oneAction(env.client, {}, (client) => execCaptured(client, containerId, { cmd, user, workingDir: workdir }, { signal, onLines })));
      return;
    }
    const open = env.services.openShell;
    if (!open) {
      reply(env, overlay, { kind: 'failed', message: 'a command with a terminal needs berth running in a terminal' });
      return;
    }
    oneAction(env.client, {}, (client) => open({ client, containerId, name: command.name, cmd, user, workdir })).then(
      (said) => {
        if (said) reply(env, overlay, { kind: 'handed-back', ...said });
      },
      (error: unknown) => reply(env, overlay, { kind: 'failed', message: describeError(error) }),
    );
  },
  'debug-run': (command, env) => {
    const { overlay, containerId, image, interactive } = command;
    const spec = debugSpec(image, containerId, command.cmd, interactive, { user: command.user, workdir: command.workdir });
    const label = containerLabel(command.name, containerId);
    // One `docker run` entry for the helper's create, attach, start, wait and removal (which finds
    // nothing when AutoRemove did it first): its result the shell's exit code.
    const run = { run: true, result: exitResult };
    if (!interactive) {
      captured(env, overlay, (signal, onLines) =>
        oneAction(env.client, run, async (client) => {
          let made: string | undefined;
          try {
            const outcome = await runContainer(client, spec, { signal, onLines, onCreated: ({ id }) => (made = id) });
            return outcome.kind === 'exited' ? outcome.exitCode : undefined;
          } catch (error) {
            throw missingDebugImage(error, image);
          } finally {
            if (made) await removeDebugContainer(client, made).catch(() => undefined);
          }
        }),
      );
      return;
    }
    const open = env.services.openAttach;
    if (!open) {
      reply(env, overlay, { kind: 'failed', message: 'a debug shell needs berth running in a terminal' });
      return;
    }
    const { signal } = env.work(overlay).abort;
    void (async () => {
      let said: ExecReply | undefined;
      // No end: the terminal was not handed over (berth quits, or it is someone else's), so the shell never ran.
      const result = (end: AttachEnd | undefined): ActionResult | undefined => (end === undefined ? { kind: 'cancelled' } : end.ended === 'exited' ? exitResult(end.exitCode) : undefined);
      await oneAction(env.client, { run: true, result }, async (client) => {
        let made: string | undefined;
        try {
          const outcome = await runContainer(client, spec, { signal, onCreated: ({ id }) => (made = id) });
          const banner = `berth: a debug shell (${image}) beside ${label}: it shares its processes and network, its files are under /proc/1/root; exit (or Ctrl-D, or Ctrl-P Ctrl-Q) ends it and removes this container`;
          const end = await open({ client, containerId: outcome.id, name: `debug of ${command.name}`, banner, run: { tty: true, autoRemove: true } });
          if (end) {
            const error = end.ended === 'exited' ? end.error : undefined;
            const how = error !== undefined ? `: ${error}` : end.ended === 'exited' && end.exitCode !== undefined ? ` with code ${end.exitCode}` : '';
            said = { kind: 'handed-back', text: `the debug shell beside ${label} ended${how}; its container was removed`, tone: error !== undefined ? 'error' : 'info' };
          }
          return end;
        } catch (error) {
          throw missingDebugImage(error, image);
        } finally {
          // Said once the debug container is gone (or could not be removed: then that is said, over a failed run too).
          if (made) {
            const left = made;
            await removeDebugContainer(client, left).catch((error: unknown) => {
              said = { kind: 'failed', message: `the debug container ${left.slice(0, 12)} could not be removed: ${describeError(error)}` };
            });
          }
        }
      }).catch((error: unknown) => {
        const message = failure(error, signal);
        if (message !== undefined && said === undefined) said = { kind: 'failed', message };
      });
      if (said) reply(env, overlay, said);
    })();
  },
  'host-run': ({ overlay, argv, interactive }, env) => {
    if (interactive) {
      const open = env.services.openHost;
      if (!open) {
        reply(env, overlay, { kind: 'failed', message: 'an action with the terminal needs berth running in a terminal' });
        return;
      }
      open(argv, engineEnv(env.client, process.env)).then(
        (said) => {
          if (said) reply(env, overlay, { kind: 'handed-back', ...said });
        },
        (error: unknown) => reply(env, overlay, { kind: 'failed', message: describeError(error) }),
      );
      return;
    }
    captured(env, overlay, (signal, onLines) => runOnHost(argv, engineEnv(env.client, process.env), { signal, onLines }));
  },
};
