/**
 * The work behind describe, the health panel and relations: a container's inspect read into facts
 * (again every FACTS_EVERY_MS while the health panel is open), a health check run now (an exec,
 * one action-log entry: its `docker exec`), and what a thing touches. Each reports to its view.
 */
import { containerFacts } from '../../state/describe/container-facts.ts';
import { runCheck } from '../../state/describe/health-check.ts';
import { oneAction } from '../../state/action-log/one-action.ts';
import { gatherRelations } from '../../state/relations/gather.ts';
import { relationTree } from '../../state/relations/tree.ts';
import { failure, type HandlerTable } from './work.ts';

/** How often the health panel reads its container again: probes land every interval (often seconds). */
export const FACTS_EVERY_MS = 2000;

export const factHandlers: HandlerTable<'facts-load' | 'health-run' | 'relations-load'> = {
  'facts-load': (command, env) => {
    const work = env.work(command.overlay);
    const { signal } = work.abort;
    let timer: NodeJS.Timeout | undefined;
    // What the view was last told: an answer that reads the same is not told again (no frame for it).
    let told: string | undefined;
    // A container without a health check gains none without being made again (another id): the
    // panel has nothing more to read, so it stops asking (B4v: 0.45 % of a core idle, was).
    let following = command.follow;
    const ask = () => {
      env.client
        .inspectContainer(command.containerId, signal)
        .then(
          (inspect) => {
            const facts = containerFacts(inspect);
            if (!facts.health) following = false;
            const said = JSON.stringify(facts);
            if (said === told) return;
            told = said;
            env.dispatch({ type: 'view', overlay: command.overlay, result: { kind: 'facts', facts } });
          },
          (error: unknown) => {
            told = undefined;
            const message = failure(error, signal);
            if (message !== undefined) env.dispatch({ type: 'view', overlay: command.overlay, result: { kind: 'facts', error: message } });
          },
        )
        .finally(() => {
          if (following && !signal.aborted) timer = setTimeout(ask, FACTS_EVERY_MS);
        });
    };
    work.cleanups.push(() => clearTimeout(timer));
    ask();
  },
  'health-run': (command, env) => {
    const { signal } = env.work(command.overlay).abort;
    // One `docker exec` entry (create, start, exit code); its result the check's exit code.
    oneAction(env.client, {}, (client) => runCheck(client, command.containerId, command.argv, command.timeoutNs, signal)).then(
      (run) => env.dispatch({ type: 'view', overlay: command.overlay, result: { kind: 'checked', run } }),
      (error: unknown) => {
        const message = failure(error, signal);
        if (message !== undefined) env.dispatch({ type: 'view', overlay: command.overlay, result: { kind: 'checked', run: { startMs: Date.now(), endMs: Date.now(), output: '', error: message } } });
      },
    );
  },
  'relations-load': (command, env) => {
    const { signal } = env.work(command.overlay).abort;
    gatherRelations(env.client, command.root, signal).then(
      (data) => env.dispatch({ type: 'view', overlay: command.overlay, result: { kind: 'related', tree: relationTree(data) } }),
      (error: unknown) => {
        const message = failure(error, signal);
        if (message !== undefined) env.dispatch({ type: 'view', overlay: command.overlay, result: { kind: 'related', error: message } });
      },
    );
  },
};
