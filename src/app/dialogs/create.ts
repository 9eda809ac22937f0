/**
 * Create (`c`) a volume, or a bridge network: its name, checked as the engine checks names (a
 * volume's may stay empty: the engine names it).
 */
import { checkContainerName, type Checked } from '../../state/validation.ts';
import { openDialog } from './open.ts';
import { definePrompt, type Prompt } from './prompt.ts';

export interface CreateRequest {
  type: 'create';
  what: 'volume' | 'network';
}

/** A new volume's or network's name: the engine's name rule (as containers'), or empty for a volume. */
export function checkResourceName(what: 'volume' | 'network', input: string): Checked<string> {
  const text = input.trim();
  if (text === '' && what === 'volume') return { ok: true, value: '' };
  if (text === '') return { ok: false, message: 'a network needs a name' };
  const checked = checkContainerName(text);
  return checked.ok ? { ok: true, value: text } : checked;
}

export const create: Prompt<CreateRequest> = definePrompt<CreateRequest>({
  id: 'create',
  changesEngine: true,
  actions: {
    create: {
      list: (state, ctx, list) => (list.of === 'volume' || list.of === 'network' ? openDialog(state, ctx, create, { type: 'create', what: list.of }) : { state, commands: [] }),
    },
  },
  start: () => '',
  check: (request, input) => checkResourceName(request.what, input),
  words: (state) =>
    state.what === 'volume'
      ? { title: 'Create a volume', doing: 'creating the volume', enter: 'create', field: 'name', placeholder: 'empty: the engine picks a name' }
      : { title: 'Create a network (bridge)', doing: 'creating the network', enter: 'create', field: 'name', placeholder: 'e.g. backend' },
  command: (state, name, overlay) => (state.what === 'volume' ? { type: 'volume-create', overlay, name } : { type: 'network-create', overlay, name }),
});
