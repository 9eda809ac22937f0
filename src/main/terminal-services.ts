/**
 * What the app can hand the terminal to (app/handlers/work.ts RunnerServices): a shell or a
 * command in a container, a container's own process, the pager, a command on the host. Each goes through the one
 * hand-over (hand-over.ts) and comes back with what berth says about how it ended; the app store
 * stays as it was meanwhile, so berth comes back where it was.
 */
import { describeError } from '../engine/errors.ts';
import type { AttachRequest, PagerFeed, RunnerServices, ShellRequest } from '../app/handlers/work.ts';
import { shellWord } from '../state/run-line/format-line.ts';
import { prepareAttach, runAttached } from './attach.ts';
import type { TerminalHandOver } from './hand-over.ts';
import { runPager } from './pager.ts';
import { runShell } from './shell.ts';
import { runInTerminal } from './host-terminal.ts';

type Said = { text: string; tone: 'info' | 'error' };

export function terminalServices(handOver: TerminalHandOver, env: NodeJS.ProcessEnv): Required<Pick<RunnerServices, 'openShell' | 'openAttach' | 'openPager' | 'openHost'>> {
  const label = (request: { name: string; containerId: string }) => `${request.name} (${request.containerId.slice(0, 12)})`;
  return {
    openShell: (request: ShellRequest) =>
      handOver.run(async (io): Promise<Said> => {
        const what = request.cmd ? request.cmd.map(shellWord).join(' ') : 'the shell';
        try {
          const code = await runShell(request.client, request, label(request), io);
          return { text: `${what} in ${label(request)} exited${code === undefined ? '' : ` with code ${code}`}`, tone: 'info' };
        } catch (error) {
          return { text: request.cmd ? `${what} did not run in ${label(request)}: ${describeError(error)}` : `no shell in ${label(request)}: ${describeError(error)}`, tone: 'error' };
        }
      }),
    // A refusal of the attach or the start comes back before the screen is let go of, and is said in the dialog or the status bar.
    openAttach: (request: AttachRequest) =>
      handOver.runPrepared(
        () => prepareAttach(request.client, request),
        (io, prepared) => runAttached(request.client, prepared, label(request), io, request.banner),
      ),
    openPager: (feed: PagerFeed) =>
      handOver
        .run(async (): Promise<Said | undefined> => {
          try {
            const code = await runPager(feed, env.PAGER);
            return code === 0 ? undefined : { text: `the pager (${env.PAGER || 'less -R'}) exited with code ${code ?? 'none (a signal)'}`, tone: 'error' };
          } catch (error) {
            return { text: `no pager: ${describeError(error)}`, tone: 'error' };
          }
        }),
    openHost: (argv, commandEnv) =>
      handOver.run(async (): Promise<Said> => {
        // The status bar has one line: a long command is cut, so how it ended still shows.
        const line = argv.map(shellWord).join(' ');
        const what = line.length > 60 ? `${line.slice(0, 59)}…` : line;
        try {
          const code = await runInTerminal(argv, commandEnv);
          return { text: `${what} exited${code === undefined ? ' (ended by a signal)' : ` with code ${code}`}`, tone: code === 0 ? 'info' : 'error' };
        } catch (error) {
          return { text: `${what} did not run: ${describeError(error)}`, tone: 'error' };
        }
      }),
  };
}
