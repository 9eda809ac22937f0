/**
 * A protected engine's question (config.json "engines": "protected"): before a change on it, its
 * name is typed, as GitHub asks for a repository's name before deleting it. Enter with the name
 * goes on with the action (the runner hands it back to the reducer: app/fleet/access.ts), with
 * anything else says what to type; Esc gives up.
 */
import type { Checked } from '../../state/validation.ts';
import type { Reduced } from '../commands.ts';
import type { UiContext } from '../context.ts';
import { sanitizeLine } from '../format/index.ts';
import type { ActionId } from '../keys/keymap.ts';
import type { AppState } from '../types.ts';
import { openDialog } from './open.ts';
import { definePrompt, type Prompt } from './prompt.ts';

export interface EngineNameRequest {
  type: 'engine-name';
  /** The protected engine's short name: what is to be typed. */
  engine: string;
  /** What was asked of it, done once the name is typed. */
  action: ActionId;
  /** The engines whose names were typed already for this action (a marked set on several). */
  confirmed: readonly string[];
}

export const engineName: Prompt<EngineNameRequest> = definePrompt<EngineNameRequest>({
  id: 'engine-name',
  changesEngine: false, // it only asks
  actions: {},
  start: () => '',
  check: (request, input): Checked<string> => (input.trim() === request.engine ? { ok: true, value: request.engine } : { ok: false, message: `type ${sanitizeLine(request.engine)} to go on (Esc: do nothing)` }),
  words(state) {
    const name = sanitizeLine(state.engine);
    return {
      title: `${name} is protected`,
      doing: `${state.action} on ${name}`,
      enter: state.action,
      field: 'engine name',
      placeholder: name,
      note: { tone: 'warning', text: `${name} is protected (config.json "engines"): type its name to ${state.action} there.` },
    };
  },
  command: (state, _value, overlay) => ({ type: 'engine-confirm', overlay, action: state.action, confirmed: [...state.confirmed, state.engine] }),
});

/** Asks for the protected engine's name before `action` (app/fleet/access.ts). */
export function askEngineName(state: AppState, ctx: UiContext, request: Omit<EngineNameRequest, 'type'>): Reduced {
  return openDialog(state, ctx, engineName, { type: 'engine-name', ...request });
}
