/**
 * Every action on a thing, gathered from the modules that declare them: the dialogs', the views'
 * and the plain commands'. The key reducer runs the one declared for the kind of the selected
 * row's target (or the pane's list, or berth itself for a global action).
 */
import { dialogs } from '../dialogs/index.ts';
import { views } from '../views/index.ts';
import { commandActions } from './commands.ts';
import { gather, type TargetActions } from './target-actions.ts';

export const targetActions: TargetActions = gather([...dialogs.map((d) => d.actions ?? {}), ...views.map((v) => v.actions ?? {}), commandActions]);
