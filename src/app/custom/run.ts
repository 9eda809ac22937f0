/**
 * What a custom action does when its key is pressed (or the palette runs it): its template
 * expanded for the selected row — a container of its pane (with its label, when it names one) or
 * an image — and the exec dialog opened on it, which asks first when the action says `confirm`,
 * then runs it on the host or in the container and shows its output and exit code.
 */
import { notify, type Reduced } from '../commands.ts';
import type { UiContext } from '../context.ts';
import { exec } from '../dialogs/exec.ts';
import { openDialog } from '../dialogs/open.ts';
import { sanitizeLine } from '../format/index.ts';
import { paneEntry } from '../panes/index.ts';
import { selectedRow } from '../panes/pane.ts';
import type { Target } from '../targets.ts';
import type { AppState } from '../types.ts';
import { customActionId, type CustomAction, type CustomPane, type CustomSettings } from './config.ts';
import { expandTemplate, type TemplateValues } from './template.ts';
import { DEFAULT_DEBUG_IMAGE } from '../../state/actions/debug-shell.ts';

/** A custom action as the command palette lists it: its name, key, what it is for, and running it on the selected row. */
export interface ListedAction {
  name: string;
  key?: string;
  /** Its pane, and the label a container needs. */
  scope: { pane: CustomPane; label?: string };
  run(state: AppState, ctx: UiContext): Reduced;
}

export function isCustomActionId(action: string): action is `custom:${string}` {
  return action.startsWith('custom:');
}

/** The user's custom actions, for the palette. */
export function customActions(settings: CustomSettings | undefined): ListedAction[] {
  return (settings?.actions ?? []).map((action) => ({
    name: action.name,
    ...(action.key !== undefined && { key: action.key }),
    scope: { pane: action.pane, ...(action.label && { label: action.label.value === undefined ? action.label.key : `${action.label.key}=${action.label.value}` }) },
    run: (state, ctx) => runCustom(state, ctx, action),
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

function runCustom(state: AppState, ctx: UiContext, action: CustomAction): Reduced {
  const target = state.pane === action.pane ? selectedTarget(state, ctx) : undefined;
  const engine = ctx.engine.connection.context ?? ctx.engine.connection.endpoint;
  let values: TemplateValues;
  let name: string;
  let id: string;
  if (target?.kind === 'container' && action.pane === 'containers') {
    const item = ctx.engine.containers.items.find((c) => c.Id === target.id);
    const labels = item?.Labels ?? {};
    if (action.label && (labels[action.label.key] === undefined || (action.label.value !== undefined && labels[action.label.key] !== action.label.value))) {
      const wanted = action.label.value === undefined ? action.label.key : `${action.label.key}=${action.label.value}`;
      return notify(state, `${action.name} is for containers labelled ${wanted}; ${target.shown} is not`, 'error');
    }
    if (action.where === 'container' && target.state !== 'running') return notify(state, `${action.name} runs in the container, and ${target.shown} is not running`, 'error');
    values = { id: target.id, name: target.name, image: item?.Image ?? '', engine, labels };
    name = target.shown;
    id = target.id;
  } else if (target?.kind === 'image' && action.pane === 'images') {
    values = { id: target.imageId, name: target.tag, image: target.tag, engine, labels: {} };
    name = target.tag;
    id = target.imageId;
  } else {
    return notify(state, `${action.name} acts on the selected row of ${action.pane === 'containers' ? 'Containers' : 'Images'}: select one there first`, 'error');
  }
  const argv = expandTemplate(action.template, values);
  return openDialog(state, ctx, exec, {
    type: 'exec',
    containerId: id,
    name: sanitizeLine(name),
    image: values.image,
    history: [],
    debugImage: ctx.custom?.debugImage ?? DEFAULT_DEBUG_IMAGE,
    custom: { name: action.name, argv, where: action.where, confirm: action.confirm },
  });
}
