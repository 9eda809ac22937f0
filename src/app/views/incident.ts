/**
 * An incident's post-mortem card (Enter on an Incidents row): it scrolls;
 * acknowledge; and logs, inspect and restart act on its container as they do on a Containers row
 * (the view or dialog opens over the card), through the engine's access (a restart from the card
 * on a read-only engine is refused).
 */
import { notify, reduced } from '../commands.ts';
import { openView } from '../keys/steps.ts';
import { incidentCard, incidentTarget, incidentWhat } from '../rows/incident-rows.ts';
import type { IncidentOverlay } from '../types.ts';
import { defineView } from './module.ts';
import { scrollOrSearchKey, searchContexts } from './text-search.ts';

export const incident = defineView<IncidentOverlay>({
  id: 'incident',
  actions: {
    // Enter on an Incidents row: its container's target says which incident it is.
    'incident-card': {
      container: (state, _ctx, c) => {
        const seq = c.incident;
        return seq === undefined ? undefined : openView(state, (id): IncidentOverlay => ({ kind: 'incident', id, seq, top: 0 }));
      },
    },
  },
  contexts: (overlay) => searchContexts(overlay, ['incident', 'global']),
  key: (state, overlay, press, ctx, app) => {
    const shown = ctx.incidents.incidents.find((i) => i.seq === overlay.seq);
    const lines = shown ? incidentCard(shown) : ['this incident is no longer kept'];
    // While `/` asks for text, every key is the prompt's.
    if (overlay.search?.prompt !== undefined) return scrollOrSearchKey(state, overlay, press, ctx, 'incident', lines);
    const action = ctx.keymap.resolve('incident', press.name);
    if (shown && action === 'acknowledge') return shown.acknowledged ? reduced(state) : notify(state, `acknowledged: ${incidentWhat(shown)}`, 'info', { type: 'incident-acknowledge', seq: shown.seq });
    const target = shown ? incidentTarget(shown, ctx) : undefined;
    const acted = target && action ? app.act(state, ctx, action, target) : undefined;
    if (acted) return acted;
    return scrollOrSearchKey(state, overlay, press, ctx, 'incident', lines);
  },
  draws: 'post-mortem',
});
