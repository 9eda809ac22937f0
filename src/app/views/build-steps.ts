/**
 * A build's steps (Enter on a build in the Pulls pane): every step in the order it started,
 * cached or how long it took, its bytes, and every log line it kept; drawn from the builds
 * source as it changes, so a running build's view follows it. It scrolls as inspect does; the
 * key that cancels a pull cancels the build from here.
 */
import { notify, reduced } from '../commands.ts';
import { openView } from '../keys/steps.ts';
import type { BuildStepsOverlay } from '../types.ts';
import { buildStepLines } from '../rows/build-rows.ts';
import { defineView } from './module.ts';
import { scrollOrSearchKey, searchContexts } from './text-search.ts';

export const buildSteps = defineView<BuildStepsOverlay>({
  id: 'build-steps',
  actions: {
    'build-steps': {
      pull: (state, ctx, p) => {
        if (!ctx.builds.builds.some((b) => b.id === p.pullId)) return notify(state, `${ctx.keymap.label('build-steps')} opens a build’s steps: this is a pull`);
        return openView(state, (id): BuildStepsOverlay => ({ kind: 'build-steps', id, buildId: p.pullId, top: 0 }));
      },
    },
  },
  // Its own context first: the key that cancels a pull cancels the build here.
  contexts: (overlay) => searchContexts(overlay, ['steps', 'inspect', 'global']),
  key: (state, overlay, press, ctx) => {
    const build = ctx.builds.builds.find((b) => b.id === overlay.buildId);
    if (build && overlay.search?.prompt === undefined && ctx.keymap.resolve('steps', press.name) === 'cancel-pull') {
      return build.status === 'running' || build.status === 'preparing' ? reduced(state, { type: 'build-cancel', buildId: build.id }) : notify(state, 'the build has ended');
    }
    return scrollOrSearchKey(state, overlay, press, ctx, 'inspect', build ? buildStepLines(build, Date.now()) : ['this build is no longer kept']);
  },
  draws: 'build-steps',
});
