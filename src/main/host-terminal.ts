/**
 * A command on the host with the terminal its own (a custom action with `terminal: true`): its
 * standard input, output and error are the terminal's, as when typed at a shell, until it exits.
 * Run inside the one hand-over of the terminal (hand-over.ts).
 */
import { spawn } from 'node:child_process';

/** Resolves with its exit code (undefined: ended by a signal); rejects when it cannot start. */
export function runInTerminal(argv: readonly string[], env: NodeJS.ProcessEnv): Promise<number | undefined> {
  const [file, ...args] = argv;
  if (file === undefined) return Promise.reject(new Error('the command is empty'));
  return new Promise((resolve, reject) => {
    const child = spawn(file, args, { env, stdio: 'inherit' });
    child.once('error', (error: NodeJS.ErrnoException) => reject(new Error(error.code === 'ENOENT' ? `${file}: command not found` : error.message)));
    child.once('close', (code) => resolve(code ?? undefined));
  });
}
