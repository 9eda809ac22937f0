/**
 * The split panel (`|`): beside or under a pane's list, following its selected row. What it
 * follows is worked out here, as demands (the runtime hands them to the sources): the selected
 * container's logs, its live figures or its inspect; with rows marked or on a Compose project's
 * row, the merged logs of their containers. Nothing is demanded while the panel is off, while a
 * view or dialog covers the pane, or on a pane whose rows are not containers, so it costs the
 * engine nothing then. (`describe`, a container's summary, is another view's: when it lands it is
 * one more of PANEL_SHOWS.)
 */
import type { PanelDemand } from '../../state/live-source.ts';
import type { Demands } from '../../state/sources.ts';
import { notify, type Reduced } from '../commands.ts';
import type { UiContext } from '../context.ts';
import { onShownEngine } from '../fleet/fleet-rows.ts';
import { marksOf } from '../marks.ts';
import { markedTargets, selectedRow, type Pane } from '../panes/pane.ts';
import type { Target } from '../targets.ts';
import { workspaceOf, type AppState, type PanelShows, type Workspace } from '../types.ts';
import { PANEL_MAX, PANEL_MIN, PANEL_PLACES, PANEL_SHOWS, PANEL_STEP } from './config.ts';

/** What the panel is following now: a container, a set of them (merged logs), or nothing it can show. */
export type PanelSubject = { kind: 'one'; id: string; name: string } | { kind: 'set'; title: string; ids: readonly string[]; names: readonly string[] } | { kind: 'none'; why: string };

/** Whether the panel is drawn now: on, over a pane (no view or dialog on top). */
export function panelShown(state: AppState): boolean {
  return workspaceOf(state).panel !== 'off' && state.overlays.length === 0;
}

function one(target: Target | undefined, ctx: UiContext): PanelSubject | undefined {
  if (target?.kind !== 'container' || !onShownEngine(ctx, target)) return undefined;
  return { kind: 'one', id: target.id, name: target.name };
}

/** The selected row's (or the marked rows') containers, as the panel follows them. */
export function panelSubject(state: AppState, ctx: UiContext, pane: Pane): PanelSubject {
  if (pane.shows !== 'container') return { kind: 'none', why: `the panel follows containers: ${pane.title} has none` };
  const marks = marksOf(state, pane.id);
  const row = selectedRow(pane, state, ctx);
  const target = row === undefined ? undefined : pane.target?.(row, state, ctx);
  if (marks.length > 0 && workspaceOf(state).shows === 'logs') {
    const items = (markedTargets(pane, state, ctx, marks) ?? []).flatMap((item) => (item.target.kind === 'container' && onShownEngine(ctx, item.target) ? [item.target] : []));
    if (items.length > 0) return { kind: 'set', title: `${items.length} marked`, ids: items.map((c) => c.id), names: items.map((c) => c.name) };
  }
  if (target?.kind === 'project') {
    const members = target.members.filter((m) => onShownEngine(ctx, m));
    if (workspaceOf(state).shows === 'logs' && members.length > 0) return { kind: 'set', title: `project ${target.project}`, ids: members.map((m) => m.id), names: members.map((m) => m.service || m.name) };
    return { kind: 'none', why: `project ${target.project}: its logs show here (${ctx.keymap.label('panel-shows')}); a container’s row shows more` };
  }
  return one(target, ctx) ?? { kind: 'none', why: row === undefined ? 'no container selected' : 'a container on another engine of the fleet: select one of the engine shown' };
}

/** What the panel keeps live now (merged into the screen's demands by the runtime). */
export function panelDemands(state: AppState, ctx: UiContext, pane: Pane): Demands {
  if (!panelShown(state)) return {};
  const subject = panelSubject(state, ctx, pane);
  const shows = workspaceOf(state).shows;
  if (subject.kind === 'none') return {};
  if (shows === 'stats') return subject.kind === 'one' ? { stats: [subject.id] } : {};
  const panel: PanelDemand | undefined =
    shows === 'logs'
      ? { follow: 'logs', ids: subject.kind === 'one' ? [subject.id] : subject.ids, names: subject.kind === 'one' ? [subject.name] : subject.names }
      : subject.kind === 'one'
        ? { follow: 'inspect', id: subject.id }
        : undefined;
  return panel ? { panel } : {};
}

const next = <T>(list: readonly T[], current: T): T => list[(list.indexOf(current) + 1) % list.length] ?? current;

function withWorkspace(state: AppState, patch: Partial<Workspace>): AppState {
  return { ...state, workspace: { ...workspaceOf(state), ...patch } };
}

/** How a notice says what the panel shows. */
function showsWords(shows: PanelShows): string {
  return shows === 'logs' ? 'logs (followed)' : shows === 'stats' ? 'live figures' : 'inspect';
}

export function cyclePanelPlace(state: AppState): Reduced {
  const panel = next(PANEL_PLACES, workspaceOf(state).panel);
  const said = panel === 'off' ? 'split panel off' : `split panel ${panel === 'beside' ? 'beside' : 'under'} the list: ${showsWords(workspaceOf(state).shows)} of the selected container`;
  return notify(withWorkspace(state, { panel }), said);
}

export function cyclePanelShows(state: AppState): Reduced {
  const shows = next(PANEL_SHOWS, workspaceOf(state).shows);
  return notify(withWorkspace(state, { shows }), `the split panel shows ${showsWords(shows)}${workspaceOf(state).panel === 'off' ? ' (it is off: | shows it)' : ''}`);
}

export function resizePanel(state: AppState, by: number): Reduced {
  const was = workspaceOf(state).size;
  const size = Math.min(Math.max(was + by * PANEL_STEP, PANEL_MIN), PANEL_MAX);
  const edge = size === was ? (by > 0 ? ' (its largest)' : ' (its smallest)') : '';
  return notify(withWorkspace(state, { size }), `split panel ${size}% of the screen${edge}`);
}
