/**
 * `workspace` in config.json, checked: where the split panel stands, what it shows, its size,
 * and each pane's chosen columns. berth writes it itself whenever the arrangement changes
 * (main/kept-settings.ts), so a file edited by hand is read with the same rules: anything it
 * cannot use stops the start with the problem named, as every other setting does.
 */
import { defaultWorkspace, type PanelPlace, type PanelShows, type Workspace } from '../types.ts';

export const PANEL_PLACES: readonly PanelPlace[] = ['off', 'beside', 'under'];
export const PANEL_SHOWS: readonly PanelShows[] = ['logs', 'stats', 'inspect'];
/** The panel's share of the body, in percent: what `+` and `-` move between. */
export const PANEL_MIN = 20;
export const PANEL_MAX = 80;
export const PANEL_STEP = 10;

const KNOWN = ['panel', 'shows', 'size', 'columns', 'sorts'];

/** The workspace config.json holds, or what is wrong with it in one line. */
export function parseWorkspace(raw: unknown): Workspace | string {
  if (raw === undefined) return defaultWorkspace;
  if (typeof raw !== 'object' || raw === null || Array.isArray(raw)) return '"workspace" must be an object like {"panel": "beside", "shows": "logs", "size": 40}';
  const value = raw as Record<string, unknown>;
  const unknown = Object.keys(value).filter((k) => !KNOWN.includes(k));
  if (unknown.length > 0) return `unknown setting "workspace.${unknown[0]}" (berth knows ${KNOWN.map((k) => `"${k}"`).join(', ')})`;
  const { panel = defaultWorkspace.panel, shows = defaultWorkspace.shows, size = defaultWorkspace.size, columns = {}, sorts = {} } = value;
  if (!PANEL_PLACES.includes(panel as PanelPlace)) return `"workspace.panel" must be one of ${PANEL_PLACES.map((p) => `"${p}"`).join(', ')}`;
  if (!PANEL_SHOWS.includes(shows as PanelShows)) return `"workspace.shows" must be one of ${PANEL_SHOWS.map((p) => `"${p}"`).join(', ')}`;
  if (typeof size !== 'number' || !Number.isInteger(size) || size < PANEL_MIN || size > PANEL_MAX) return `"workspace.size" must be a whole number from ${PANEL_MIN} to ${PANEL_MAX} (percent of the screen)`;
  if (typeof columns !== 'object' || columns === null || Array.isArray(columns)) return '"workspace.columns" must be an object of pane ids to lists of column keys';
  const chosen: Record<string, readonly string[]> = {};
  for (const [pane, keys] of Object.entries(columns)) {
    if (!Array.isArray(keys) || keys.length === 0 || !keys.every((k) => typeof k === 'string' && k !== '')) return `"workspace.columns.${pane}" must be a non-empty list of column keys`;
    chosen[pane] = [...new Set(keys as string[])];
  }
  if (typeof sorts !== 'object' || sorts === null || Array.isArray(sorts)) return '"workspace.sorts" must be an object of pane ids to {"by": column, "reversed": true|false}';
  const orders: Record<string, { by: string; reversed?: boolean }> = {};
  for (const [pane, order] of Object.entries(sorts as Record<string, unknown>)) {
    const { by, reversed } = (typeof order === 'object' && order !== null ? order : {}) as { by?: unknown; reversed?: unknown };
    if (typeof by !== 'string' || by === '' || (reversed !== undefined && typeof reversed !== 'boolean')) return `"workspace.sorts.${pane}" must be like {"by": "name", "reversed": true}`;
    orders[pane] = { by, ...(reversed === true && { reversed: true }) };
  }
  return { panel: panel as PanelPlace, shows: shows as PanelShows, size, columns: chosen, ...(Object.keys(orders).length > 0 && { sorts: orders }) };
}
