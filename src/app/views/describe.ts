/**
 * Describe (`v` on a container): the container in words, a line per fact (describe-lines.ts),
 * read from one inspect when it opens. Enter on a volume or a network goes to its row; on a port,
 * to the ports hook. The values of secret-looking env keys are masked until `show-secrets`.
 */
import { cursorSearchKey } from './text-search.ts';
import { reduced, type FactsReply } from '../commands.ts';
import { sanitizeLine } from '../format/index.ts';
import { openView } from '../keys/steps.ts';
import { replaceOverlay } from '../navigation.ts';
import type { DescribeOverlay } from '../types.ts';
import { describeLines } from './describe-lines.ts';
import { itemKey } from './item-lines.ts';
import { defineView } from './module.ts';

export const describe = defineView<DescribeOverlay, FactsReply>({
  id: 'describe',
  actions: {
    describe: {
      container: (state, _ctx, c) =>
        openView(
          state,
          (id): DescribeOverlay => ({ kind: 'describe', id, containerId: c.id, name: c.shown, selected: 0 }),
          (o) => ({ type: 'facts-load', overlay: o.id, containerId: c.id, follow: false }),
        ),
    },
  },
  contexts: (overlay) => (overlay.search?.prompt !== undefined ? ['prompt', 'line'] : ['describe', 'global']),
  key: (state, overlay, press, ctx) => {
    const searched = cursorSearchKey(state, overlay, press, ctx, 'describe', (overlay.facts ? describeLines(overlay.facts, ctx, overlay.secrets === true) : []).map((l) => l.text));
    if (searched) return searched;
    if (ctx.keymap.resolve('describe', press.name) === 'show-secrets') return reduced(replaceOverlay(state, { ...overlay, secrets: !overlay.secrets }));
    const lines = overlay.facts ? describeLines(overlay.facts, ctx, overlay.secrets === true) : [];
    return itemKey(state, overlay, press, ctx, 'describe', lines);
  },
  result: (state, overlay, result) => reduced(replaceOverlay(state, { ...overlay, facts: result.facts ?? overlay.facts, error: result.error })),
  lines: (overlay, ctx) => ({
    title: `describe ${sanitizeLine(overlay.name)}`,
    status: overlay.error
      ? { text: `✕ ${overlay.error}`, tone: 'error' }
      : overlay.facts
        ? { text: `${overlay.facts.id.slice(0, 12)} · Enter on a volume or network goes to its row`, tone: 'muted' }
        : { text: 'reading the container…', tone: 'muted' },
    lines: overlay.facts ? describeLines(overlay.facts, ctx, overlay.secrets === true) : [],
  }),
  footer: ['go-to', 'show-secrets', 'close'],
  draws: 'item-lines',
});
