/**
 * The tab line's words: each pane's focus key (the keymap's `pane-<id>` binding, so a rebound
 * key shows) and its title, each drawn as ` label `, the focused pane's summary after them. When
 * the names and the summary do not both fit, the other panes show only their key: the summary
 * (counts, the filter, `[stale]`) says more than names a person knows by their number. The tabs
 * draw these (ui/widgets/tabs.tsx) and a click finds its tab in them (keys/clicks.ts).
 */
import type { Keymap } from './keys/keymap.ts';
import { panes } from './panes/index.ts';

export interface TabLabel {
  id: string;
  label: string;
  /** The key that focuses it ('' when none is bound). */
  key: string;
}

export function tabLabels(keymap: Keymap, active: string, summary: string, width: number): TabLabel[] {
  const tabs = panes.map((p) => ({ id: p.id, key: keymap.shortLabel(`pane-${p.id}`), title: p.title }));
  const named = (t: { key: string; title: string }) => (t.key ? `${t.key} ${t.title}` : t.title);
  const full = tabs.reduce((n, t) => n + named(t).length + 2, 0);
  const compact = width - full - 2 < summary.length;
  return tabs.map((t) => ({ id: t.id, key: t.key, label: compact && t.id !== active ? t.key || t.title : named(t) }));
}
