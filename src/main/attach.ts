/**
 * The terminal handed to a container's own process: `docker attach` (`A` on a running container)
 * and the foreground of `docker run -it` (the run dialog with `-i`). Attached, waited on and
 * started in the CLI's order (state/actions/run-container.ts startAttached), then the terminal is
 * the container's (terminal-pump.ts) until the process exits — the exit code from the wait
 * registered before the start — or the user detaches with Ctrl-P Ctrl-Q (with a TTY), which
 * leaves it running.
 */
import { setTimeout as delay } from 'node:timers/promises';
import type { EngineClient } from '../engine/client.ts';
import { describeError } from '../engine/errors.ts';
import type { AttachEnd } from '../app/commands.ts';
import type { AttachRequest } from '../app/handlers/work.ts';
import { startAttached, type AttachedRun } from '../state/actions/run-container.ts';
import { pumpTerminal, type TerminalIo } from './terminal-pump.ts';


/** How long the exit may take to be reported once the stream has ended. */
const EXIT_REPORT_MS = 2_000;

export interface PreparedAttach {
  id: string;
  tty: boolean;
  run: boolean;
  attached: AttachedRun;
}

/**
 * Attaches (and for a run waits and starts) before berth lets go of the screen: an attach or a
 * start the engine refuses fails here, in the engine's words, with berth's screen still up.
 */
export async function prepareAttach(client: EngineClient, request: AttachRequest): Promise<PreparedAttach> {
  const { containerId: id, run } = request;
  const tty = run ? run.tty : (await client.inspectContainer(id)).Config?.Tty === true;
  const attached = await startAttached(client, id, { stdin: true, autoRemove: run?.autoRemove, start: run !== undefined });
  return { id, tty, run: run !== undefined, attached };
}

/** The terminal is the container's until its process exits or the user detaches. */
export async function runAttached(client: EngineClient, prepared: PreparedAttach, label: string, io: TerminalIo, banner?: string): Promise<AttachEnd> {
  const { id, tty, attached } = prepared;
  const detachHint = tty ? 'Ctrl-P Ctrl-Q detaches (it keeps running)' : 'Ctrl-D ends its input (and comes back), Ctrl-C sends it SIGINT';
  try {
    const how = await pumpTerminal(attached.socket, io, {
      tty,
      detachKeys: tty,
      banner: banner ?? `berth: ${prepared.run ? 'running' : 'attached to'} ${label}; ${detachHint}`,
      resize: (size) => (tty ? client.resizeContainer(id, size) : Promise.resolve()),
      interrupt: () => void client.killContainer(id, 'SIGINT').catch(() => undefined),
      ended: attached.exit,
    });
    if (how === 'detached') return { ended: 'detached' };
    const exit = await Promise.race([attached.exit.then((result) => ({ code: result.StatusCode })), delay(EXIT_REPORT_MS).then(() => undefined)]).catch((error: unknown) => ({
      error: describeError(error),
    }));
    if (exit === undefined) {
      // The stream ended but no exit came: the engine let go of the attach while it runs on.
      const state = await client.inspectContainer(id).catch(() => undefined);
      if (state?.State?.Running) return { ended: 'detached' };
      return { ended: 'exited', exitCode: state?.State?.ExitCode ?? undefined };
    }
    return 'error' in exit ? { ended: 'exited', error: exit.error } : { ended: 'exited', exitCode: exit.code };
  } finally {
    attached.stopWaiting();
  }
}
