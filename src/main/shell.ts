/**
 * A shell in a container (`e`), as `docker exec -it` gives one: the terminal is the container's
 * (terminal-pump.ts) until the shell exits, then berth comes back. The shell has ended when its
 * stream's read side ends or when the exec's inspect says it is no longer running, whichever
 * comes first: over ssh the connection stays half-open after the exec ends, so waiting for it to
 * close would wait for ever.
 */
import { setTimeout as delay } from 'node:timers/promises';
import type { EngineClient } from '../engine/client.ts';
import type { ShellRequest } from '../app/handlers/work.ts';
import { pumpTerminal, type TerminalIo } from './terminal-pump.ts';
import { shellWord } from '../state/run-line/format-line.ts';

/** bash when the image has it, else sh: what people mean by "a shell". */
export const SHELL_COMMAND = ['/bin/sh', '-c', 'if command -v bash >/dev/null 2>&1; then exec bash; fi; exec sh'];

/** How often the exec is asked whether it still runs, while the stream says nothing. */
const EXEC_POLL_MS = 1_000;

/**
 * Runs the shell (or the request's command, as its user, in its directory) on `io` until it exits
 * and resolves with its exit code (undefined if the engine could not say). Rejects, before
 * touching the terminal, when the engine refuses the exec.
 */
export async function runShell(client: EngineClient, request: ShellRequest, label: string, io: TerminalIo): Promise<number | undefined> {
  const cmd = request.cmd && request.cmd.length > 0 ? [...request.cmd] : SHELL_COMMAND;
  const execId = await client.createExec(request.containerId, { cmd, user: request.user, workingDir: request.workdir, env: [`TERM=${process.env.TERM || 'xterm'}`] });
  const socket = await client.startExec(execId);
  const watching = new AbortController();
  try {
    await pumpTerminal(socket, io, {
      tty: true,
      detachKeys: false,
      banner: request.cmd ? `berth: ${cmd.map(shellWord).join(' ')} in ${label}; it ends (exit or Ctrl-D for a shell) and berth comes back` : `berth: a shell in ${label}; exit (or Ctrl-D) returns to berth`,
      resize: (size) => client.resizeExec(execId, size),
      ended: execEnded(client, execId, watching.signal),
    });
  } finally {
    watching.abort();
  }
  return client.execExitCode(execId).catch(() => undefined);
}

/** Resolves once the exec's inspect says it has ended (never while `signal` is not aborted and it runs). */
async function execEnded(client: EngineClient, execId: string, signal: AbortSignal): Promise<void> {
  while (!signal.aborted) {
    await delay(EXEC_POLL_MS, undefined, { signal }).catch(() => undefined);
    if (signal.aborted) break;
    const code = await client.execExitCode(execId).catch(() => undefined);
    if (code !== undefined) return;
  }
  // Left unresolved: the pump ended by itself.
  await new Promise<never>(() => undefined);
}
