/**
 * The health panel (`h` on a container): its check, status, the engine's last probes, the next
 * one's time (health-lines.ts), read again every few seconds while open; `run-check` runs the
 * check now (its own test exec'd in the container: a change, through the engine's access and the
 * one gate, recorded as its `docker exec`) and shows how it went under the engine's probes.
 */
import { cursorSearchKey } from './text-search.ts';
import { notify, reduced, type CheckReply, type FactsReply, type Reduced } from '../commands.ts';
import type { UiContext } from '../context.ts';
import { sanitizeLine } from '../format/index.ts';
import { openView } from '../keys/steps.ts';
import { replaceOverlay } from '../navigation.ts';
import type { ContainerTarget } from '../targets.ts';
import type { AppState, HealthOverlay } from '../types.ts';
import { checkArgv } from '../../state/describe/health-check.ts';
import { healthLines } from './health-lines.ts';
import { itemKey } from './item-lines.ts';
import { defineView, type ViewApp } from './module.ts';

/** Runs kept on the panel: the newest this many. */
const RUNS_KEPT = 10;

/** The health panel over the screen for this container, if it is on top. */
function panelOf(state: AppState, containerId: string): HealthOverlay | undefined {
  const top = state.overlays[state.overlays.length - 1];
  return top?.kind === 'health' && top.containerId === containerId ? top : undefined;
}

/** Asks to run the panel's check, through the engine's access (`confirmed`: the protected engines just typed). */
function runCheck(state: AppState, overlay: HealthOverlay, ctx: UiContext, app: ViewApp, confirmed?: readonly string[]): Reduced {
  const target: ContainerTarget = { kind: 'container', id: overlay.containerId, name: overlay.name, shown: overlay.name, state: overlay.facts?.state.status ?? '', ...(overlay.engine !== undefined && { engine: overlay.engine }) };
  return app.act(state, ctx, 'run-check', target, confirmed) ?? reduced(state);
}

export const health = defineView<HealthOverlay, FactsReply | CheckReply>({
  id: 'health',
  actions: {
    health: {
      container: (state, _ctx, c) =>
        openView(
          state,
          (id): HealthOverlay => ({ kind: 'health', id, containerId: c.id, name: c.shown, selected: 0 }),
          (o) => ({ type: 'facts-load', overlay: o.id, containerId: c.id, follow: true }),
        ),
    },
    // Declared on the container (what the engine's access judges), from the panel over it.
    'run-check': {
      container: (state, _ctx, c) => {
        const panel = panelOf(state, c.id);
        const health = panel?.facts?.health;
        if (!panel || !health) return notify(state, `${c.shown} has no health check to run`, 'error');
        if (panel.running) return notify(state, 'the check is running already');
        if (panel.facts?.state.status !== 'running') return notify(state, `${c.shown} is not running: a check runs in a running container`, 'error');
        const argv = checkArgv(health, panel.facts.shell);
        if ('none' in argv) return notify(state, `nothing to run: ${argv.none}`, 'error');
        return reduced(replaceOverlay(state, { ...panel, running: true }), { type: 'health-run', overlay: panel.id, containerId: c.id, argv: argv.argv, timeoutNs: health.timeoutNs });
      },
    },
  },
  contexts: (overlay) => (overlay.search?.prompt !== undefined ? ['prompt', 'line'] : ['health', 'global']),
  key: (state, overlay, press, ctx, app) => {
    const searched = cursorSearchKey(state, overlay, press, ctx, 'health', healthLines(overlay, ctx).map((l) => l.text));
    if (searched) return searched;
    if (ctx.keymap.resolve('health', press.name) === 'run-check') return runCheck(state, overlay, ctx, app);
    return itemKey(state, overlay, press, ctx, 'health', healthLines(overlay, ctx));
  },
  result: (state, overlay, result) => {
    if (result.kind === 'checked') return reduced(replaceOverlay(state, { ...overlay, running: false, runs: [...(overlay.runs ?? []), result.run].slice(-RUNS_KEPT) }));
    return reduced(replaceOverlay(state, { ...overlay, facts: result.facts ?? overlay.facts, error: result.error }));
  },
  again: (state, overlay, action, ctx, app, confirmed) => (action === 'run-check' ? runCheck(state, overlay, ctx, app, confirmed) : undefined),
  lines: (overlay, ctx) => ({
    title: `health of ${sanitizeLine(overlay.name)}`,
    status: overlay.error
      ? { text: `✕ ${overlay.error}`, tone: 'error' }
      : overlay.facts
        ? { text: overlay.facts.health ? 'read from the engine every 2 s while open' : 'read once: without a health check there is nothing to follow', tone: 'muted' }
        : { text: 'reading the container…', tone: 'muted' },
    lines: healthLines(overlay, ctx),
  }),
  footer: ['run-check', 'close'],
  draws: 'item-lines',
});
