/**
 * Running a command in a container with a terminal, `docker exec -it` over the API: create the
 * exec, start it with the connection upgraded to a raw two-way stream (with a TTY the engine
 * sends the terminal's bytes as they are, no multiplexing), resize it with the user's terminal,
 * and read its exit code when it ends.
 */
import type { Duplex } from 'node:stream';
import { EngineError } from './errors.ts';
import type { EngineHttp } from './http.ts';

const enc = encodeURIComponent;

export interface ExecOptions {
  cmd: string[];
  /** Environment for the command, `KEY=value`. */
  env?: string[];
  /** `-u`: name|uid[:group|gid]; the container's user when absent. */
  user?: string;
  /** `-w`: where the command starts; the container's working directory when absent. */
  workingDir?: string;
  /**
   * With a terminal and stdin (`-it`, the default), or captured: stdout and stderr only, as
   * multiplexed frames (streams/multiplexed.ts), no stdin.
   */
  tty?: boolean;
  /**
   * Without a terminal, still send it input (`docker exec -i`): a relay's bytes go in as they
   * are, its output comes back multiplexed. Defaults to `tty`.
   */
  stdin?: boolean;
  signal?: AbortSignal;
}

export async function createExec(http: EngineHttp, containerId: string, options: ExecOptions): Promise<string> {
  const tty = options.tty ?? true;
  const { value } = await http.json<{ Id?: string }>({
    operation: 'exec in container',
    method: 'POST',
    path: `/containers/${enc(containerId)}/exec`,
    body: {
      AttachStdin: options.stdin ?? tty,
      AttachStdout: true,
      AttachStderr: true,
      Tty: tty,
      Cmd: options.cmd,
      Env: options.env,
      ...(options.user && { User: options.user }),
      ...(options.workingDir && { WorkingDir: options.workingDir }),
    },
    signal: options.signal,
  });
  if (!value?.Id) throw new EngineError({ code: 'PROTOCOL', operation: 'exec in container', message: 'the engine did not return an exec id' });
  return value.Id;
}

/**
 * Starts the exec and returns the connection: write keystrokes to it, read the terminal from it
 * (without a TTY, read its multiplexed output). `tty` must be what the exec was created with.
 */
export function startExec(http: EngineHttp, execId: string, signal?: AbortSignal, tty = true): Promise<Duplex> {
  return http.upgrade({ operation: 'exec in container', method: 'POST', path: `/exec/${enc(execId)}/start`, body: { Detach: false, Tty: tty }, signal });
}

export async function resizeExec(http: EngineHttp, execId: string, size: { rows: number; columns: number }): Promise<void> {
  await http.empty({ operation: 'resize exec', method: 'POST', path: `/exec/${enc(execId)}/resize`, query: { h: size.rows, w: size.columns } });
}

/** The exit code once the command has ended (undefined while it runs). */
export async function execExitCode(http: EngineHttp, execId: string): Promise<number | undefined> {
  const { value } = await http.json<{ Running?: boolean; ExitCode?: number | null }>({ operation: 'inspect exec', method: 'GET', path: `/exec/${enc(execId)}/json` });
  return value?.Running || typeof value?.ExitCode !== 'number' ? undefined : value.ExitCode;
}
