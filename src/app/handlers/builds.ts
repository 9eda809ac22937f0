/** What acts on builds (state/builds): start one, build one again with its settings, cancel, dismiss. */
import { describeError } from '../../engine/errors.ts';
import type { BuildSettings } from '../../state/builds/build-reducer.ts';
import { reply } from './reply.ts';
import type { HandlerTable, RunnerEnv } from './work.ts';

/** Starts the build on the engine the command was routed to (in a fleet, named in the pane). */
function startBuild(env: RunnerEnv, settings: BuildSettings): string {
  return env.services.sources.builds.start(env.client, settings, env.engineName);
}

export const buildHandlers: HandlerTable<'build-start' | 'build-again' | 'build-cancel' | 'build-dismiss'> = {
  'build-start': (c, env) => {
    try {
      reply(env, c.overlay, { kind: 'started', buildId: startBuild(env, c.settings) });
    } catch (error) {
      reply(env, c.overlay, { kind: 'failed', message: describeError(error) });
    }
  },
  'build-again': (c, env) => {
    const before = env.services.sources.builds.get(c.buildId);
    if (!before) return;
    try {
      startBuild(env, before.settings);
    } catch (error) {
      env.dispatch({ type: 'notify', text: describeError(error), tone: 'error' });
    }
  },
  'build-cancel': (c, env) => void env.services.sources.builds.cancel(c.buildId),
  'build-dismiss': (c, env) => void env.services.sources.builds.dismiss(c.buildId),
};
