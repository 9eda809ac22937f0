/**
 * What a custom action does when its key is pressed (or the palette runs it): its template
 * expanded for the selected row — a container (with its label, when the action names one) or an
 * image — and handed to the dialog that runs custom actions (the one that declares
 * `runsCustomAction`: it asks first when the action says `confirm`, then runs it on the host or
 * in the container and shows its output and exit code).
 */
import { notify, type Reduced } from '../commands.ts';
import type { PaletteExtra, UiContext } from '../context.ts';
import { prettyKey } from '../keys/key-label.ts';
import { dialogs } from '../dialogs/index.ts';
import { sanitizeLine } from '../format/index.ts';
import { paneEntry } from '../panes/index.ts';
import { selectedRow } from '../panes/pane.ts';
import type { Target } from '../targets.ts';
import type { AppState } from '../types.ts';
import { customActionId, paneOf } from './config.ts';
import type { CustomAction, CustomKind, CustomRun, CustomSettings } from './types.ts';
import { expandTemplate, type TemplateValues } from './template.ts';

/** A custom action as the command palette lists it: its name, key, what it is for, and running it on the selected row. */
export interface ListedAction {
  name: string;
  key?: string;
  /** The pane whose selected row it acts on, and the label a container needs. */
  scope: { pane: string; kind: CustomKind; label?: string };
  run(state: AppState, ctx: UiContext): Reduced;
}

export function isCustomActionId(action: string): action is `custom:${string}` {
  return action.startsWith('custom:');
}

function labelText(label: NonNullable<CustomAction['label']>): string {
  return label.value === undefined ? label.key : `${label.key}=${label.value}`;
}

/** The user's custom actions, for the palette. */
export function customActions(settings: CustomSettings | undefined): ListedAction[] {
  return (settings?.actions ?? []).map((action) => ({
    name: action.name,
    ...(action.key !== undefined && { key: action.key }),
    scope: { pane: paneOf(action.kind), kind: action.kind, ...(action.label && { label: labelText(action.label) }) },
    run: (state, ctx) => runCustom(state, ctx, action),
  }));
}

/** The user's custom actions as the palette lists them (`:`), each with its key and where it acts. */
export function paletteExtras(settings: CustomSettings | undefined): PaletteExtra[] {
  return customActions(settings).map((action) => ({
    id: `custom:${action.name}`,
    name: action.name,
    description: `your action, on the ${action.scope.pane} pane's row${action.scope.label === undefined ? '' : ` (containers labelled ${action.scope.label})`}`,
    ...(action.key !== undefined && { keyLabel: prettyKey(action.key) }),
    run: action.run,
  }));
}

/** The custom action a keymap action names, run on the pane's selected row; undefined when there is none of that name. */
export function customActionKey(state: AppState, ctx: UiContext, action: string): Reduced | undefined {
  const custom = ctx.custom?.actions.find((a) => customActionId(a.name) === action);
  return custom ? runCustom(state, ctx, custom) : undefined;
}

function selectedTarget(state: AppState, ctx: UiContext): Target | undefined {
  const pane = paneEntry(state.pane);
  const row = selectedRow(pane, state, ctx);
  return row === undefined ? undefined : pane.target?.(row, state, ctx);
}

/** The action expanded for the selected row, or why it cannot run there. */
export function expandFor(state: AppState, ctx: UiContext, action: CustomAction): CustomRun | string {
  const pane = paneEntry(state.pane);
  const target = pane.id === paneOf(action.kind) ? selectedTarget(state, ctx) : undefined;
  const engine = ctx.engine.connection.context ?? ctx.engine.connection.endpoint;
  const base = { name: action.name, where: action.where, confirm: action.confirm, terminal: action.terminal };
  if (target?.kind === 'container' && action.kind === 'container') {
    const item = ctx.engine.containers.items.find((c) => c.Id === target.id);
    const labels = item?.Labels ?? {};
    const label = action.label;
    if (label && (labels[label.key] === undefined || (label.value !== undefined && labels[label.key] !== label.value))) {
      return `${action.name} is for containers labelled ${labelText(label)}; ${target.shown} is not`;
    }
    if (action.where === 'container' && target.state !== 'running') return `${action.name} runs in the container, and ${target.shown} is not running`;
    const values: TemplateValues = { id: target.id, name: target.name, image: item?.Image ?? '', engine, labels };
    return { ...base, argv: expandTemplate(action.template, values), id: target.id, shown: sanitizeLine(target.shown), image: values.image };
  }
  if (target?.kind === 'image' && action.kind === 'image') {
    const values: TemplateValues = { id: target.imageId, name: target.tag, image: target.tag, engine, labels: {} };
    return { ...base, argv: expandTemplate(action.template, values), id: target.imageId, shown: sanitizeLine(target.tag), image: target.tag };
  }
  const owner = paneEntry(paneOf(action.kind));
  return `${action.name} acts on the selected row of ${owner.title}: select one there first`;
}

function runCustom(state: AppState, ctx: UiContext, action: CustomAction): Reduced {
  const run = expandFor(state, ctx, action);
  if (typeof run === 'string') return notify(state, run, 'error');
  const runner = dialogs.find((d) => d.runsCustomAction)?.runsCustomAction;
  return runner ? runner(state, ctx, run) : notify(state, `${action.name}: nothing here runs custom actions`, 'error');
}
