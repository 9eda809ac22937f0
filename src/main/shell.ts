/**
 * A shell in a container (`e`), as `docker exec -it` gives one: berth's screen steps aside, the
 * terminal is the container's until the shell exits, then berth comes back. This is the one place
 * where bytes from a container reach the terminal unfiltered: the user asked for that container's
 * terminal, as they would with `docker exec -it`. berth's own screen is not shown meanwhile, and
 * the modes a program in the container may have left on (colours, mouse reporting, a hidden
 * cursor, its own alternate screen) are reset before berth draws again.
 */
import type { EngineClient } from '../engine/client.ts';

export interface ShellIo {
  stdin: NodeJS.ReadStream;
  stdout: NodeJS.WriteStream;
}

/** bash when the image has it, else sh: what people mean by "a shell". */
export const SHELL_COMMAND = ['/bin/sh', '-c', 'if command -v bash >/dev/null 2>&1; then exec bash; fi; exec sh'];

/** SGR reset, cursor shown, mouse reporting off, main screen, keypad and cursor keys normal. */
export const RESET_AFTER_SHELL = '\u001b[0m\u001b[?25h\u001b[?1000l\u001b[?1002l\u001b[?1003l\u001b[?1006l\u001b[?1049l\u001b[?1l\u001b>';

/**
 * Runs the shell on `io` until it exits and resolves with its exit code (undefined if the engine
 * could not say). Rejects, before touching the terminal, when the engine refuses the exec.
 */
export async function runShell(client: EngineClient, containerId: string, label: string, io: ShellIo): Promise<number | undefined> {
  const { stdin, stdout } = io;
  const execId = await client.createExec(containerId, { cmd: SHELL_COMMAND, env: [`TERM=${process.env.TERM || 'xterm'}`] });
  const socket = await client.startExec(execId);
  const size = () => ({ rows: stdout.rows || 24, columns: stdout.columns || 80 });
  await client.resizeExec(execId, size()).catch(() => undefined);
  stdout.write(`\r\nberth: a shell in ${label}; exit (or Ctrl-D) returns to berth\r\n`);

  // The same way Ink reads: 'readable', so the stream is left as Ink expects it when berth returns.
  const onReadable = () => {
    let chunk: Buffer | null;
    while ((chunk = stdin.read() as Buffer | null) !== null) socket.write(chunk);
  };
  const onResize = () => void client.resizeExec(execId, size()).catch(() => undefined);
  const onOutput = (chunk: Buffer) => stdout.write(chunk);
  if (stdin.isTTY) stdin.setRawMode(true);
  stdin.ref();
  stdin.on('readable', onReadable);
  stdout.on('resize', onResize);
  socket.on('data', onOutput);
  try {
    await new Promise<void>((resolve) => {
      socket.once('close', () => resolve());
      socket.once('error', () => resolve());
    });
  } finally {
    socket.off('data', onOutput);
    stdin.off('readable', onReadable);
    stdout.off('resize', onResize);
    if (stdin.isTTY) stdin.setRawMode(false);
    socket.destroy();
    stdout.write(RESET_AFTER_SHELL);
  }
  return client.execExitCode(execId).catch(() => undefined);
}
