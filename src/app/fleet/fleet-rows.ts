/**
 * What a pane that merges a fleet's engines (Containers, Images) needs beyond its one-engine
 * self: whether a fleet is shown, the ENGINE column (only then), and its rows' keys by (engine,
 * id), so two engines' things with the same id stay two rows, two marks, two selections.
 */
import type { FleetMember } from '../../state/fleet/fleet.ts';
import { rowKey } from '../../state/sources.ts';
import type { UiContext } from '../context.ts';
import type { Column } from '../table.ts';

/** The fleet's engines, first one first; none outside a fleet. */
export function fleetMembers(ctx: Pick<UiContext, 'fleet'>): readonly FleetMember[] {
  return ctx.fleet?.members ?? [];
}

/** The short name of the engine shown (the first of a fleet). */
export function primaryName(ctx: Pick<UiContext, 'fleet' | 'engine'>): string {
  return fleetMembers(ctx)[0]?.name ?? ctx.engine.connection.endpoint;
}

/** Whether a row is the engine shown's: its live figures and exact times come from that engine's sources. */
export function onShownEngine(ctx: Pick<UiContext, 'fleet' | 'engine'>, row: { engine?: string }): boolean {
  return row.engine === undefined || !inFleet(ctx) || row.engine === primaryName(ctx);
}

export function inFleet(ctx: Pick<UiContext, 'fleet'>): boolean {
  return fleetMembers(ctx).length > 1;
}

/** A row's key: its engine's short name in a fleet, else the engine's endpoint, and its id. */
export function fleetRowKey(ctx: Pick<UiContext, 'engine'>, engine: string | undefined, id: string): string {
  return rowKey(engine ?? ctx.engine.connection.endpoint, id);
}

const ENGINE_COLUMN = { key: 'engine', title: 'ENGINE', min: 6, max: 16, priority: 1 } as const;

/** The pane's columns, with ENGINE first in a fleet. */
export function withEngineColumn<K extends string>(columns: readonly Column<K>[], ctx: Pick<UiContext, 'fleet'>): readonly Column<K | 'engine'>[] {
  if (!inFleet(ctx)) return columns;
  let kept = withColumn.get(columns);
  if (!kept) {
    kept = [ENGINE_COLUMN, ...columns];
    withColumn.set(columns, kept);
  }
  return kept as readonly Column<K | 'engine'>[];
}

// The same array while the pane's columns are the same: the table measures columns again only when they change.
const withColumn = new WeakMap<readonly Column<string>[], readonly Column<string>[]>();
