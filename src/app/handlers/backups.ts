/**
 * Backups (state/backups): checked first (a file there, a volume with files: the dialog asks),
 * then run as a transfer in the Pulls pane (Transfers), one action-log entry each with its docker
 * line (the helper container's create and removal are part of it, as a debug shell's are).
 */
import { oneAction } from '../../state/action-log/one-action.ts';
import { prepareBackup } from '../../state/backups/backup-jobs.ts';
import { reply } from './reply.ts';
import { failure, type HandlerTable } from './work.ts';

export const backupHandlers: HandlerTable<'backup-start'> = {
  'backup-start': (c, env) => {
    const { signal } = env.work(c.overlay).abort;
    const { client } = env;
    const request = { job: c.job, file: c.file, overwrite: c.overwrite, intoFiles: c.intoFiles };
    // A restore's check mounts the volume in a helper: not an entry of its own (the restore that follows is one).
    oneAction(client, { result: () => ({ kind: 'not-done' }) }, (scoped) => prepareBackup(scoped, request, signal)).then(
      (prepared) => {
        if (prepared.kind !== 'ready') return reply(env, c.overlay, prepared);
        let transferId: string;
        try {
          transferId = env.pulls.startTransfer(
            { ...prepared.spec, run: (report, transferSignal) => oneAction(client, { line: prepared.line }, (scoped) => prepared.run(scoped, report, transferSignal)) },
            env.engineName === undefined ? undefined : { engine: env.engineName },
          );
        } catch (error) {
          // berth is quitting: the pane takes no new transfer.
          return reply(env, c.overlay, { kind: 'failed', message: failure(error) ?? 'not started' });
        }
        reply(env, c.overlay, { kind: 'started', transferId });
      },
      (error: unknown) => {
        const message = failure(error, signal);
        if (message !== undefined) reply(env, c.overlay, { kind: 'failed', message });
      },
    );
  },
};
