/** Rename (`N`) a container: the new name, starting from the current one, checked as the engine checks names. */
import { checkContainerName, type Checked } from '../../state/validation.ts';
import { sanitizeLine, shortId } from '../format/index.ts';
import { openDialog } from './open.ts';
import { definePrompt, type Prompt } from './prompt.ts';

export interface RenameRequest {
  type: 'rename';
  containerId: string;
  name: string;
}

export function checkNewName(input: string): Checked<string> {
  const checked = checkContainerName(input.trim());
  if (!checked.ok) return checked;
  return checked.value === undefined ? { ok: false, message: 'type the new name' } : { ok: true, value: checked.value };
}

export const rename: Prompt<RenameRequest> = definePrompt<RenameRequest>({
  id: 'rename',
  changesEngine: true,
  actions: { rename: { container: (state, ctx, c) => openDialog(state, ctx, rename, { type: 'rename', containerId: c.id, name: c.name }) } },
  // As a person edits a name: from the current one.
  start: (request) => request.name,
  check: (_request, input) => checkNewName(input),
  words(state) {
    const label = `${sanitizeLine(state.name) || shortId(state.containerId)} (${shortId(state.containerId)})`;
    return { title: `Rename ${label}`, doing: `renaming ${label}`, enter: 'rename', field: 'new name' };
  },
  command: (state, newName, overlay) => ({ type: 'container-rename', overlay, containerId: state.containerId, name: state.name, newName }),
});
