/**
 * The work behind the compose dialog (its decisions are dialogs/compose.ts): finding the user's
 * compose CLI and checking the project's paths, then running it for the chosen verb with the
 * shown engine in its environment, its output into the overlay's bounded buffer (reported at
 * most every OUTPUT_FRAME_MS) and its exit status at the end. The lists follow from the
 * engine's events; a refresh at the end makes sure.
 */
import { composeArgs } from '../../state/compose/args.ts';
import { findComposeCli } from '../../state/compose/cli.ts';
import { composeEnv } from '../../state/compose/env.ts';
import { missingPaths, notHere } from '../../state/compose/project.ts';
import { commandLine, runCompose } from '../../state/compose/run.ts';
import type { ComposeReply } from '../commands.ts';
import { overlayOutput } from './output.ts';
import type { HandlerTable, RunnerEnv } from './work.ts';

function reply(env: RunnerEnv, overlay: number, result: ComposeReply): void {
  // Once the dialog has closed, the CLI runs on unseen: nothing to tell.
  if (env.existing(overlay)) env.dispatch({ type: 'dialog', overlay, result });
}

export const composeHandlers: HandlerTable<'compose-probe' | 'compose-run'> = {
  'compose-probe': ({ overlay, project }, env) => {
    env.work(overlay);
    void findComposeCli().then((found) => {
      const missing = missingPaths(project);
      reply(env, overlay, found.ok ? { kind: 'compose-probed', cli: { label: found.cli.label, version: found.cli.version }, missing } : { kind: 'compose-probed', reason: found.reason, missing });
    });
  },
  'compose-run': ({ overlay, verb, scope }, env) => {
    const output = overlayOutput(env, overlay, (lines) => reply(env, overlay, { kind: 'compose-output', lines }));
    const { client } = env;
    const { sync } = env.session;
    void (async () => {
      const found = await findComposeCli();
      if (!found.ok) return reply(env, overlay, { kind: 'compose-failed', message: found.reason });
      const missing = missingPaths(scope.project);
      if (missing.length > 0) return reply(env, overlay, { kind: 'compose-failed', message: notHere(missing) });
      const args = composeArgs(verb, scope);
      reply(env, overlay, { kind: 'compose-started', line: commandLine(found.cli, args) });
      const exit = await runCompose(found.cli, args, {
        cwd: scope.project.workingDir,
        env: composeEnv(process.env, { context: client.context, host: client.endpoint.label }),
        onLines: (lines) => output.append(lines),
      });
      output.report();
      reply(env, overlay, { kind: 'compose-exited', code: exit.code, signal: exit.signal });
      await sync.refreshContainers().catch(() => undefined);
    })().catch((error: unknown) => reply(env, overlay, { kind: 'compose-failed', message: error instanceof Error ? error.message : String(error) }));
  },
};
