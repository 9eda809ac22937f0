/**
 * Small steps the key reducer and the action table build on: opening views and dialogs over the
 * panes, and folding a dialog machine's outcome (close, notify, select…) into the app state.
 */
import { notify, reduced, type Command, type Reduced } from '../../state/app/commands.ts';
import { closeOverlay, nextSerial, openOverlay, pushOverlay, replaceOverlay, select, toggleAll } from '../../state/app/navigation.ts';
import type { AppState, DialogOverlay, Overlay } from '../../state/app/types.ts';
import { openDialog, type DialogRequest, type DialogState } from '../../state/dialogs/dialog.ts';
import type { DialogContext, Outcome } from '../../state/dialogs/machine.ts';
import { parseImageReference } from '../../engine/reference.ts';
import { repoTags, sanitizeLine } from '../format/index.ts';
import { bodyHeight } from '../layout.ts';
import { imageRowKey } from '../rows/image-rows.ts';
import type { UiContext } from './ui-context.ts';

/**
 * The Images pane's row for an image just made under `reference`. The engine lists a tag in its
 * familiar form ("docker.io/library/app" becomes "app"), so that is the form to look for.
 */
export function committedRowKey(ctx: Pick<UiContext, 'engine'>, imageId: string, reference: string): string {
  const parsed = parseImageReference(reference);
  const familiar = parsed.ok ? parsed.ref.familiar : reference;
  const image = ctx.engine.images.items.find((i) => i.Id === imageId);
  const tags = image ? repoTags(image.RepoTags ?? undefined, image.RepoDigests ?? undefined) : [];
  const tag = tags.find((t) => t === sanitizeLine(familiar)) ?? tags[0] ?? sanitizeLine(familiar);
  return imageRowKey(imageId, tag);
}

export function dialogContext(state: AppState, ctx: UiContext, overlay: number): DialogContext {
  return {
    overlay,
    engine: ctx.engine,
    bodyHeight: bodyHeight(state.terminal, ctx.engine),
    imageRowKey: (imageId, reference) => committedRowKey(ctx, imageId, reference),
  };
}

/** Closes an overlay and lets go of whatever runs for it. */
export function close(state: AppState, id: number, ...commands: Command[]): Reduced {
  return reduced(closeOverlay(state, id), ...commands, { type: 'release', overlay: id });
}

/** Opens a view over the panes, with the command that fills it. */
export function openView<O extends Overlay>(state: AppState, make: (id: number) => O, start?: (overlay: O) => Command): Reduced {
  const [next, overlay] = openOverlay(state, make);
  return start ? reduced(next, start(overlay)) : reduced(next);
}

/** What a dialog machine's outcome means for the app: its new state, and closing, selecting, notifying. */
export function applyOutcome(state: AppState, overlay: DialogOverlay, outcome: Outcome<DialogState>): Reduced {
  const commands: Command[] = [...(outcome.commands ?? [])];
  let next = outcome.close ? closeOverlay(state, overlay.id) : replaceOverlay(state, outcome.state === overlay.dialog ? overlay : { ...overlay, dialog: outcome.state });
  if (outcome.close) commands.push({ type: 'release', overlay: overlay.id });
  if (outcome.showAll && !next.showAll) next = toggleAll(next);
  if (outcome.select) next = select(next, outcome.select.pane, outcome.select.id);
  if (outcome.notify) return notify(next, outcome.notify.text, outcome.notify.tone, ...commands);
  return { state: next, commands };
}

/** Opens a dialog on top: its state is in the store at once, so keys typed next go into it. */
export function openDialogOver(state: AppState, request: DialogRequest, ctx: UiContext): Reduced {
  const [numbered, id] = nextSerial(state);
  const outcome = openDialog(request, dialogContext(numbered, ctx, id));
  const overlay: DialogOverlay = { kind: 'dialog', id, dialog: outcome.state };
  return applyOutcome(pushOverlay(numbered, overlay), overlay, outcome);
}
