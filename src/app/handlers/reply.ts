/**
 * How the work behind a dialog reports back: a reply for the dialog's overlay, and the common
 * case of one engine call whose message (or the engine's words) is the whole answer.
 */
import type { DialogReply } from '../commands.ts';
import { failure, type RunnerEnv } from './work.ts';

export function reply(env: RunnerEnv, overlay: number, result: DialogReply): void {
  env.dispatch({ type: 'dialog', overlay, result });
}

/** Runs `request` for the dialog and answers done with its message, or failed with the engine's words. */
export function answer(env: RunnerEnv, overlay: number, request: (signal: AbortSignal) => Promise<string>): void {
  const { signal } = env.work(overlay).abort;
  request(signal).then(
    (message) => reply(env, overlay, { kind: 'done', message }),
    (error: unknown) => {
      const message = failure(error, signal);
      if (message !== undefined) reply(env, overlay, { kind: 'failed', message });
    },
  );
}
