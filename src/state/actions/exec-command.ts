/**
 * A command run in a container with its output captured (`docker exec` without `-it`): create the
 * exec without a TTY or stdin, read its multiplexed stdout and stderr line by line, and read its
 * exit code once it has ended. The stream's end says it ended; over ssh the connection can stay
 * half-open after the exec is over, so the exec's inspect is asked too, and once it says the
 * command has ended the stream gets a moment to deliver its last bytes before it is closed.
 */
import { setTimeout as delay } from 'node:timers/promises';
import type { EngineClient } from '../../engine/client.ts';
import { EngineError, isEngineError } from '../../engine/errors.ts';
import { demultiplex } from '../../engine/streams/multiplexed.ts';
import { LineSplitter } from '../logs/line-splitter.ts';
import type { LogLine } from '../logs/types.ts';

export interface ExecCommand {
  cmd: string[];
  user?: string;
  workingDir?: string;
}

export interface CapturedHooks {
  signal?: AbortSignal;
  /** Complete output lines, in order; stderr is its own stream. */
  onLines?: (lines: LogLine[]) => void;
}

/** How often the exec is asked whether it has ended while the stream says nothing. */
const POLL_MS = 1_000;
/** How long the stream may take to end once the exec has (its last bytes are on the way). */
const TAIL_MS = 500;

/** Runs `command` in the container, captured; resolves with its exit code (undefined if the engine could not say). */
export async function execCaptured(client: EngineClient, containerId: string, command: ExecCommand, hooks: CapturedHooks = {}): Promise<number | undefined> {
  const { signal } = hooks;
  const execId = await client.createExec(containerId, { cmd: command.cmd, user: command.user, workingDir: command.workingDir, tty: false, signal });
  const socket = await client.startExec(execId, signal, false);
  const watching = new AbortController();
  const onAbort = () => socket.destroy();
  signal?.addEventListener('abort', onAbort, { once: true });
  // The ssh case: the exec is over but the stream stays open.
  void (async () => {
    while (!watching.signal.aborted) {
      await delay(POLL_MS, undefined, { signal: watching.signal }).catch(() => undefined);
      if (watching.signal.aborted) return;
      const code = await client.execExitCode(execId).catch(() => undefined);
      if (code === undefined) continue;
      await delay(TAIL_MS, undefined, { signal: watching.signal }).catch(() => undefined);
      socket.destroy();
      return;
    }
  })();
  try {
    const splitter = new LineSplitter();
    try {
      for await (const chunk of demultiplex(socket, { operation: 'exec in container' })) {
        const lines = splitter.push(chunk);
        if (lines.length > 0) hooks.onLines?.(lines);
      }
    } catch (error) {
      if (signal?.aborted) throw new EngineError({ code: 'ABORTED', operation: 'exec in container', message: 'stopped watching' });
      // A connection closed by the poll above, or cut: the lines so far stand.
      if (isEngineError(error)) throw error;
    }
    const rest = splitter.flush();
    if (rest.length > 0) hooks.onLines?.(rest);
  } finally {
    watching.abort();
    signal?.removeEventListener('abort', onAbort);
    socket.destroy();
  }
  return exitCodeOnceEnded(client, execId, signal);
}

/** How long the exit code may take to show in the exec's inspect once its output has ended. */
const EXIT_CODE_MS = 2_000;
const EXIT_CODE_POLL_MS = 50;

/**
 * The exit code: the engine may close the stream a moment before its inspect stops saying the
 * exec runs, so it is asked again briefly (undefined if it never says).
 */
async function exitCodeOnceEnded(client: EngineClient, execId: string, signal: AbortSignal | undefined): Promise<number | undefined> {
  for (let waited = 0; ; waited += EXIT_CODE_POLL_MS) {
    const code = await client.execExitCode(execId).catch(() => undefined);
    if (code !== undefined || waited >= EXIT_CODE_MS || signal?.aborted) return code;
    await delay(EXIT_CODE_POLL_MS, undefined, { signal }).catch(() => undefined);
  }
}
