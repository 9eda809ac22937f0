/**
 * The tab line's words: each pane's focus key (the keymap's `pane-<id>` binding, so a rebound
 * key shows) and its title, the focused pane's summary after them. The tabs draw these
 * (ui/widgets/tabs.tsx) and a click finds its tab in them (keys/clicks.ts), so both read the same
 * cells.
 *
 * Neither the names nor the summary is cut while the other has room to give (issue 48: at 120
 * columns every name but the focused one gave way to "running: 3"). Step by step, until the
 * summary fits whole:
 *   1. every name, two cells apart (a wide terminal);
 *   2. every name, one cell apart (ten names take 106 cells: 120 columns hold them and a short summary);
 *   3. the names farthest from the focused tab give way to their key, one at a time: a long
 *      summary (a filter the user typed, `[stale]`) stays whole, and the names near the cursor stay;
 *   4. only the focused tab named, the summary cut to what is left (a narrow terminal).
 */
import { displayWidth, sanitizeLine, truncate } from './format/index.ts';
import type { Keymap } from './keys/keymap.ts';
import { panes } from './panes/index.ts';

export interface TabLabel {
  id: string;
  label: string;
  /** The key that focuses it ('' when none is bound). */
  key: string;
  /** The cells it takes as drawn: the label and the space around it. */
  text: string;
}

export interface TabLine {
  tabs: TabLabel[];
  /** The summary as drawn after the tabs: sanitised (it holds a filter typed, names from the engine), cut only at step 4. */
  summary: string;
}

/** Cells between the last tab and the summary. */
const SUMMARY_GAP = 2;

interface Tab {
  id: string;
  key: string;
  title: string;
}

const named = (t: Tab) => (t.key ? `${t.key} ${t.title}` : t.title);
const bare = (t: Tab) => t.key || t.title;

/** The tabs drawn with `labels`: the focused one has a space on both sides (it is drawn inverse), the others a space before (and after, when `roomy`). */
function drawn(tabs: readonly Tab[], labels: readonly string[], active: string, roomy: boolean): TabLabel[] {
  return tabs.map((t, i) => {
    const label = labels[i] ?? bare(t);
    return { id: t.id, key: t.key, label, text: roomy || t.id === active ? ` ${label} ` : ` ${label}` };
  });
}

const cells = (tabs: readonly TabLabel[]) => tabs.reduce((n, t) => n + displayWidth(t.text), 0);

export function tabLine(keymap: Keymap, active: string, text: string, width: number): TabLine {
  // Drawn as measured: sanitising also takes Indic conjuncts apart (format/conjunct-forms.ts).
  const summary = sanitizeLine(text);
  const tabs: Tab[] = panes.map((p) => ({ id: p.id, key: keymap.shortLabel(`pane-${p.id}`), title: p.title }));
  const need = displayWidth(summary);
  const fits = (line: readonly TabLabel[]) => cells(line) + SUMMARY_GAP + need <= width;
  const labels = tabs.map(named);
  for (const roomy of [true, false]) {
    const line = drawn(tabs, labels, active, roomy);
    if (fits(line)) return { tabs: line, summary };
  }
  // The names farthest from the focused tab go first (on a tie, the one on the right).
  const at = Math.max(tabs.findIndex((t) => t.id === active), 0);
  const order = tabs
    .map((t, i) => ({ i, distance: Math.abs(i - at), named: t.id !== active && named(t) !== bare(t) }))
    .filter((t) => t.named)
    .sort((a, b) => b.distance - a.distance || b.i - a.i);
  for (const { i } of order) {
    labels[i] = bare(tabs[i] as Tab);
    const line = drawn(tabs, labels, active, false);
    if (fits(line)) return { tabs: line, summary };
  }
  const line = drawn(tabs, labels, active, false);
  return { tabs: line, summary: truncate(summary, Math.max(width - cells(line) - SUMMARY_GAP, 0)) };
}

/** The tabs alone (where a click lands). */
export function tabLabels(keymap: Keymap, active: string, summary: string, width: number): TabLabel[] {
  return tabLine(keymap, active, summary, width).tabs;
}
